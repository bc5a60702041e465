import type { Db } from '@riyazi/db';
import { type RawBuilder, sql } from 'kysely';
import type { QuizPerformanceReport } from '../../contracts/quiz-performance.js';
import type { Executor } from '../../lib/db.js';
import { PAKISTAN_TIME_ZONE } from '../../lib/time.js';
import type { QuizPerformanceFilter } from './quiz-performance.schemas.js';

/** The filter on plays p (every status and kind), or on quiz_question_stats s. */
function playFilter(f: QuizPerformanceFilter, table: 'p' | 's' = 'p'): RawBuilder<unknown> {
  const where = [sql`true`];
  if (f.quizId) {
    where.push(sql`${sql.ref(`${table}.quiz_id`)} = ${f.quizId}`);
  }
  if (f.phaseId) {
    where.push(sql`${sql.ref(`${table}.phase_id`)} = ${f.phaseId}`);
  }
  if (f.gradeId) {
    where.push(sql`${sql.ref(`${table}.grade_id`)} = ${f.gradeId}`);
  }
  return sql.join(where, sql` AND `);
}

/** The report's counts and scores as the database works them out (scores unrounded), and the attempts. */
export type SummaryRow = Pick<
  QuizPerformanceReport,
  'players' | 'plays' | 'finished' | 'abandoned' | 'inProgress' | 'meanScore' | 'medianScore' | 'maxScore'
> &
  QuizPerformanceReport['attempts'];

/**
 * Counts and score figures: one pass over the plays, one grouping them by student (hashed in memory;
 * a CTE read seven times and count(DISTINCT) spilled to disk and took three times as long at 100,000
 * plays). Abandoned = CANCELLED, or IN_PROGRESS whose clock ran out (clock_deadline_at in the past);
 * IN_PROGRESS still on the clock (or without one) is in progress. The maximum score is the largest
 * question count (one point a question) or the best score if higher.
 */
export async function summary(db: Executor, f: QuizPerformanceFilter): Promise<SummaryRow> {
  const { rows } = await sql<SummaryRow>`
    SELECT * FROM (
      SELECT
        count(*)::int AS plays,
        (count(*) FILTER (WHERE p.status = 'FINISHED'))::int AS finished,
        (count(*) FILTER (WHERE p.status = 'CANCELLED'
          OR (p.status = 'IN_PROGRESS' AND p.clock_deadline_at < now())))::int AS abandoned,
        (count(*) FILTER (WHERE p.status = 'IN_PROGRESS'
          AND (p.clock_deadline_at IS NULL OR p.clock_deadline_at >= now())))::int AS in_progress,
        (avg(p.score::float8) FILTER (WHERE p.status = 'FINISHED'))::float8 AS mean_score,
        (percentile_cont(0.5) WITHIN GROUP (ORDER BY p.score::float8) FILTER (WHERE p.status = 'FINISHED'))::float8
          AS median_score,
        coalesce(greatest(
          max(p.question_count) FILTER (WHERE p.status = 'FINISHED'),
          ceil(max(p.score) FILTER (WHERE p.status = 'FINISHED'))
        ), 0)::int AS max_score
      FROM plays p WHERE ${playFilter(f)}
    ) counts
    CROSS JOIN (
      SELECT count(*)::int AS players,
        (count(*) FILTER (WHERE contest = 1))::int AS one,
        (count(*) FILTER (WHERE contest = 2))::int AS two,
        (count(*) FILTER (WHERE contest >= 3))::int AS three_or_more
      FROM (
        SELECT count(*) FILTER (WHERE p.kind = 'CONTEST') AS contest
        FROM plays p WHERE ${playFilter(f)} GROUP BY p.student_id
      ) per_student
    ) students
  `.execute(db);
  return rows[0] as SummaryRow;
}

/**
 * Finished plays per whole score (its floor): the service bins them, so this runs beside the other
 * queries instead of waiting for the maximum score.
 */
export async function scoreCounts(
  db: Executor,
  f: QuizPerformanceFilter,
): Promise<{ score: number; plays: number }[]> {
  const { rows } = await sql<{ score: number; plays: number }>`
    SELECT floor(p.score)::int AS score, count(*)::int AS plays
    FROM plays p
    WHERE p.status = 'FINISHED' AND ${playFilter(f)}
    GROUP BY 1
  `.execute(db);
  return rows;
}

/** Finished plays and their mean score per Pakistan day of finishing. */
export async function overTime(
  db: Executor,
  f: QuizPerformanceFilter,
): Promise<{ day: string; finished: number; meanScore: number }[]> {
  const { rows } = await sql<{ day: string; finished: number; meanScore: number }>`
    SELECT to_char(p.finished_at AT TIME ZONE ${PAKISTAN_TIME_ZONE}, 'YYYY-MM-DD') AS day,
      count(*)::int AS finished, avg(p.score)::float8 AS mean_score
    FROM plays p
    WHERE p.status = 'FINISHED' AND p.finished_at IS NOT NULL AND ${playFilter(f)}
    GROUP BY 1 ORDER BY 1
  `.execute(db);
  return rows;
}

export interface QuestionRow {
  questionId: string;
  questionNo: string | number;
  questionHtml: string;
  answers: number;
  correct: number;
  shareCorrect: number;
}

/**
 * Counts up to `limit` finished plays not counted yet into quiz_question_stats and marks them, in one
 * transaction; returns how many. SKIP LOCKED: a play another pass is counting (or a rescore holds)
 * is left to the next pass. The answers are read by a second statement, after every lock is held, so
 * a rescore committed in between is counted as it is now, never as the first statement's snapshot
 * saw it. A counted play is never picked again: replayed, a pass counts nothing twice.
 */
export async function countFinishedPlays(db: Db, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      WITH due AS (
        SELECT id FROM plays WHERE status = 'FINISHED' AND question_stats_at IS NULL
        LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      UPDATE plays p SET question_stats_at = now() FROM due WHERE p.id = due.id
      RETURNING p.id
    `.execute(trx);
    if (rows.length > 0) {
      await sql`SELECT add_question_stats(${rows.map((r) => r.id)}::uuid[], 1)`.execute(trx);
    }
    return rows.length;
  });
}

/**
 * Over the answers of finished plays (quiz_question_stats: counted by countFinishedPlays, which the
 * service runs first): the `top` questions with the lowest and the highest share correct (ties: more
 * answers first, then id), and the mean time of an answered question.
 */
export async function questionFigures(
  db: Executor,
  f: QuizPerformanceFilter,
  top: number,
): Promise<{ hardest: QuestionRow[]; easiest: QuestionRow[]; meanTimeMs: number | null }> {
  type Row = QuestionRow & { end: 'hardest' | 'easiest' | 'mean'; meanTimeMs: number | null };
  const { rows } = await sql<Row>`
    WITH per AS (
      SELECT s.question_id, sum(s.answers)::int AS answers, sum(s.correct)::int AS correct,
        sum(s.correct)::float8 / sum(s.answers) AS share_correct,
        sum(s.time_sum_ms) AS time_sum, sum(s.answered) AS timed
      FROM quiz_question_stats s
      WHERE ${playFilter(f, 's')}
      GROUP BY s.question_id
      HAVING sum(s.answers) > 0
    ),
    hardest AS (SELECT * FROM per ORDER BY share_correct ASC, answers DESC, question_id LIMIT ${top}),
    easiest AS (SELECT * FROM per ORDER BY share_correct DESC, answers DESC, question_id LIMIT ${top}),
    picked AS (
      SELECT 'hardest' AS end, * FROM hardest
      UNION ALL
      SELECT 'easiest', * FROM easiest
    )
    SELECT x.end, x.question_id, q.question_no, q.question_html, x.answers, x.correct, x.share_correct,
      NULL::float8 AS mean_time_ms
    FROM picked x JOIN questions q ON q.id = x.question_id
    UNION ALL
    SELECT 'mean', NULL, 0, '', 0, 0, 0, (sum(time_sum) / nullif(sum(timed), 0))::float8 FROM per
  `.execute(db);
  const order = (a: Row, b: Row, sign: number) =>
    sign * (a.shareCorrect - b.shareCorrect) ||
    b.answers - a.answers ||
    a.questionId.localeCompare(b.questionId);
  return {
    meanTimeMs: rows.find((r) => r.end === 'mean')?.meanTimeMs ?? null,
    hardest: rows.filter((r) => r.end === 'hardest').sort((a, b) => order(a, b, 1)),
    easiest: rows.filter((r) => r.end === 'easiest').sort((a, b) => order(a, b, -1)),
  };
}

/** Quizzes, phases and grades for the filters (the report's own, so its one permission is enough). */
export async function filterOptions(db: Executor) {
  const { rows } = await sql<{ kind: 'quiz' | 'phase' | 'grade'; id: string; name: string }>`
    (SELECT 'quiz' AS kind, id, title AS name FROM quizzes ORDER BY created_at DESC LIMIT 500)
    UNION ALL
    (SELECT 'phase', id, name FROM phases ORDER BY number)
    UNION ALL
    (SELECT 'grade', id, title FROM grades ORDER BY sort_order, title)
  `.execute(db);
  return rows;
}
