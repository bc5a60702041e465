import { type RawBuilder, sql } from 'kysely';
import { REPORT_TIME_ZONE, type ReportSort } from '../../contracts/question-report.js';
import type { Executor } from '../../lib/db.js';
import type { ReportFilter } from './question-report.schemas.js';

/** The finished plays the report reads (its WHERE clause on plays p). */
function finishedPlays(f: ReportFilter): RawBuilder<unknown> {
  const where = [sql`p.status = 'FINISHED'`];
  if (f.phaseId) {
    where.push(sql`p.phase_id = ${f.phaseId}`);
  }
  if (f.gradeId) {
    where.push(sql`p.grade_id = ${f.gradeId}`);
  }
  if (f.kind) {
    where.push(sql`p.kind = ${f.kind}`);
  }
  // Whole days in Pakistan time: [from 00:00, to + 1 day 00:00) PKT.
  if (f.from) {
    where.push(sql`p.finished_at >= (${f.from}::date)::timestamp AT TIME ZONE ${REPORT_TIME_ZONE}`);
  }
  if (f.to) {
    where.push(sql`p.finished_at < (${f.to}::date + 1)::timestamp AT TIME ZONE ${REPORT_TIME_ZONE}`);
  }
  return sql.join(where, sql` AND `);
}

const SORT_COLUMN: Record<ReportSort, string> = {
  questionNo: 'question_no',
  served: 'served',
  shareCorrect: 'share_correct',
  facility: 'share_correct',
  avgTime: 'avg_time_ms',
  medianTime: 'median_time_ms',
  discrimination: 'discrimination',
};

export interface StatsRow {
  plays: number;
  total: number;
  questionId: string | null;
  questionNo: string | number;
  questionHtml: string;
  type: 'MCQS' | 'OPEN_ENDED';
  gradeId: string;
  gradeTitle: string;
  categoryId: string;
  categoryName: string;
  served: number;
  correct: number;
  answered: number;
  avgTimeMs: number | null;
  medianTimeMs: number | null;
  upperServed: number;
  upperCorrect: number;
  lowerServed: number;
  lowerCorrect: number;
  shareCorrect: number;
  discrimination: number | null;
}

/**
 * One row per question served in the filtered finished plays, sorted and paged, each carrying the
 * count of plays and of questions. Plays are ranked into thirds (ntile(3)) by score over the whole
 * filtered set; ties by more correct answers, then less time, then id, so thirds are stable.
 * With no question on the page, one row with questionId null still carries the counts.
 */
export async function questionStats(
  db: Executor,
  f: ReportFilter,
  page: { limit: number; offset: number } | null,
): Promise<StatsRow[]> {
  const direction = f.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = sql.raw(`${SORT_COLUMN[f.sort]} ${direction} NULLS LAST, question_no ASC`);
  const paging = page === null ? sql`` : sql`LIMIT ${page.limit} OFFSET ${page.offset}`;
  const category = f.categoryId ? sql`AND q.category_id = ${f.categoryId}` : sql``;
  // fp is inlined (NOT MATERIALIZED) so the planner sees the plays filter's row estimate.
  const { rows } = await sql<StatsRow>`
    WITH fp AS NOT MATERIALIZED (
      SELECT p.id,
        ntile(3) OVER (ORDER BY p.score DESC, p.correct_count DESC, p.total_time_ms ASC, p.id) AS third
      FROM plays p
      WHERE ${finishedPlays(f)}
    ),
    shown AS (
      SELECT pq.question_id, fp.third
      FROM fp JOIN play_questions pq ON pq.play_id = fp.id
      WHERE pq.served_at IS NOT NULL
      UNION ALL
      SELECT pq.question_id, fp.third
      FROM fp JOIN play_questions pq ON pq.play_id = fp.id
      WHERE pq.served_at IS NULL AND EXISTS (
        SELECT FROM play_answers a WHERE a.play_id = pq.play_id AND a.question_id = pq.question_id
      )
    ),
    served AS (
      SELECT question_id,
        count(*)::int AS served,
        (count(*) FILTER (WHERE third = 1))::int AS upper_served,
        (count(*) FILTER (WHERE third = 3))::int AS lower_served
      FROM shown
      GROUP BY question_id
    ),
    answers AS (
      SELECT a.question_id,
        (count(*) FILTER (WHERE a.is_correct))::int AS correct,
        (count(*) FILTER (WHERE a.outcome = 'ANSWERED'))::int AS answered,
        (avg(a.time_taken_ms) FILTER (WHERE a.outcome = 'ANSWERED'))::float8 AS avg_time_ms,
        (percentile_cont(0.5) WITHIN GROUP (ORDER BY a.time_taken_ms)
          FILTER (WHERE a.outcome = 'ANSWERED'))::float8 AS median_time_ms,
        (count(*) FILTER (WHERE fp.third = 1 AND a.is_correct))::int AS upper_correct,
        (count(*) FILTER (WHERE fp.third = 3 AND a.is_correct))::int AS lower_correct
      FROM fp JOIN play_answers a ON a.play_id = fp.id
      GROUP BY a.question_id
    ),
    stats AS (
      SELECT s.question_id, s.served, s.upper_served, s.lower_served,
        coalesce(a.correct, 0) AS correct, coalesce(a.answered, 0) AS answered,
        a.avg_time_ms, a.median_time_ms,
        coalesce(a.upper_correct, 0) AS upper_correct, coalesce(a.lower_correct, 0) AS lower_correct
      FROM served s LEFT JOIN answers a ON a.question_id = s.question_id
    ),
    report AS (
      SELECT s.*,
        s.correct::float8 / s.served AS share_correct,
        CASE WHEN s.upper_served > 0 AND s.lower_served > 0
          THEN s.upper_correct::float8 / s.upper_served - s.lower_correct::float8 / s.lower_served
        END AS discrimination,
        q.question_no, q.question_html, q.type, q.grade_id, g.title AS grade_title,
        q.category_id, c.name AS category_name
      FROM stats s
      JOIN questions q ON q.id = s.question_id
      JOIN grades g ON g.id = q.grade_id
      JOIN categories c ON c.id = q.category_id
      WHERE true ${category}
    ),
    counts AS (
      SELECT (SELECT count(*) FROM plays p WHERE ${finishedPlays(f)})::int AS plays,
        (SELECT count(*) FROM report)::int AS total
    )
    SELECT counts.plays, counts.total, r.*
    FROM counts
    LEFT JOIN LATERAL (SELECT * FROM report ORDER BY ${orderBy} ${paging}) r ON true
  `.execute(db);
  return rows;
}

export interface DetailRow {
  questionId: string;
  kind: 'option' | 'wrong';
  /** The option position, or the rank of a wrong answer. */
  position: number;
  text: string | null;
  isCorrect: boolean;
  count: number;
}

export const TOP_WRONG_ANSWERS = 5;

/**
 * For these questions over the same plays: how many answers selected each option (by the
 * option's own position, whatever order the play showed), and the most common wrong typed
 * answers (trimmed, lower-cased).
 */
export async function questionDetails(
  db: Executor,
  f: ReportFilter,
  questions: { choiceIds: string[]; openIds: string[] },
): Promise<DetailRow[]> {
  if (questions.choiceIds.length === 0 && questions.openIds.length === 0) {
    return [];
  }
  // Joins with unnest(ids), not "= ANY(ids)": a hash lookup per answer instead of a list scan.
  const { rows } = await sql<DetailRow>`
    WITH choice_ids AS (SELECT unnest(${questions.choiceIds}::uuid[]) AS id),
    open_ids AS (SELECT unnest(${questions.openIds}::uuid[]) AS id),
    picked AS (
      SELECT a.question_id, option_id, count(*)::int AS count
      FROM plays p
      JOIN play_answers a ON a.play_id = p.id
      JOIN choice_ids ON choice_ids.id = a.question_id
      CROSS JOIN LATERAL unnest(a.selected_option_ids) AS option_id
      WHERE ${finishedPlays(f)}
      GROUP BY a.question_id, option_id
    ),
    typed AS (
      SELECT a.question_id, lower(btrim(a.answer_text)) AS text, count(*)::int AS count
      FROM plays p
      JOIN play_answers a ON a.play_id = p.id
      JOIN open_ids ON open_ids.id = a.question_id
      WHERE ${finishedPlays(f)} AND a.outcome = 'ANSWERED' AND a.is_correct IS NOT TRUE
        AND btrim(coalesce(a.answer_text, '')) <> ''
      GROUP BY a.question_id, lower(btrim(a.answer_text))
    )
    SELECT o.question_id, 'option' AS kind, o.position::int AS position, NULL::text AS text,
      o.is_correct, coalesce(picked.count, 0)::int AS count
    FROM question_options o
    JOIN choice_ids ON choice_ids.id = o.question_id
    LEFT JOIN picked ON picked.question_id = o.question_id AND picked.option_id = o.id
    UNION ALL
    SELECT question_id, 'wrong', position::int, text, false, count
    FROM (
      SELECT typed.*,
        row_number() OVER (PARTITION BY question_id ORDER BY count DESC, text) AS position
      FROM typed
    ) wrong
    WHERE position <= ${TOP_WRONG_ANSWERS}
    ORDER BY 1, 2, 3
  `.execute(db);
  return rows;
}
