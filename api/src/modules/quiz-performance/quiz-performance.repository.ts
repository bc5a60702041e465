import { type RawBuilder, sql } from 'kysely';
import type { QuizPerformanceReport } from '../../contracts/quiz-performance.js';
import type { Executor } from '../../lib/db.js';
import { PAKISTAN_TIME_ZONE } from '../../lib/time.js';
import type { QuizPerformanceFilter } from './quiz-performance.schemas.js';

/** The filter on plays p (every status and kind). */
function playFilter(f: QuizPerformanceFilter): RawBuilder<unknown> {
  const where = [sql`true`];
  if (f.quizId) {
    where.push(sql`p.quiz_id = ${f.quizId}`);
  }
  if (f.phaseId) {
    where.push(sql`p.phase_id = ${f.phaseId}`);
  }
  if (f.gradeId) {
    where.push(sql`p.grade_id = ${f.gradeId}`);
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
 * Counts and score figures. Abandoned = CANCELLED, or IN_PROGRESS whose clock ran out
 * (clock_deadline_at in the past); IN_PROGRESS still on the clock (or without one) is in progress.
 * The maximum score is the largest question count (one point a question) or the best score if higher.
 */
export async function summary(db: Executor, f: QuizPerformanceFilter): Promise<SummaryRow> {
  const { rows } = await sql<SummaryRow>`
    WITH fp AS (
      SELECT p.student_id, p.kind, p.status, p.score::float8 AS score, p.question_count, p.clock_deadline_at
      FROM plays p WHERE ${playFilter(f)}
    ),
    tries AS (
      SELECT count(*) AS n FROM fp WHERE kind = 'CONTEST' GROUP BY student_id
    )
    SELECT
      (SELECT count(DISTINCT student_id) FROM fp)::int AS players,
      (SELECT count(*) FROM fp)::int AS plays,
      (SELECT count(*) FROM fp WHERE status = 'FINISHED')::int AS finished,
      (SELECT count(*) FROM fp WHERE status = 'CANCELLED'
        OR (status = 'IN_PROGRESS' AND clock_deadline_at < now()))::int AS abandoned,
      (SELECT count(*) FROM fp WHERE status = 'IN_PROGRESS'
        AND (clock_deadline_at IS NULL OR clock_deadline_at >= now()))::int AS in_progress,
      (SELECT avg(score) FROM fp WHERE status = 'FINISHED')::float8 AS mean_score,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY score) FROM fp WHERE status = 'FINISHED')::float8
        AS median_score,
      (SELECT coalesce(greatest(max(question_count), ceil(max(score))), 0) FROM fp WHERE status = 'FINISHED')::int
        AS max_score,
      (SELECT count(*) FROM tries WHERE n = 1)::int AS one,
      (SELECT count(*) FROM tries WHERE n = 2)::int AS two,
      (SELECT count(*) FROM tries WHERE n >= 3)::int AS three_or_more
  `.execute(db);
  return rows[0] as SummaryRow;
}

/** Finished plays per score bin: bin = least(floor(score / width), last). */
export async function histogram(
  db: Executor,
  f: QuizPerformanceFilter,
  width: number,
  last: number,
): Promise<{ bin: number; plays: number }[]> {
  const { rows } = await sql<{ bin: number; plays: number }>`
    SELECT least(floor(p.score / ${width})::int, ${last}::int) AS bin, count(*)::int AS plays
    FROM plays p
    WHERE p.status = 'FINISHED' AND ${playFilter(f)}
    GROUP BY 1 ORDER BY 1
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
 * Over the answers of finished plays: the `top` questions with the lowest and the highest share
 * correct (ties: more answers first, then id), and the mean time of an answered question.
 */
export async function questionFigures(
  db: Executor,
  f: QuizPerformanceFilter,
  top: number,
): Promise<{ hardest: QuestionRow[]; easiest: QuestionRow[]; meanTimeMs: number | null }> {
  type Row = QuestionRow & { end: 'hardest' | 'easiest' | 'mean'; meanTimeMs: number | null };
  const { rows } = await sql<Row>`
    WITH per AS (
      SELECT a.question_id, count(*)::int AS answers,
        (count(*) FILTER (WHERE a.is_correct))::int AS correct,
        (count(*) FILTER (WHERE a.is_correct))::float8 / count(*) AS share_correct,
        sum(a.time_taken_ms) FILTER (WHERE a.outcome = 'ANSWERED') AS time_sum,
        count(*) FILTER (WHERE a.outcome = 'ANSWERED') AS timed
      FROM plays p JOIN play_answers a ON a.play_id = p.id
      WHERE p.status = 'FINISHED' AND ${playFilter(f)}
      GROUP BY a.question_id
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
