import { prepared } from '@riyazi/db';
import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';
import { insertOutboxEventsSelect } from '../../queue/outbox.repository.js';
import { idList, plain, startClocks } from './play-batches.repository.js';

// The statements of the play path's answers and the play's fixed part (start and serve: play-batches.repository.ts), each for many
// students at once (see lib/batcher.ts; a lone call is a batch of one): each takes its items as
// parallel arrays (one parameter per column, so the text never varies and is prepared once) and
// answers one result per item, in item order.

export interface RecordedAnswer {
  status: string | null;
  served: boolean | null;
  answeredBefore: number;
  existingOutcome: 'ANSWERED' | 'NO_ANSWER' | null;
  existingTimeMs: number | null;
  outcome: 'ANSWERED' | 'NO_ANSWER' | null;
  timeTakenMs: number | null;
  eventId: string | null;
  /** A contest answer after its deadline and grace (recorded as no answer: its time ran out). */
  late: boolean;
  /**
   * Only for an item with serveNext whose answer this statement recorded: the next question it
   * served and the clock it started (null when there is none, or something served it first).
   */
  nextQuestionId: string | null;
  nextServedAt: Date | null;
  nextDeadlineAt: Date | null;
}

export interface AnswerInput {
  playId: string;
  questionId: string;
  studentId: string;
  now: Date;
  isContest: boolean;
  limitMs: number;
  selectedOptionIds: string[];
  answerText: string | null;
  /** Nothing chosen or typed: recorded as no answer. */
  empty: boolean;
  /** The client's time taken, already bounded (practice may pause, so practice uses it). */
  clientMs: number | null;
  clientAuditMs: number | null;
  /**
   * Serve the play's next question in the same statement (a submit with includeNext) when this
   * answer is recorded now and on time: its clock starts as the statement runs.
   */
  serveNext: boolean;
}

/**
 * The answer path: when the question is served and the play open, records each answer with the
 * server's time taken (a contest answer after deadline + grace is no answer) and its answer.recorded
 * event. The primary key makes a second submit insert nothing; its row then reports the first
 * answer. Two submits of the same answer in one batch record it once; both are told its outcome.
 * An item with serveNext whose answer is recorded now, on time, also serves the play's next question
 * as serveMany would (its served_at, deadline and question.served event), so one answer with its next
 * question is one statement. Also returns what the caller needs to explain a refusal.
 */
export async function recordAnswers(
  db: Executor,
  items: AnswerInput[],
  graceMs: number,
): Promise<RecordedAnswer[]> {
  const result = await sql<RecordedAnswer & { n: number }>`${prepared}
    WITH input AS (
      SELECT * FROM unnest(
        ${items.map((i) => i.playId)}::uuid[], ${items.map((i) => i.questionId)}::uuid[],
        ${items.map((i) => i.studentId)}::uuid[], ${items.map((i) => i.now)}::timestamptz[],
        ${items.map((i) => i.isContest)}::boolean[], ${items.map((i) => i.limitMs)}::int[],
        ${items.map((i) => i.selectedOptionIds.join(','))}::text[], ${items.map((i) => i.answerText)}::text[],
        ${items.map((i) => i.empty)}::boolean[], ${items.map((i) => i.clientMs)}::int[],
        ${items.map((i) => i.clientAuditMs)}::int[], ${items.map((i) => i.serveNext)}::boolean[]
      ) WITH ORDINALITY AS t (play_id, question_id, student_id, at, is_contest, limit_ms, selected,
        answer_text, empty, client_ms, audit_ms, serve_next, n)
    ), state AS (
      SELECT i.*, p.status, pq.served_at, pq.position,
        i.is_contest AND i.at > pq.deadline_at + make_interval(secs => ${graceMs / 1000}::float8) AS late,
        least(greatest(round(extract(epoch FROM i.at - pq.served_at) * 1000), 0), i.limit_ms)::int AS server_ms,
        (SELECT count(*) FROM play_answers c WHERE c.play_id = i.play_id)::int AS answered_before
      FROM input i
      LEFT JOIN LATERAL (
        SELECT status FROM plays WHERE id = i.play_id AND student_id = i.student_id
      ) p ON true
      LEFT JOIN LATERAL (
        SELECT served_at, deadline_at, position FROM play_questions
        WHERE play_id = i.play_id AND question_id = i.question_id
      ) pq ON true
    ), answer AS (
      INSERT INTO play_answers
        (play_id, question_id, outcome, selected_option_ids, answer_text, answered_at, time_taken_ms, client_time_taken_ms)
      SELECT DISTINCT ON (s.play_id, s.question_id) s.play_id, s.question_id, o.outcome,
        CASE WHEN o.outcome = 'ANSWERED' THEN string_to_array(s.selected, ',')::uuid[] ELSE '{}'::uuid[] END,
        CASE WHEN o.outcome = 'ANSWERED' THEN s.answer_text END,
        s.at,
        CASE WHEN NOT s.is_contest AND s.client_ms IS NOT NULL
          THEN least(greatest(s.client_ms, 0), s.limit_ms) ELSE s.server_ms END,
        s.audit_ms
      FROM state s,
        LATERAL (SELECT CASE WHEN s.late OR s.empty THEN 'NO_ANSWER' ELSE 'ANSWERED' END AS outcome) o
      WHERE s.status = 'IN_PROGRESS' AND s.served_at IS NOT NULL
      ORDER BY s.play_id, s.question_id, s.n
      ON CONFLICT (play_id, question_id) DO NOTHING
      RETURNING play_id, question_id, outcome, time_taken_ms
    ), event AS (
      ${insertOutboxEventsSelect('answer.recorded', {
        playId: sql`play_id::text`,
        questionId: sql`question_id::text`,
      })}
      FROM answer
      RETURNING id, (payload->>'playId')::uuid AS play_id, (payload->>'questionId')::uuid AS question_id
    ), next AS (
      -- The question after one answered now and on time: its clock starts as this statement runs
      -- (whole milliseconds, as a clock read into JavaScript; never before the answer itself).
      SELECT DISTINCT ON (s.play_id) s.play_id, nq.question_id, s.limit_ms / 1000.0 AS seconds,
        greatest(s.at, date_trunc('milliseconds', clock_timestamp())) AS starts_at
      FROM answer a
      JOIN state s ON s.play_id = a.play_id AND s.question_id = a.question_id AND s.serve_next AND NOT s.late
      JOIN play_questions nq ON nq.play_id = s.play_id AND nq.position = s.position + 1
      ORDER BY s.play_id, s.n
    ), ${startClocks('next')}
    SELECT s.n::int AS n, s.status, s.served_at IS NOT NULL AS served, s.answered_before AS "answeredBefore",
      existing.outcome AS "existingOutcome", existing.time_taken_ms AS "existingTimeMs",
      answer.outcome, answer.time_taken_ms AS "timeTakenMs", event.id AS "eventId",
      coalesce(s.late, false) AS late,
      CASE WHEN s.serve_next AND answer.play_id IS NOT NULL THEN served.question_id END AS "nextQuestionId",
      CASE WHEN s.serve_next AND answer.play_id IS NOT NULL THEN served.served_at END AS "nextServedAt",
      CASE WHEN s.serve_next AND answer.play_id IS NOT NULL THEN served.deadline_at END AS "nextDeadlineAt"
    FROM state s
    LEFT JOIN LATERAL (
      SELECT outcome, time_taken_ms FROM play_answers
      WHERE play_id = s.play_id AND question_id = s.question_id
    ) existing ON true
    LEFT JOIN answer ON answer.play_id = s.play_id AND answer.question_id = s.question_id
    LEFT JOIN event ON event.play_id = s.play_id AND event.question_id = s.question_id
    LEFT JOIN served ON served.play_id = s.play_id
  `.execute(plain(db));
  const byItem = new Map(result.rows.map(({ n, ...row }) => [n, row]));
  return items.map((_, index) => {
    const row = byItem.get(index + 1);
    if (!row) {
      throw new Error('recordAnswers: an item got no row');
    }
    return row;
  });
}

/** What a play fixed at its start and never changes: its owner, kind, time limit, questions in order. */
export interface PlayStructure {
  studentId: string;
  kind: 'CONTEST' | 'PRACTICE';
  secondsPerQuestion: number;
  questions: {
    questionId: string;
    questionType: 'MCQS' | 'OPEN_ENDED';
    selectMultiple: boolean;
    optionOrder: string[];
  }[];
}

/** The structure of many plays at once; null where there is no such play. */
export async function playStructures(db: Executor, playIds: string[]): Promise<(PlayStructure | null)[]> {
  const result = await sql<{
    playId: string;
    studentId: string;
    kind: 'CONTEST' | 'PRACTICE';
    secondsPerQuestion: number;
    questionId: string;
    questionType: 'MCQS' | 'OPEN_ENDED';
    selectMultiple: boolean;
    optionOrder: string | null;
  }>`${prepared}
    SELECT i.play_id AS "playId", p.student_id AS "studentId", p.kind,
      qz.seconds_per_question AS "secondsPerQuestion", pq.question_id AS "questionId",
      q.type AS "questionType", q.select_multiple AS "selectMultiple",
      array_to_string(pq.option_order, ',') AS "optionOrder"
    FROM unnest(${playIds}::uuid[]) AS i (play_id)
    JOIN plays p ON p.id = i.play_id
    JOIN quizzes qz ON qz.id = p.quiz_id
    CROSS JOIN LATERAL (
      SELECT position, question_id, option_order FROM play_questions WHERE play_id = i.play_id
    ) pq
    JOIN questions q ON q.id = pq.question_id
    ORDER BY i.play_id, pq.position
  `.execute(plain(db));
  const byPlay = new Map<string, PlayStructure>();
  for (const row of result.rows) {
    let play = byPlay.get(row.playId);
    if (!play) {
      play = {
        studentId: row.studentId,
        kind: row.kind,
        secondsPerQuestion: row.secondsPerQuestion,
        questions: [],
      };
      byPlay.set(row.playId, play);
    }
    const { questionId, questionType, selectMultiple, optionOrder } = row;
    play.questions.push({ questionId, questionType, selectMultiple, optionOrder: idList(optionOrder) });
  }
  return playIds.map((id) => byPlay.get(id) ?? null);
}
