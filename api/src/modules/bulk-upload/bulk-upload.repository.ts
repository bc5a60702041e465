import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';
import { outboxRow } from '../../queue/outbox.repository.js';
import type { StoredRow } from './bulk-upload.rows.js';

const KIND = 'STUDENT_BULK_UPLOAD' as const;

/** What a run has done so far; kept in `result` and rewritten with every batch. */
export interface RunResult {
  fileName: string;
  created: number;
  skipped: number;
  invalid: number;
  /** Rows whose student this run created (the result file says "created" for them). */
  createdRows: number[];
  /** Set on confirm; kept here, not in params, so a list never reads the rows. */
  options?: RunOptions;
}

export interface RunOptions {
  autoEmailVerified: boolean;
  sendWelcome: boolean;
  /** Where the welcome links point: the site that confirmed the run. */
  publicUrl: string;
}

export interface UploadParams {
  fileName: string;
  rows: StoredRow[];
}

export const activeGrades = (db: Executor) =>
  db.selectFrom('grades').select(['id', 'title']).where('isActive', '=', true).execute();

/** The lower-cased e-mails among `emails` that already have an account. */
export async function registeredEmails(db: Executor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectFrom('students')
    .select(sql<string>`lower(email)`.as('email'))
    .where(sql<boolean>`lower(email) = ANY(${emails}::text[])`)
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** A previewed upload: not enqueued, and forgotten after a day unless confirmed. */
export async function insertPendingUpload(
  db: Executor,
  requestedBy: string,
  params: UploadParams,
  result: RunResult,
): Promise<string> {
  // Previews nobody confirmed within a day are dropped here rather than by a sweep.
  await db
    .deleteFrom('backgroundJobs')
    .where('kind', '=', KIND)
    .where('expiresAt', '<', sql<Date>`now()`)
    .where('status', '=', 'QUEUED')
    .execute();
  const row = await db
    .insertInto('backgroundJobs')
    .values({
      kind: KIND,
      status: 'QUEUED',
      requestedBy,
      totalRows: params.rows.length,
      params: JSON.stringify(params),
      result: JSON.stringify(result),
      expiresAt: sql<Date>`now() + interval '1 day'`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a pending upload confirmed (once); false when it is unknown, expired or already confirmed. */
export async function confirmUpload(
  trx: Executor,
  id: string,
  requestedBy: string,
  options: RunOptions,
): Promise<boolean> {
  const updated = await trx
    .updateTable('backgroundJobs')
    .set({
      expiresAt: null,
      result: sql`result || jsonb_build_object('options', ${JSON.stringify(options)}::jsonb)`,
    })
    .where('id', '=', id)
    .where('kind', '=', KIND)
    .where('requestedBy', '=', requestedBy)
    .where('status', '=', 'QUEUED')
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Confirmed runs only: a pending preview is not a run yet. */
const runs = (db: Executor) =>
  db
    .selectFrom('backgroundJobs')
    .where('backgroundJobs.kind', '=', KIND)
    .where('backgroundJobs.expiresAt', 'is', null);

const summaries = (db: Executor) =>
  runs(db)
    .leftJoin('staffUsers', 'staffUsers.id', 'backgroundJobs.requestedBy')
    .select([
      'backgroundJobs.id',
      'backgroundJobs.status',
      'backgroundJobs.progress',
      'backgroundJobs.totalRows',
      'backgroundJobs.processedRows',
      'backgroundJobs.result',
      'backgroundJobs.error',
      'backgroundJobs.createdAt',
      'backgroundJobs.finishedAt',
      'staffUsers.username as requestedBy',
    ]);
export type RunSummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

export const runSummary = (db: Executor, id: string) =>
  summaries(db).where('backgroundJobs.id', '=', id).executeTakeFirst();

/** Newest first. */
export async function listRuns(db: Executor, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    summaries(db)
      .orderBy('backgroundJobs.createdAt', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    runs(db)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findRun = (db: Executor, id: string) =>
  db
    .selectFrom('backgroundJobs')
    .select([
      'id',
      'status',
      'progress',
      'totalRows',
      'processedRows',
      'result',
      'error',
      'expiresAt',
      'params',
    ])
    .where('id', '=', id)
    .where('kind', '=', KIND)
    .executeTakeFirst();

/** Takes the run for this worker: RUNNING, started once. */
export const markRunning = (db: Executor, id: string) =>
  db
    .updateTable('backgroundJobs')
    .set({ status: 'RUNNING', startedAt: sql<Date>`coalesce(started_at, now())`, error: null })
    .where('id', '=', id)
    .where('status', 'in', ['QUEUED', 'RUNNING', 'FAILED'])
    .execute();

/**
 * Records a finished batch in its own transaction; false when another runner already moved past
 * `from` (a stalled job picked up twice), so the caller rolls the batch back.
 */
export async function recordBatch(
  trx: Executor,
  id: string,
  from: number,
  to: number,
  progress: number,
  result: RunResult,
): Promise<boolean> {
  const updated = await trx
    .updateTable('backgroundJobs')
    .set({ processedRows: to, progress, result: JSON.stringify(result) })
    .where('id', '=', id)
    .where('processedRows', '=', from)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export const finishRun = (
  db: Executor,
  id: string,
  status: 'SUCCEEDED' | 'FAILED' | 'QUEUED',
  error: string | null,
) =>
  db
    .updateTable('backgroundJobs')
    .set({
      status,
      error,
      finishedAt: status === 'QUEUED' ? null : sql<Date>`now()`,
      ...(status === 'SUCCEEDED' ? { progress: 100 } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();

export interface NewStudent {
  fullName: string;
  fatherName: string | null;
  email: string;
  phone: string | null;
  gender: 'MALE' | 'FEMALE' | 'OTHER' | null;
  gradeId: string | null;
  city: string | null;
  schoolName: string | null;
  referralSource: string | null;
  shortDescription: string | null;
  passwordHash: string;
  emailVerified: boolean;
  autoEmailVerified: boolean;
}

/** Inserts the batch; an e-mail that has an account is skipped, never duplicated. Returns who was created. */
export async function insertStudents(trx: Executor, students: NewStudent[]) {
  if (students.length === 0) {
    return [];
  }
  return trx
    .insertInto('students')
    .values(students.map((s) => ({ ...s, registeredThroughBulk: true })))
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(['id', 'email', 'fullName'])
    .execute();
}

/** A set-password link per new student: a RESET_PASSWORD token that stays valid for a week. */
export async function insertWelcomeTokens(
  trx: Executor,
  students: { id: string; email: string; tokenHash: Buffer }[],
): Promise<void> {
  await trx
    .insertInto('accountTokens')
    .values(
      students.map((s) => ({
        tokenHash: s.tokenHash,
        purpose: 'RESET_PASSWORD' as const,
        audience: 'student' as const,
        studentId: s.id,
        email: s.email,
        expiresAt: sql<Date>`now() + interval '7 days'`,
      })),
    )
    .execute();
}

/**
 * The welcome e-mails of a batch and their outbox events, in three statements rather than two per
 * student (what queueMail does for one): the same rows, written in the caller's transaction.
 */
export async function queueWelcomeMails(
  trx: Executor,
  mails: { to: string; name: string; link: string }[],
): Promise<{ eventId: string; messageId: string }[]> {
  const messages = await trx
    .insertInto('mailMessages')
    .values(
      mails.map((m) => ({
        template: 'welcome',
        toEmail: m.to,
        params: JSON.stringify({ name: m.name, link: m.link }),
      })),
    )
    .returning('id')
    .execute();
  const events = await trx
    .insertInto('outboxEvents')
    .values(messages.map((m) => outboxRow('mail.queued', { messageId: m.id })))
    .returning(['id', sql<string>`payload->>'messageId'`.as('messageId')])
    .execute();
  return events.map((e) => ({ eventId: e.id, messageId: e.messageId }));
}
