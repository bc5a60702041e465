import { sql } from 'kysely';
import type { CertificateKind } from '../../contracts/certificates.js';
import type { Executor, Trx } from '../../lib/db.js';

const RUN_KIND = 'CERTIFICATE_RUN' as const;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Issues the highest certificate each student of the phase has earned and not yet got (or a
 * higher one): winners (phase_winners), qualifiers (phase_qualifications of the next phase: told
 * they qualified), participants (a finished contest play). Only plays not disqualified count.
 * A certificate staff revoked blocks its level and those below (staff re-issue by hand); one the app
 * revoked (revoked_by NULL: its ground went) does not, so what the student still earns is issued.
 * The code is 50 random bits of a fresh UUID (bytes without version or variant bits), per row.
 */
export async function issueMissingCertificates(db: Executor, phaseId: string, runId: string | null) {
  const result = await sql`
    WITH ph AS (SELECT id, name, number FROM phases WHERE id = ${phaseId}),
    played AS (
      SELECT DISTINCT ON (p.student_id) p.student_id, p.grade_id
      FROM plays p
      WHERE p.phase_id = ${phaseId} AND p.kind = 'CONTEST' AND p.status = 'FINISHED' AND p.disqualified_at IS NULL
      ORDER BY p.student_id, p.finished_at DESC
    ),
    earned AS (
      SELECT pl.student_id, coalesce(w.grade_id, pl.grade_id) AS grade_id,
        CASE WHEN w.student_id IS NOT NULL THEN 'WINNER' WHEN q.student_id IS NOT NULL THEN 'QUALIFIER' ELSE 'PARTICIPANT' END AS kind,
        CASE WHEN w.student_id IS NOT NULL THEN coalesce(w.position, ps.rank) WHEN q.student_id IS NOT NULL THEN q.rank END AS rank
      FROM played pl
      LEFT JOIN LATERAL (
        SELECT student_id, grade_id, position FROM phase_winners
        WHERE phase_id = ${phaseId} AND student_id = pl.student_id ORDER BY position NULLS LAST LIMIT 1
      ) w ON true
      LEFT JOIN phase_qualifications q ON q.student_id = pl.student_id
        AND q.phase_id = (SELECT n.id FROM phases n, ph WHERE n.number = ph.number + 1 LIMIT 1)
      LEFT JOIN phase_standings ps ON ps.phase_id = ${phaseId} AND ps.student_id = pl.student_id AND ps.grade_id = pl.grade_id
    ),
    level AS (SELECT * FROM (VALUES ('PARTICIPANT', 1), ('QUALIFIER', 2), ('WINNER', 3)) AS l (kind, n))
    INSERT INTO certificates (code, student_id, phase_id, grade_id, kind, rank, printed_name, printed_grade, printed_phase, run_id)
    SELECT
      (SELECT string_agg(substr(${ALPHABET}, get_byte(r.b, i) % 32 + 1, 1), '' ORDER BY o)
        FROM (SELECT uuid_send(gen_random_uuid()) AS b WHERE e.student_id IS NOT NULL) r,
        unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11]) WITH ORDINALITY AS x (i, o)),
      e.student_id, ph.id, e.grade_id, e.kind, e.rank, s.full_name, g.title, ph.name, ${runId}
    FROM earned e
    JOIN level el ON el.kind = e.kind
    JOIN students s ON s.id = e.student_id
    JOIN grades g ON g.id = e.grade_id
    CROSS JOIN ph
    WHERE NOT EXISTS (
      SELECT FROM certificates c JOIN level cl ON cl.kind = c.kind
      WHERE c.student_id = e.student_id AND c.phase_id = ph.id AND cl.n >= el.n
        AND (c.revoked_at IS NULL OR c.revoked_by IS NOT NULL)
    )
    ON CONFLICT DO NOTHING
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The phase's certificates: all of them, or only those still without files. */
export async function countCertificates(db: Executor, phaseId: string, only: 'all' | 'withoutFiles') {
  const row = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('phaseId', '=', phaseId)
    .$if(only === 'withoutFiles', (query) => query.where('fileKeyEn', 'is', null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a certificate prints, as its PDF and the verification page read it. */
const printedColumns = [
  'c.id',
  'c.code',
  'c.kind',
  'c.rank',
  'c.printedName',
  'c.printedGrade',
  'c.printedPhase',
  'c.issuedAt',
  'c.revokedAt',
] as const;

/** The next certificates of the phase without files, in id order after `after`. */
export const findPendingFiles = (db: Executor, phaseId: string, after: string | null, limit: number) =>
  db
    .selectFrom('certificates as c')
    .innerJoin('students as s', 's.id', 'c.studentId')
    .select([...printedColumns, 'c.emailedAt', 's.email', 's.language', 's.isActive'])
    .where('c.phaseId', '=', phaseId)
    .where('c.fileKeyEn', 'is', null)
    .$if(after !== null, (query) => query.where('c.id', '>', after as string))
    .orderBy('c.id')
    .limit(limit)
    .execute();
export type PendingCertificate = Awaited<ReturnType<typeof findPendingFiles>>[number];

export const findPendingFile = (db: Executor, id: string): Promise<PendingCertificate | undefined> =>
  db
    .selectFrom('certificates as c')
    .innerJoin('students as s', 's.id', 'c.studentId')
    .select([...printedColumns, 'c.emailedAt', 's.email', 's.language', 's.isActive'])
    .where('c.id', '=', id)
    .where('c.fileKeyEn', 'is', null)
    .executeTakeFirst();

/** Records a certificate's files; the ids whose files were not recorded yet (so each e-mail goes once). */
export async function setFiles(trx: Trx, files: { id: string; en: string; ur: string }[]) {
  if (files.length === 0) {
    return new Set<string>();
  }
  const rows = await sql<{ id: string }>`
    UPDATE certificates c SET file_key_en = f.en, file_key_ur = f.ur
    FROM (SELECT * FROM jsonb_to_recordset(${JSON.stringify(files)}::jsonb) AS x (id uuid, en text, ur text)) f
    WHERE c.id = f.id AND c.file_key_en IS NULL
    RETURNING c.id`.execute(trx);
  return new Set(rows.rows.map((r) => r.id));
}

export async function markEmailed(trx: Trx, ids: string[]) {
  if (ids.length > 0) {
    await trx
      .updateTable('certificates')
      .set({ emailedAt: sql<Date>`now()` })
      .where('id', 'in', ids)
      .where('emailedAt', 'is', null)
      .execute();
  }
}

const certificateColumns = [...printedColumns, 'c.fileKeyEn', 'c.fileKeyUr', 'c.studentId'] as const;

export const findByCode = (db: Executor, code: string) =>
  db.selectFrom('certificates as c').select(certificateColumns).where('c.code', '=', code).executeTakeFirst();

export const findById = (db: Executor, id: string) =>
  db.selectFrom('certificates as c').select(certificateColumns).where('c.id', '=', id).executeTakeFirst();

export const listOfStudent = (db: Executor, studentId: string) =>
  db
    .selectFrom('certificates as c')
    .select(certificateColumns)
    .where('c.studentId', '=', studentId)
    .where('c.revokedAt', 'is', null)
    .orderBy('c.issuedAt', 'desc')
    .execute();

export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findById>>>;
export type { CertificateKind };

// The phase-wide run: a background_jobs row.

export const findPhase = (db: Executor, id: string) =>
  db.selectFrom('phases').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export async function lockPhaseRuns(trx: Trx, phaseId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`certificate-run:${phaseId}`}))`.execute(trx);
}

const runColumns = [
  'id',
  'status',
  'progress',
  'totalRows',
  'processedRows',
  'params',
  'result',
  'error',
  'createdAt',
  'finishedAt',
] as const;

export const findActiveRun = (db: Executor, phaseId: string) =>
  db
    .selectFrom('backgroundJobs')
    .select(runColumns)
    .where('kind', '=', RUN_KIND)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .where(sql<boolean>`params->>'phaseId' = ${phaseId}`)
    .executeTakeFirst();

export const findLatestRun = (db: Executor, phaseId: string) =>
  db
    .selectFrom('backgroundJobs')
    .select(runColumns)
    .where('kind', '=', RUN_KIND)
    .where(sql<boolean>`params->>'phaseId' = ${phaseId}`)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
export type RunRow = NonNullable<Awaited<ReturnType<typeof findLatestRun>>>;

export const findRun = (db: Executor, id: string) =>
  db
    .selectFrom('backgroundJobs')
    .select(runColumns)
    .where('id', '=', id)
    .where('kind', '=', RUN_KIND)
    .executeTakeFirst();

export async function insertRun(
  db: Executor,
  staffId: string,
  params: { phaseId: string; publicUrl: string },
) {
  const row = await db
    .insertInto('backgroundJobs')
    .values({ kind: RUN_KIND, requestedBy: staffId, params: JSON.stringify(params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** QUEUED, RUNNING (a redelivery) or FAILED → RUNNING; false when finished or missing. */
export async function claimRun(db: Executor, id: string) {
  const row = await db
    .updateTable('backgroundJobs')
    .set({ status: 'RUNNING', error: null, startedAt: sql<Date>`now()`, finishedAt: null })
    .where('id', '=', id)
    .where('kind', '=', RUN_KIND)
    .where('status', 'in', ['QUEUED', 'RUNNING', 'FAILED'])
    .returning('params')
    .executeTakeFirst();
  return row ? (row.params as { phaseId: string; publicUrl: string }) : null;
}

export async function setRunProgress(
  db: Executor,
  id: string,
  done: { total: number; processed: number; progress: number },
) {
  await db
    .updateTable('backgroundJobs')
    .set({ totalRows: done.total, processedRows: done.processed, progress: done.progress })
    .where('id', '=', id)
    .execute();
}

export async function finishRun(
  db: Executor,
  id: string,
  outcome: { issued: number; drawn: number; emailed: number; alreadyIssued: number } | { error: string },
) {
  const ok = !('error' in outcome);
  await db
    .updateTable('backgroundJobs')
    .set({
      status: ok ? 'SUCCEEDED' : 'FAILED',
      progress: ok ? 100 : 0,
      result: ok ? JSON.stringify(outcome) : null,
      error: ok ? null : outcome.error,
      finishedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}
