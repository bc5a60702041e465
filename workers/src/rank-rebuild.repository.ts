import type { Db } from '@riyazi/db';

/** Every phase in order, or only the one given. */
export const findPhases = (db: Db, phaseId: string | undefined) =>
  db
    .selectFrom('phases')
    .select(['id', 'name'])
    .$if(phaseId !== undefined, (q) => q.where('id', '=', phaseId ?? ''))
    .orderBy('number')
    .execute();

/** Grade titles by id. */
export async function gradeTitles(db: Db): Promise<Map<string, string>> {
  const grades = await db.selectFrom('grades').select(['id', 'title']).execute();
  return new Map(grades.map((g) => [g.id, g.title]));
}
