import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import { EXPORT_TTL_HOURS } from '../../contracts/student-export.js';
import type { Executor, Trx } from '../../lib/db.js';

const KIND = 'STUDENT_EXPORT' as const;

/** Serialises one admin's export requests, so the running-exports limit holds under concurrency. */
export async function lockRequester(trx: Trx, staffId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`student-export:${staffId}`}))`.execute(trx);
}

export async function countActiveExports(db: Executor, staffId: string): Promise<number> {
  const row = await db
    .selectFrom('backgroundJobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', KIND)
    .where('requestedBy', '=', staffId)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertExportJob(db: Executor, staffId: string, filters: Record<string, string>) {
  const row = await db
    .insertInto('backgroundJobs')
    .values({
      kind: KIND,
      requestedBy: staffId,
      params: JSON.stringify(filters),
      expiresAt: sql<Date>`now() + make_interval(hours => ${EXPORT_TTL_HOURS})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const jobColumns = [
  'j.id',
  'j.status',
  'j.progress',
  'j.totalRows',
  'j.processedRows',
  'j.params',
  'j.result',
  'j.error',
  'j.filePath',
  'j.createdAt',
  'j.finishedAt',
  'j.expiresAt',
  'j.requestedBy',
  's.username',
  's.email',
] as const;

function jobsQuery(db: Executor) {
  return db
    .selectFrom('backgroundJobs as j')
    .leftJoin('staffUsers as s', 's.id', 'j.requestedBy')
    .select(jobColumns)
    .where('j.kind', '=', KIND);
}

export type ExportJobRow = Awaited<ReturnType<typeof findExportJob>> & {};

export function findExportJob(db: Executor, id: string) {
  return jobsQuery(db).where('j.id', '=', id).executeTakeFirst();
}

/** One page of exports, newest first; `staffId` null means everyone's (Super Admin). */
export async function listExportJobs(db: Executor, staffId: string | null, limit: number, offset: number) {
  let page = jobsQuery(db);
  let count = db
    .selectFrom('backgroundJobs as j')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('j.kind', '=', KIND);
  if (staffId !== null) {
    page = page.where('j.requestedBy', '=', staffId);
    count = count.where('j.requestedBy', '=', staffId);
  }
  const [rows, total] = await Promise.all([
    page.orderBy('j.createdAt', 'desc').orderBy('j.id').limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// The worker's side of the row: claim, progress, finish.

/**
 * One run of an export at a time: the run holds this session advisory lock (on a connection of its
 * own) from claim to finish. A second delivery of the same job (a stalled job picked up again while
 * the first run is alive) waits for it; a killed run's connection closes and frees the lock at once.
 */
const RUN_LOCK_CLASS = 52_001;
const runLockKey = (id: string) => sql`${RUN_LOCK_CLASS}::int, hashtext(${`student-export-run:${id}`})`;

export async function tryLockExportRun(conn: Executor, id: string): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_lock(${runLockKey(id)}) AS locked`.execute(conn);
  return rows[0]?.locked === true;
}

export async function unlockExportRun(conn: Executor, id: string): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${runLockKey(id)})`.execute(conn);
}

/** Whether some session holds the run lock of `id` (tests: the writing run holds it throughout). */
export async function isExportRunLocked(db: Executor, id: string): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND classid = ${RUN_LOCK_CLASS}::oid AND objid = hashtext(${`student-export-run:${id}`})::oid AND objsubid = 2
    ) AS held`.execute(db);
  return rows[0]?.held === true;
}

export type ClaimOutcome = 'claimed' | 'done' | 'missing';

/**
 * Marks the job RUNNING from zero (a retry starts the file over); a SUCCEEDED or CANCELLED job is
 * left alone. Taking over a RUNNING row is safe only under the run lock, which the caller holds.
 */
export async function claimExportJob(db: Executor, id: string): Promise<ClaimOutcome> {
  const claimed = await db
    .updateTable('backgroundJobs')
    .set({
      status: 'RUNNING',
      progress: 0,
      processedRows: 0,
      error: null,
      result: null,
      startedAt: sql<Date>`now()`,
      finishedAt: null,
    })
    .where('id', '=', id)
    .where('kind', '=', KIND)
    .where('status', 'in', ['QUEUED', 'RUNNING', 'FAILED'])
    .returning('id')
    .executeTakeFirst();
  if (claimed) {
    return 'claimed';
  }
  const exists = await db.selectFrom('backgroundJobs').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'done' : 'missing';
}

export function findExportParams(db: Executor, id: string) {
  return db.selectFrom('backgroundJobs').select(['params']).where('id', '=', id).executeTakeFirst();
}

export async function setExportTotal(db: Executor, id: string, totalRows: number) {
  await db.updateTable('backgroundJobs').set({ totalRows }).where('id', '=', id).execute();
}

export async function setExportProgress(db: Executor, id: string, processedRows: number, progress: number) {
  await db
    .updateTable('backgroundJobs')
    .set({ processedRows, progress })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

export async function markExportSucceeded(
  db: Executor,
  id: string,
  done: { rows: number; bytes: number; filePath: string },
) {
  await db
    .updateTable('backgroundJobs')
    .set({
      status: 'SUCCEEDED',
      progress: 100,
      processedRows: done.rows,
      result: JSON.stringify({ rows: done.rows, bytes: done.bytes }),
      filePath: done.filePath,
      finishedAt: sql<Date>`now()`,
      expiresAt: sql<Date>`now() + make_interval(hours => ${EXPORT_TTL_HOURS})`,
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

/**
 * `final` false: BullMQ will try again, so the row goes back to QUEUED rather than FAILED. Only
 * while no run holds the run lock: a failed delivery must not undo the row of a live run (it waits
 * `waitMs` for a run that is just ending, e.g. a killed process whose connection is closing).
 * False when the row was left alone.
 */
export async function markExportFailed(
  db: Db,
  id: string,
  error: string,
  final: boolean,
  waitMs = 3000,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('lock_timeout', ${`${Math.max(1, Math.round(waitMs))}ms`}, true)`.execute(
        trx,
      );
      await sql`SELECT pg_advisory_xact_lock(${runLockKey(id)})`.execute(trx);
      const updated = await trx
        .updateTable('backgroundJobs')
        .set({
          status: final ? 'FAILED' : 'QUEUED',
          error,
          progress: 0,
          finishedAt: final ? sql<Date>`now()` : null,
        })
        .where('id', '=', id)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    });
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'code' in err && err.code === '55P03') {
      return false;
    }
    throw err;
  }
}

/** Files of exports past their expiry, for the hourly cleanup. */
export function findExpiredExportFiles(db: Executor, limit: number) {
  return db
    .selectFrom('backgroundJobs')
    .select(['id', 'filePath'])
    .where('kind', '=', KIND)
    .where('filePath', 'is not', null)
    .where('expiresAt', '<', sql<Date>`now()`)
    .limit(limit)
    .execute();
}

export async function clearExportFile(db: Executor, id: string) {
  await db.updateTable('backgroundJobs').set({ filePath: null }).where('id', '=', id).execute();
}

/**
 * Unfinished rows whose BullMQ job may be gone (the api stopped between commit and add(), or Redis
 * lost it). Adding them again is harmless: an add with a live job's id is ignored.
 */
export function findStaleQueuedExports(db: Executor, olderThanSeconds: number, limit: number) {
  return db
    .selectFrom('backgroundJobs')
    .select('id')
    .where('kind', '=', KIND)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .where('createdAt', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .where('expiresAt', '>', sql<Date>`now()`)
    .limit(limit)
    .execute();
}
