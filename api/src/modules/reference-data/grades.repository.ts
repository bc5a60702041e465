import { countOf, type Executor, escapeLike, type Trx } from '../../lib/db.js';

export interface GradeFilter {
  search?: string;
  isActive?: boolean;
}

const COLUMNS = ['id', 'title', 'sortOrder', 'isActive', 'createdAt'] as const;

function filtered(db: Executor, { search, isActive }: GradeFilter) {
  let query = db.selectFrom('grades');
  if (search) {
    query = query.where('title', 'ilike', `%${escapeLike(search)}%`);
  }
  if (isActive !== undefined) {
    query = query.where('isActive', '=', isActive);
  }
  return query;
}

export const listGrades = (db: Executor, filter: GradeFilter, limit: number, offset: number) =>
  filtered(db, filter).select(COLUMNS).orderBy('sortOrder').limit(limit).offset(offset).execute();

export const countGrades = (db: Executor, filter: GradeFilter) =>
  countOf(filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')));

export const findGrade = (db: Executor, id: string) =>
  db.selectFrom('grades').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export type GradeRow = NonNullable<Awaited<ReturnType<typeof findGrade>>>;

export const lockGrade = (trx: Trx, id: string) =>
  trx.selectFrom('grades').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export const insertGrade = (trx: Trx, values: { title: string; sortOrder: number; isActive: boolean }) =>
  trx.insertInto('grades').values(values).returning('id').executeTakeFirstOrThrow();

export const updateGrade = (
  trx: Trx,
  id: string,
  set: { title?: string; sortOrder?: number; isActive?: boolean },
) =>
  trx
    .updateTable('grades')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export const deleteGrade = (trx: Trx, id: string) => trx.deleteFrom('grades').where('id', '=', id).execute();

export async function gradeUsage(db: Executor, id: string) {
  const questions = await countOf(
    db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('gradeId', '=', id),
  );
  const quizzes = await countOf(
    db
      .selectFrom('quizGrades')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('gradeId', '=', id),
  );
  const students = await countOf(
    db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('gradeId', '=', id),
  );
  const plays = await countOf(
    db
      .selectFrom('plays')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('gradeId', '=', id),
  );
  return { questions, quizzes, students, plays };
}
