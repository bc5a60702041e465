import type { Database } from '@riyazi/db';
import { type ExpressionBuilder, sql } from 'kysely';
import type { CertificateStatus } from '../../contracts/certificates.js';
import { type Executor, escapeLike, type Trx } from '../../lib/db.js';

export interface CertificateFilter {
  phaseId?: string | undefined;
  studentId?: string | undefined;
  status?: CertificateStatus | undefined;
  /** A code, a student number, or part of the student's or printed name. */
  search?: string | undefined;
}

const adminColumns = [
  'c.id',
  'c.code',
  'c.kind',
  'c.rank',
  'c.printedName',
  'c.issuedAt',
  'c.fileKeyEn',
  'c.fileKeyUr',
  'c.revokedAt',
  'c.revokedReason',
  'c.replacesId',
  's.id as studentId',
  's.studentNo',
  's.fullName',
  'g.id as gradeId',
  'g.title as gradeTitle',
  'ph.id as phaseId',
  'ph.name as phaseName',
  'su.username as revokedByName',
] as const;

const selectAdmin = (db: Executor) =>
  db
    .selectFrom('certificates as c')
    .innerJoin('students as s', 's.id', 'c.studentId')
    .innerJoin('grades as g', 'g.id', 'c.gradeId')
    .innerJoin('phases as ph', 'ph.id', 'c.phaseId')
    .leftJoin('staffUsers as su', 'su.id', 'c.revokedBy');

type Eb = ExpressionBuilder<Database & { c: Database['certificates']; s: Database['students'] }, 'c' | 's'>;

function matching(eb: Eb, f: CertificateFilter) {
  const conditions = [];
  if (f.phaseId !== undefined) {
    conditions.push(eb('c.phaseId', '=', f.phaseId));
  }
  if (f.studentId !== undefined) {
    conditions.push(eb('c.studentId', '=', f.studentId));
  }
  if (f.status !== undefined) {
    conditions.push(eb('c.revokedAt', f.status === 'ACTIVE' ? 'is' : 'is not', null));
  }
  const search = f.search?.trim();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    const either = [
      eb('s.fullName', 'ilike', like),
      eb('c.printedName', 'ilike', like),
      eb('c.code', '=', search.toUpperCase()),
    ];
    if (/^\d{1,15}$/.test(search)) {
      either.push(eb('s.studentNo', '=', Number(search)));
    }
    conditions.push(eb.or(either));
  }
  return eb.and(conditions);
}

export const listCertificates = (db: Executor, f: CertificateFilter, limit: number, offset: number) =>
  selectAdmin(db)
    .select(adminColumns)
    .where((eb) => matching(eb as unknown as Eb, f))
    .orderBy('c.issuedAt', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .offset(offset)
    .execute();
export type AdminCertificateRow = Awaited<ReturnType<typeof listCertificates>>[number];

export async function countCertificates(db: Executor, f: CertificateFilter) {
  const row = await selectAdmin(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => matching(eb as unknown as Eb, f))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findAdminCertificate = (db: Executor, id: string) =>
  selectAdmin(db).select(adminColumns).where('c.id', '=', id).executeTakeFirst();

/** The certificate, locked for a revoke or a re-issue. */
export const lockCertificate = (trx: Trx, id: string) =>
  trx
    .selectFrom('certificates')
    .select(['id', 'code', 'studentId', 'phaseId', 'gradeId', 'kind', 'rank', 'revokedAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export function revoke(trx: Trx, id: string, reason: string, staffId: string | null) {
  return trx
    .updateTable('certificates')
    .set({ revokedAt: sql<Date>`now()`, revokedReason: reason, revokedBy: staffId })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning(['id', 'revokedAt'])
    .executeTakeFirst();
}

/** The unrevoked certificate of this student, phase and level, if any (at most one). */
export const findHeld = (
  db: Executor,
  held: { studentId: string; phaseId: string; kind: 'PARTICIPANT' | 'QUALIFIER' | 'WINNER' },
) =>
  db
    .selectFrom('certificates')
    .select(['id', 'code'])
    .where('studentId', '=', held.studentId)
    .where('phaseId', '=', held.phaseId)
    .where('kind', '=', held.kind)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();

/**
 * A new certificate in place of `replacesId`: same student, phase, grade, level and rank, a new code
 * (50 random bits, as the run makes them), and today's names (a re-issue is how a corrected name is
 * printed). Undefined on a conflict (a code collision, or the level is held again): the caller looks.
 */
export async function insertReissue(trx: Trx, replacesId: string) {
  const result = await sql<{ id: string; code: string }>`
    INSERT INTO certificates (code, student_id, phase_id, grade_id, kind, rank, printed_name, printed_grade, printed_phase, replaces_id)
    SELECT
      (SELECT string_agg(substr(${CODE_ALPHABET}, get_byte(r.b, i) % 32 + 1, 1), '' ORDER BY o)
        FROM (SELECT uuid_send(gen_random_uuid()) AS b WHERE old.id IS NOT NULL) r,
        unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11]) WITH ORDINALITY AS x (i, o)),
      old.student_id, old.phase_id, old.grade_id, old.kind, old.rank, s.full_name, g.title, ph.name, old.id
    FROM certificates old
    JOIN students s ON s.id = old.student_id
    JOIN grades g ON g.id = old.grade_id
    JOIN phases ph ON ph.id = old.phase_id
    WHERE old.id = ${replacesId}
    ON CONFLICT DO NOTHING
    RETURNING id, code`.execute(trx);
  return result.rows[0];
}
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Revokes the student's certificates of the phase whose ground is gone: a winner's once no winner
 * place remains, a qualifier's once no qualification for the next phase remains, and every one once
 * no finished, undisqualified contest play remains. Answers what it revoked.
 */
export async function revokeUnearned(trx: Trx, studentId: string, phaseId: string, reason: string) {
  const result = await sql<{ id: string; code: string; kind: string }>`
    UPDATE certificates c SET revoked_at = now(), revoked_reason = ${reason}, revoked_by = NULL
    FROM phases ph
    WHERE ph.id = c.phase_id AND c.student_id = ${studentId} AND c.phase_id = ${phaseId}
      AND c.revoked_at IS NULL
      AND (
        (c.kind = 'WINNER' AND NOT EXISTS (
          SELECT FROM phase_winners w WHERE w.phase_id = c.phase_id AND w.student_id = c.student_id))
        OR (c.kind = 'QUALIFIER' AND NOT EXISTS (
          SELECT FROM phase_qualifications q JOIN phases n ON n.id = q.phase_id
          WHERE q.student_id = c.student_id AND n.number = ph.number + 1))
        OR NOT EXISTS (
          SELECT FROM plays p
          WHERE p.phase_id = c.phase_id AND p.student_id = c.student_id AND p.kind = 'CONTEST'
            AND p.status = 'FINISHED' AND p.disqualified_at IS NULL)
      )
    RETURNING c.id, c.code, c.kind`.execute(trx);
  return result.rows;
}

/** Every phase, for the list's phase filter (staff with certificate:read may lack phase:read). */
export const listPhaseOptions = (db: Executor) =>
  db.selectFrom('phases').select(['id', 'name']).orderBy('number').execute();
