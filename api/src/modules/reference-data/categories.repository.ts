import { countOf, type Executor, escapeLike, type Trx } from '../../lib/db.js';

export interface CategoryFilter {
  search?: string;
  isActive?: boolean;
}

const COLUMNS = ['id', 'name', 'isActive', 'createdAt'] as const;

function filtered(db: Executor, { search, isActive }: CategoryFilter) {
  let query = db.selectFrom('categories');
  if (search) {
    query = query.where('name', 'ilike', `%${escapeLike(search)}%`);
  }
  if (isActive !== undefined) {
    query = query.where('isActive', '=', isActive);
  }
  return query;
}

export const listCategories = (db: Executor, filter: CategoryFilter, limit: number, offset: number) =>
  filtered(db, filter).select(COLUMNS).orderBy('name').orderBy('id').limit(limit).offset(offset).execute();

export const countCategories = (db: Executor, filter: CategoryFilter) =>
  countOf(filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')));

export const findCategory = (db: Executor, id: string) =>
  db.selectFrom('categories').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

export const lockCategory = (trx: Trx, id: string) =>
  trx.selectFrom('categories').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

/** FOR SHARE: the category cannot be deleted while a sub category is added under it. */
export const shareLockCategory = (trx: Trx, id: string) =>
  trx.selectFrom('categories').select(['id', 'name']).where('id', '=', id).forShare().executeTakeFirst();

export const insertCategory = (trx: Trx, values: { name: string; isActive: boolean }) =>
  trx.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();

export const updateCategory = (trx: Trx, id: string, set: { name?: string; isActive?: boolean }) =>
  trx
    .updateTable('categories')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export const deleteCategory = (trx: Trx, id: string) =>
  trx.deleteFrom('categories').where('id', '=', id).execute();

export async function categoryUsage(db: Executor, id: string) {
  const subCategories = await countOf(
    db
      .selectFrom('subCategories')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('categoryId', '=', id),
  );
  const questions = await countOf(
    db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('categoryId', '=', id),
  );
  const quizzes = await countOf(
    db
      .selectFrom('quizRules')
      .select((eb) => eb.fn.count<string>('quizId').distinct().as('count'))
      .where('categoryId', '=', id),
  );
  return { subCategories, questions, quizzes };
}
