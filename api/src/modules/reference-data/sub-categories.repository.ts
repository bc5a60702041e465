import { countOf, type Executor, escapeLike, type Trx } from '../../lib/db.js';

export interface SubCategoryFilter {
  search?: string;
  isActive?: boolean;
  categoryId?: string;
}

const COLUMNS = [
  'subCategories.id',
  'subCategories.name',
  'subCategories.isActive',
  'subCategories.categoryId',
  'subCategories.createdAt',
  'categories.name as categoryName',
] as const;

function filtered(db: Executor, { search, isActive, categoryId }: SubCategoryFilter) {
  let query = db
    .selectFrom('subCategories')
    .innerJoin('categories', 'categories.id', 'subCategories.categoryId');
  if (search) {
    query = query.where('subCategories.name', 'ilike', `%${escapeLike(search)}%`);
  }
  if (isActive !== undefined) {
    query = query.where('subCategories.isActive', '=', isActive);
  }
  if (categoryId) {
    query = query.where('subCategories.categoryId', '=', categoryId);
  }
  return query;
}

export const listSubCategories = (db: Executor, filter: SubCategoryFilter, limit: number, offset: number) =>
  filtered(db, filter)
    .select(COLUMNS)
    .orderBy('categories.name')
    .orderBy('subCategories.name')
    .orderBy('subCategories.id')
    .limit(limit)
    .offset(offset)
    .execute();

export const countSubCategories = (db: Executor, filter: SubCategoryFilter) =>
  countOf(filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')));

export const findSubCategory = (db: Executor, id: string) =>
  filtered(db, {}).select(COLUMNS).where('subCategories.id', '=', id).executeTakeFirst();

export type SubCategoryRow = NonNullable<Awaited<ReturnType<typeof findSubCategory>>>;

export const lockSubCategory = (trx: Trx, id: string) =>
  filtered(trx, {})
    .select(COLUMNS)
    .where('subCategories.id', '=', id)
    .forUpdate('subCategories')
    .executeTakeFirst();

export const insertSubCategory = (
  trx: Trx,
  values: { name: string; isActive: boolean; categoryId: string },
) => trx.insertInto('subCategories').values(values).returning('id').executeTakeFirstOrThrow();

export const updateSubCategory = (
  trx: Trx,
  id: string,
  set: { name?: string; isActive?: boolean; categoryId?: string },
) =>
  trx
    .updateTable('subCategories')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export const deleteSubCategory = (trx: Trx, id: string) =>
  trx.deleteFrom('subCategories').where('id', '=', id).execute();

export const countSubCategoryQuestions = (db: Executor, id: string) =>
  countOf(
    db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('subCategoryId', '=', id),
  );

export const countSubCategoryQuizzes = (db: Executor, id: string) =>
  countOf(
    db
      .selectFrom('quizRules')
      .select((eb) => eb.fn.count<string>('quizId').distinct().as('count'))
      .where('subCategoryId', '=', id),
  );
