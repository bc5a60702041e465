import type { Executor } from '../../lib/db.js';

/** Active grades in their display order. */
export const listActiveGrades = (db: Executor) =>
  db.selectFrom('grades').select(['id', 'title']).where('isActive', '=', true).orderBy('sortOrder').execute();

/** The first active grade's title, for example rows in upload templates. */
export async function firstActiveGradeTitle(db: Executor): Promise<string | undefined> {
  const grade = await db
    .selectFrom('grades')
    .select('title')
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .executeTakeFirst();
  return grade?.title;
}
