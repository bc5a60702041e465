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
