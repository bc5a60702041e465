import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

/** Rankings' services name it repo.Executor. */
export type { Executor };

/** One writer per phase and grade at a time (the worker, a rebuild and the CLI may overlap). */
export async function lockStandings(trx: Trx, phaseId: string, gradeId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`standings:${phaseId}:${gradeId}`}, 0))`.execute(
    trx,
  );
}

/**
 * Freezing and revealing a phase's board take it exclusively; publishing a live board takes it
 * shared, so no live board slips out after a freeze has been taken.
 */
export async function lockBoard(trx: Trx, phaseId: string, mode: 'shared' | 'exclusive') {
  const key = `board:${phaseId}`;
  await (mode === 'shared'
    ? sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`
    : sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`
  ).execute(trx);
}

export interface RewriteCounts {
  ranked: number;
  updated: number;
  inserted: number;
  deleted: number;
}

/**
 * Rewrites one phase and grade's standings from its finished contest plays (never a disqualified
 * one) in one statement: each student's best play (score desc, that play's total time asc, its finish asc), ranked with
 * rank() over the same order, so equal plays share a rank. Only rows that changed are written.
 * Run it with nested loops off: a freshly filled phase_standings has no statistics, and a nested
 * loop over the CTEs is quadratic.
 */
export async function rewriteStandings(trx: Trx, phaseId: string, gradeId: string): Promise<RewriteCounts> {
  const { rows } = await sql<RewriteCounts>`
    WITH ranked AS MATERIALIZED (
      SELECT student_id, play_id, score, total_time_ms, finished_at,
        rank() OVER (ORDER BY score DESC, total_time_ms, finished_at)::int AS rank
      FROM (
        SELECT DISTINCT ON (student_id) student_id, id AS play_id, score,
          least(total_time_ms, 2147483647)::int AS total_time_ms, finished_at
        FROM plays
        WHERE phase_id = ${phaseId} AND grade_id = ${gradeId} AND kind = 'CONTEST' AND status = 'FINISHED'
          AND disqualified_at IS NULL
        ORDER BY student_id, score DESC, total_time_ms, finished_at, id
      ) best
    ), current AS MATERIALIZED (
      SELECT student_id, play_id, score, total_time_ms, finished_at, rank
      FROM phase_standings
      WHERE phase_id = ${phaseId} AND grade_id = ${gradeId}
    ), updated AS (
      UPDATE phase_standings s SET play_id = r.play_id, score = r.score, total_time_ms = r.total_time_ms,
        finished_at = r.finished_at, rank = r.rank
      FROM ranked r JOIN current c USING (student_id)
      WHERE s.phase_id = ${phaseId} AND s.grade_id = ${gradeId} AND s.student_id = r.student_id
        AND (c.play_id, c.score, c.total_time_ms, c.finished_at, c.rank)
          IS DISTINCT FROM (r.play_id, r.score, r.total_time_ms, r.finished_at, r.rank)
      RETURNING 1
    ), inserted AS (
      INSERT INTO phase_standings
        (phase_id, grade_id, student_id, play_id, score, total_time_ms, finished_at, rank)
      SELECT ${phaseId}, ${gradeId}, r.student_id, r.play_id, r.score, r.total_time_ms, r.finished_at, r.rank
      FROM ranked r LEFT JOIN current c USING (student_id)
      WHERE c.student_id IS NULL
      RETURNING 1
    ), deleted AS (
      DELETE FROM phase_standings s
      USING current c LEFT JOIN ranked r USING (student_id)
      WHERE r.student_id IS NULL
        AND s.phase_id = ${phaseId} AND s.grade_id = ${gradeId} AND s.student_id = c.student_id
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ranked)::int AS ranked,
      (SELECT count(*) FROM updated)::int AS updated,
      (SELECT count(*) FROM inserted)::int AS inserted,
      (SELECT count(*) FROM deleted)::int AS deleted
  `.execute(trx);
  return rows[0] ?? { ranked: 0, updated: 0, inserted: 0, deleted: 0 };
}

export async function disableNestedLoops(trx: Trx) {
  await sql`SET LOCAL enable_nestloop = off`.execute(trx);
}

export function upsertPhaseRanking(
  trx: Executor,
  row: { phaseId: string; gradeId: string; rankedCount: number; computedAt: Date; durationMs: number },
) {
  const { phaseId, gradeId, ...values } = row;
  return trx
    .insertInto('phaseRankings')
    .values(row)
    .onConflict((oc) => oc.columns(['phaseId', 'gradeId']).doUpdateSet(values))
    .execute();
}

/** Grades with a finished contest play in the phase (one index probe per grade). */
export async function gradesWithFinishedPlays(db: Executor, phaseId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT g.id FROM grades g
    WHERE EXISTS (
      SELECT FROM plays p
      WHERE p.phase_id = ${phaseId} AND p.grade_id = g.id AND p.kind = 'CONTEST' AND p.status = 'FINISHED'
        AND p.disqualified_at IS NULL
    )
    ORDER BY g.sort_order
  `.execute(db);
  return rows.map((r) => r.id);
}

/** Grades that still hold standings or a ranking row in the phase. */
export async function gradesWithStandings(db: Executor, phaseId: string): Promise<string[]> {
  const { rows } = await sql<{ gradeId: string }>`
    SELECT grade_id FROM phase_rankings WHERE phase_id = ${phaseId}
    UNION
    SELECT DISTINCT grade_id FROM phase_standings WHERE phase_id = ${phaseId}
  `.execute(db);
  return rows.map((r) => r.gradeId);
}

export function findPhase(db: Executor, phaseId: string) {
  return db
    .selectFrom('phases')
    .select(['id', 'name', 'number'])
    .where('id', '=', phaseId)
    .executeTakeFirst();
}

export function listPhaseIds(db: Executor) {
  return db.selectFrom('phases').select(['id', 'name', 'number']).orderBy('number').execute();
}

export function listActiveGrades(db: Executor) {
  return db
    .selectFrom('grades')
    .select(['id', 'title'])
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .execute();
}

export function findPhaseRanking(db: Executor, phaseId: string, gradeId: string) {
  return db
    .selectFrom('phaseRankings')
    .select(['rankedCount', 'computedAt', 'durationMs'])
    .where('phaseId', '=', phaseId)
    .where('gradeId', '=', gradeId)
    .executeTakeFirst();
}

export interface StandingRow {
  studentId: string;
  rank: number;
  score: number;
  totalTimeMs: number;
  fullName: string;
  studentNo: number;
  schoolName: string | null;
  city: string | null;
}

/** A page of the board in rank order (equal ranks by student number, so pages are stable). */
export function findStandingsPage(
  db: Executor,
  phaseId: string,
  gradeId: string,
  page: { offset: number; limit: number },
): Promise<StandingRow[]> {
  return db
    .selectFrom('phaseStandings as s')
    .innerJoin('students as st', 'st.id', 's.studentId')
    .select([
      's.studentId',
      's.rank',
      's.score',
      's.totalTimeMs',
      'st.fullName',
      'st.studentNo',
      'st.schoolName',
      'st.city',
    ])
    .where('s.phaseId', '=', phaseId)
    .where('s.gradeId', '=', gradeId)
    .orderBy('s.rank')
    .orderBy('st.studentNo')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** A student's standings in a phase (normally one grade; two if their grade changed mid-phase). */
export function findStudentStandings(db: Executor, phaseId: string, studentId: string) {
  return db
    .selectFrom('phaseStandings as s')
    .leftJoin('phaseRankings as r', (join) =>
      join.onRef('r.phaseId', '=', 's.phaseId').onRef('r.gradeId', '=', 's.gradeId'),
    )
    .select(['s.gradeId', 's.rank', 's.score', 'r.rankedCount'])
    .where('s.phaseId', '=', phaseId)
    .where('s.studentId', '=', studentId)
    .orderBy('s.score', 'desc')
    .execute();
}

export function findStudentGrade(db: Executor, studentId: string) {
  return db.selectFrom('students').select('gradeId').where('id', '=', studentId).executeTakeFirst();
}

/** Every standing of these students with its phase number, best score first. */
export function findStandingsOfStudents(db: Executor, studentIds: readonly string[]) {
  return db
    .selectFrom('phaseStandings as s')
    .innerJoin('phases as p', 'p.id', 's.phaseId')
    .select(['s.studentId', 'p.number', 's.score', 's.rank'])
    .where('s.studentId', 'in', studentIds)
    .orderBy('s.score', 'desc')
    .execute();
}

/** Phases a public board may be watched in: ranked in, or frozen or revealed. */
export async function phasesWithBoards(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ phaseId: string }>`
    SELECT DISTINCT phase_id FROM phase_rankings
    UNION
    SELECT phase_id FROM board_freezes
  `.execute(db);
  return rows.map((r) => r.phaseId);
}

/** What a public board may say of these students (the names as they are now). */
export function findPublicStudents(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('students')
    .select(['id', 'fullName', 'studentNo', 'schoolName', 'city'])
    .where('id', 'in', ids)
    .execute();
}

/** Each phase and grade the student is ranked in. */
export function findStudentBoards(db: Executor, studentId: string) {
  return db
    .selectFrom('phaseStandings')
    .select(['phaseId', 'gradeId'])
    .where('studentId', '=', studentId)
    .execute();
}

/** Per grade of the phase (active grades and any ranked one): its ranking row, if any. */
export function rankingStatus(db: Executor, phaseId: string) {
  return db
    .selectFrom('grades as g')
    .leftJoin('phaseRankings as r', (join) =>
      join.onRef('r.gradeId', '=', 'g.id').on('r.phaseId', '=', phaseId),
    )
    .select(['g.id', 'g.title', 'r.rankedCount', 'r.computedAt', 'r.durationMs'])
    .where((eb) => eb.or([eb('g.isActive', '=', true), eb('r.phaseId', 'is not', null)]))
    .orderBy('g.sortOrder')
    .execute();
}
