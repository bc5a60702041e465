import { type RawBuilder, sql } from 'kysely';
import type { SignalKind } from '../../contracts/integrity.js';
import type { ReviewDecision, ReviewState } from '../../contracts/integrity-review.js';
import type { Executor } from '../../lib/db.js';

export interface QueueFilter {
  phaseId?: string | undefined;
  gradeId?: string | undefined;
  kind?: SignalKind | undefined;
  decision?: ReviewState | undefined;
}

export interface FlaggedRow {
  id: string;
  score: number;
  finishedAt: Date | null;
  disqualifiedAt: Date | null;
  studentId: string;
  studentNo: number;
  fullName: string;
  phaseId: string;
  phaseName: string;
  gradeId: string;
  gradeTitle: string;
  rank: number | null;
  strength: number;
  signals: { kind: SignalKind; strength: number }[];
  decision: ReviewDecision | null;
  decidedAt: Date | null;
}

const TRUE = sql<boolean>`TRUE`;

/** Flagged plays (one row per play with any signal), narrowed by the queue's filters. */
function flagged(filter: QueueFilter, playId?: string): RawBuilder<unknown> {
  const decision =
    filter.decision === undefined
      ? TRUE
      : filter.decision === 'undecided'
        ? sql`r.decision IS NULL`
        : sql`r.decision = ${filter.decision}`;
  return sql`
    WITH f AS (
      SELECT s.play_id, max(s.strength)::float8 AS strength,
        json_agg(json_build_object('kind', s.kind, 'strength', s.strength::float8)
          ORDER BY s.strength DESC, s.kind) AS signals
      FROM integrity_signals s
      WHERE ${filter.phaseId === undefined ? TRUE : sql`s.phase_id = ${filter.phaseId}`}
        AND ${filter.gradeId === undefined ? TRUE : sql`s.grade_id = ${filter.gradeId}`}
        AND ${playId === undefined ? TRUE : sql`s.play_id = ${playId}`}
      GROUP BY s.play_id
      HAVING ${filter.kind === undefined ? TRUE : sql`bool_or(s.kind = ${filter.kind})`}
    )
    SELECT p.id, p.score::float8 AS score, p.finished_at, p.disqualified_at,
      st.id AS student_id, st.student_no::int AS student_no, st.full_name,
      ph.id AS phase_id, ph.name AS phase_name, g.id AS grade_id, g.title AS grade_title,
      ps.rank, f.strength, f.signals, r.decision, r.decided_at
    FROM f
    JOIN plays p ON p.id = f.play_id
    JOIN students st ON st.id = p.student_id
    JOIN phases ph ON ph.id = p.phase_id
    JOIN grades g ON g.id = p.grade_id
    LEFT JOIN phase_standings ps ON ps.phase_id = p.phase_id AND ps.grade_id = p.grade_id
      AND ps.student_id = p.student_id AND ps.play_id = p.id
    LEFT JOIN play_reviews r ON r.play_id = p.id
    WHERE ${decision}
  `;
}

/** A page of the queue: strongest signal first, then earliest finish. */
export async function listFlaggedPlays(db: Executor, filter: QueueFilter, limit: number, offset: number) {
  const { rows } = await sql<FlaggedRow>`
    ${flagged(filter)}
    ORDER BY f.strength DESC, p.finished_at NULLS LAST, p.id
    LIMIT ${limit} OFFSET ${offset}
  `.execute(db);
  return rows;
}

export async function countFlaggedPlays(db: Executor, filter: QueueFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${flagged(filter)}) q`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

export async function findFlaggedPlay(db: Executor, playId: string): Promise<FlaggedRow | undefined> {
  const { rows } = await sql<FlaggedRow>`${flagged({}, playId)}`.execute(db);
  return rows[0];
}

/** Phases and grades that have flagged plays: the queue's filter choices. */
export async function filterOptions(db: Executor) {
  const { rows } = await sql<{ kind: 'phase' | 'grade'; id: string; name: string }>`
    SELECT 'phase' AS kind, ph.id, ph.name FROM phases ph
    WHERE EXISTS (SELECT FROM integrity_signals s WHERE s.phase_id = ph.id)
    UNION ALL
    SELECT 'grade', g.id, g.title FROM grades g
    WHERE EXISTS (SELECT FROM integrity_signals s WHERE s.grade_id = g.id)
    ORDER BY 1, 3
  `.execute(db);
  return rows;
}

export function findSignals(db: Executor, playId: string) {
  return db
    .selectFrom('integritySignals')
    .select(['kind', 'strength', 'evidence', 'relatedPlayIds', 'computedAt'])
    .where('playId', '=', playId)
    .orderBy('strength', 'desc')
    .orderBy('kind')
    .execute();
}

export interface AnswerRow {
  playId: string;
  questionId: string;
  position: number;
  selectedOptionIds: string[] | null;
  answerText: string | null;
  outcome: 'ANSWERED' | 'NO_ANSWER' | null;
  timeTakenMs: number | null;
  isCorrect: boolean | null;
}

/** Each play's questions in its order, with its answer (if any). */
export async function findAnswers(db: Executor, playIds: readonly string[]): Promise<AnswerRow[]> {
  if (playIds.length === 0) {
    return [];
  }
  const { rows } = await sql<AnswerRow>`
    SELECT pq.play_id, pq.question_id, pq.position, a.selected_option_ids, a.answer_text, a.outcome,
      a.time_taken_ms, a.is_correct
    FROM play_questions pq
    LEFT JOIN play_answers a ON a.play_id = pq.play_id AND a.question_id = pq.question_id
    WHERE pq.play_id = ANY(${sql.val(playIds)}::uuid[])
    ORDER BY pq.play_id, pq.position
  `.execute(db);
  return rows;
}

/** The questions' text and their options in the question's own order (for letters). */
export async function findQuestions(db: Executor, questionIds: readonly string[]) {
  if (questionIds.length === 0) {
    return { questions: [], options: [] };
  }
  const [questions, options] = await Promise.all([
    db.selectFrom('questions').select(['id', 'questionHtml']).where('id', 'in', questionIds).execute(),
    db
      .selectFrom('questionOptions')
      .select(['id', 'questionId', 'position'])
      .where('questionId', 'in', questionIds)
      .orderBy('questionId')
      .orderBy('position')
      .execute(),
  ]);
  return { questions, options };
}

/** Median answer time per question over answered questions of the grade's finished contest plays. */
export async function medianTimes(
  db: Executor,
  phaseId: string,
  gradeId: string,
  questionIds: readonly string[],
) {
  if (questionIds.length === 0) {
    return [];
  }
  const { rows } = await sql<{ questionId: string; medianMs: number }>`
    SELECT a.question_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY a.time_taken_ms)::float8 AS median_ms
    FROM play_answers a
    JOIN plays p ON p.id = a.play_id
    WHERE p.phase_id = ${phaseId} AND p.grade_id = ${gradeId} AND p.kind = 'CONTEST'
      AND p.status = 'FINISHED' AND p.disqualified_at IS NULL AND a.outcome = 'ANSWERED'
      AND a.question_id = ANY(${sql.val(questionIds)}::uuid[])
    GROUP BY a.question_id
  `.execute(db);
  return rows;
}

export async function findPlaySummaries(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) {
    return [];
  }
  return db
    .selectFrom('plays as p')
    .innerJoin('students as st', 'st.id', 'p.studentId')
    .select(['p.id', 'p.finishedAt', 'p.score', 'st.studentNo', 'st.fullName'])
    .where('p.id', 'in', ids)
    .orderBy('p.finishedAt')
    .execute();
}

/** Other contest plays of the phase from the play's device or network; the hashes stay in SQL. */
export async function findSameOrigin(db: Executor, playId: string, limit = 50) {
  const { rows } = await sql<{
    playId: string;
    studentNo: number;
    fullName: string;
    finishedAt: Date | null;
    sameDevice: boolean;
    sameNetwork: boolean;
  }>`
    SELECT o.id AS play_id, st.student_no::int AS student_no, st.full_name, o.finished_at,
      (o.origin_device_hash = p.origin_device_hash) IS TRUE AS same_device,
      (o.origin_ip_hash = p.origin_ip_hash) IS TRUE AS same_network
    FROM plays p
    JOIN plays o ON o.phase_id = p.phase_id AND o.kind = 'CONTEST' AND o.id <> p.id
      AND (o.origin_device_hash = p.origin_device_hash OR o.origin_ip_hash = p.origin_ip_hash)
    JOIN students st ON st.id = o.student_id
    WHERE p.id = ${playId}
    ORDER BY o.finished_at NULLS LAST, o.id
    LIMIT ${limit}
  `.execute(db);
  return rows;
}

export function findReview(db: Executor, playId: string) {
  return db
    .selectFrom('playReviews as r')
    .leftJoin('staffUsers as su', 'su.id', 'r.decidedBy')
    .select(['r.decision', 'r.reason', 'r.decidedAt', 'r.studentNotifiedAt', 'su.username'])
    .where('r.playId', '=', playId)
    .executeTakeFirst();
}

/** Every decision taken on the play, newest first (from the audit log). */
export async function findHistory(db: Executor, playId: string, action: string) {
  const { rows } = await sql<{ at: Date; username: string | null; details: Record<string, unknown> }>`
    SELECT a.at, su.username, a.details
    FROM audit_log a
    LEFT JOIN staff_users su ON su.id = a.actor_id
    WHERE a.target_type = 'play' AND a.target_id = ${playId} AND a.action = ${action}
    ORDER BY a.at DESC, a.id DESC
  `.execute(db);
  return rows;
}
