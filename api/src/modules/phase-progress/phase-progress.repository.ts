import { prepared } from '@riyazi/db';
import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

const PHASE_COLUMNS = ['id', 'name', 'number', 'startsAt', 'endsAt', 'status'] as const;

export const findPhase = (db: Executor, id: string) =>
  db.selectFrom('phases').select(PHASE_COLUMNS).where('id', '=', id).executeTakeFirst();
export type PhaseRow = NonNullable<Awaited<ReturnType<typeof findPhase>>>;

export const findPhaseByNumber = (db: Executor, number: number) =>
  db.selectFrom('phases').select(PHASE_COLUMNS).where('number', '=', number).executeTakeFirst();

export const findGrade = (db: Executor, id: string) =>
  db.selectFrom('grades').select(['id', 'title']).where('id', '=', id).executeTakeFirst();

export const findCutoff = async (db: Executor, phaseId: string, gradeId: string) =>
  (
    await db
      .selectFrom('phaseCutoffs')
      .select('topN')
      .where('phaseId', '=', phaseId)
      .where('gradeId', '=', gradeId)
      .executeTakeFirst()
  )?.topN;

export interface Admission {
  /** Their rank in the grade in the phase before (null: not ranked there). */
  rank: number | null;
  /** Whether they were told by e-mail that they qualified for the phase. */
  told: boolean;
}

/** The contest-start hot path: two primary-key probes in one statement, prepared once per connection. */
export async function findAdmission(
  db: Executor,
  previousPhaseId: string,
  phaseId: string,
  gradeId: string,
  studentId: string,
): Promise<Admission> {
  const { rows } = await sql<Admission>`${prepared} SELECT
      (SELECT rank FROM phase_standings
        WHERE phase_id = ${previousPhaseId} AND grade_id = ${gradeId} AND student_id = ${studentId}) AS rank,
      EXISTS (SELECT FROM phase_qualifications
        WHERE phase_id = ${phaseId} AND student_id = ${studentId} AND grade_id = ${gradeId}) AS told`.execute(
    db,
  );
  return rows[0] ?? { rank: null, told: false };
}

/** A student's standing in a phase (in the grade they were ranked in). */
export const findStanding = (db: Executor, phaseId: string, studentId: string) =>
  db
    .selectFrom('phaseStandings')
    .select(['rank', 'score'])
    .where('phaseId', '=', phaseId)
    .where('studentId', '=', studentId)
    .orderBy('rank')
    .limit(1)
    .executeTakeFirst();

export const findStudentGrade = async (db: Executor, studentId: string) =>
  (await db.selectFrom('students').select('gradeId').where('id', '=', studentId).executeTakeFirst())
    ?.gradeId ?? null;

/** Every grade with the cut saved for the phase, if any. */
export const listGradeCutoffs = (db: Executor, phaseId: string) =>
  db
    .selectFrom('grades as g')
    .leftJoin('phaseCutoffs as c', (join) =>
      join.onRef('c.gradeId', '=', 'g.id').on('c.phaseId', '=', phaseId),
    )
    .select(['g.id', 'g.title', 'c.topN'])
    .orderBy('g.sortOrder')
    .execute();

export const upsertCutoff = (trx: Trx, phaseId: string, gradeId: string, topN: number, staffId: string) =>
  trx
    .insertInto('phaseCutoffs')
    .values({ phaseId, gradeId, topN, updatedBy: staffId })
    .onConflict((oc) =>
      oc.columns(['phaseId', 'gradeId']).doUpdateSet({ topN, updatedBy: staffId, updatedAt: new Date() }),
    )
    .execute();

/** How many active qualifiers of the next phase have not been recorded (e-mailed) yet. */
export async function countNewQualifiers(
  db: Executor,
  phaseId: string,
  nextPhaseId: string,
  defaultCut: number,
) {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n
    FROM phase_standings ps
    JOIN students s ON s.id = ps.student_id AND s.is_active
    LEFT JOIN phase_cutoffs c ON c.phase_id = ps.phase_id AND c.grade_id = ps.grade_id
    WHERE ps.phase_id = ${phaseId} AND ps.rank <= coalesce(c.top_n, ${defaultCut})
      AND NOT EXISTS (
        SELECT FROM phase_qualifications q WHERE q.phase_id = ${nextPhaseId} AND q.student_id = ps.student_id
      )
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Records every active qualifier of the next phase not recorded yet (rank in this phase within the
 * grade's cut, or the default cut) and answers who was recorded now, with what to write to them.
 */
export async function insertNewQualifiers(
  trx: Trx,
  phaseId: string,
  nextPhaseId: string,
  defaultCut: number,
) {
  const { rows } = await sql<{
    studentId: string;
    rank: number;
    fullName: string;
    email: string;
    language: 'en' | 'ur';
  }>`
    WITH added AS (
      INSERT INTO phase_qualifications (phase_id, student_id, grade_id, rank)
      SELECT ${nextPhaseId}, ps.student_id, ps.grade_id, ps.rank
      FROM phase_standings ps
      JOIN students s ON s.id = ps.student_id AND s.is_active
      LEFT JOIN phase_cutoffs c ON c.phase_id = ps.phase_id AND c.grade_id = ps.grade_id
      WHERE ps.phase_id = ${phaseId} AND ps.rank <= coalesce(c.top_n, ${defaultCut})
      ON CONFLICT (phase_id, student_id) DO NOTHING
      RETURNING student_id, rank
    )
    SELECT added.student_id AS "studentId", added.rank, s.full_name AS "fullName", s.email, s.language
    FROM added JOIN students s ON s.id = added.student_id
    ORDER BY added.rank, s.full_name
  `.execute(trx);
  return rows;
}
