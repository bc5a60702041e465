import type { Db } from '@riyazi/db';

/** Who started a background job (an export or a bulk upload); undefined when there is no such job. */
export async function findJobRequester(db: Db, jobId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('backgroundJobs')
    .select('requestedBy')
    .where('id', '=', jobId)
    .executeTakeFirst();
  return row === undefined ? undefined : row.requestedBy;
}

/** Every phase's and every grade's id: what a board room may name (reference data, a few dozen rows). */
export async function listBoardKeys(db: Db): Promise<{ phaseIds: string[]; gradeIds: string[] }> {
  const [phases, grades] = await Promise.all([
    db.selectFrom('phases').select('id').execute(),
    db.selectFrom('grades').select('id').execute(),
  ]);
  return { phaseIds: phases.map((p) => p.id), gradeIds: grades.map((g) => g.id) };
}
