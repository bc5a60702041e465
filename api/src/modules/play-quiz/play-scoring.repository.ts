import { type Db, prepared } from '@riyazi/db';
import { type RawBuilder, sql } from 'kysely';
import { ANSWER_GRACE_MS } from '../../contracts/scoring.js';
import type { Trx } from '../../lib/db.js';
import {
  insertOutboxEventsSelect,
  markOutboxEnqueuedSql,
  type OutboxEvent,
} from '../../queue/outbox.repository.js';
import { questionsWithAnswers } from './play-quiz.repository.js';

// The scoring step's statements (play-scoring.ts holds what decides): the batch read and write of
// scores, and the deadline sweep's reads and writes.

/** A recorded answer still to score, with what scoring it needs (`n`: its 1-based place in `items`). */
export interface UnscoredAnswer {
  n: number;
  outcome: 'ANSWERED' | 'NO_ANSWER';
  selectedOptionIds: string[];
  answerText: string | null;
  timeTakenMs: number;
  type: 'MCQS' | 'OPEN_ENDED';
  acceptedAnswers: string[];
  weight: number;
  secondsPerQuestion: number;
  correctOptionIds: string[];
  ageSeconds: number;
}

/** The ids of a question's correct options as the key stands now ('{}' when none is marked). */
export const correctOptionIdsOf = (questionId: RawBuilder<unknown>) =>
  sql<
    string[]
  >`coalesce((SELECT array_agg(o.id) FROM question_options o WHERE o.question_id = ${questionId} AND o.is_correct), '{}')`;

/** The answers of `items` not scored yet (a replayed job finds none), in one read. */
export async function unscoredAnswers(
  db: Db,
  items: { playId: string; questionId: string }[],
): Promise<UnscoredAnswer[]> {
  const answers = await sql<UnscoredAnswer>`${prepared}
    SELECT i.n::int AS n, a.outcome,
      extract(epoch FROM clock_timestamp() - a.answered_at)::float8 AS "ageSeconds", a.selected_option_ids AS "selectedOptionIds",
      a.answer_text AS "answerText", a.time_taken_ms AS "timeTakenMs", q.type,
      q.accepted_answers AS "acceptedAnswers", q.score AS weight, qz.seconds_per_question AS "secondsPerQuestion",
      ${correctOptionIdsOf(sql.ref('q.id'))} AS "correctOptionIds"
    FROM unnest(${items.map((i) => i.playId)}::uuid[], ${items.map((i) => i.questionId)}::uuid[])
      WITH ORDINALITY AS i (play_id, question_id, n)
    CROSS JOIN LATERAL (
      SELECT * FROM play_answers WHERE play_id = i.play_id AND question_id = i.question_id AND is_correct IS NULL
    ) a
    JOIN questions q ON q.id = i.question_id
    JOIN plays p ON p.id = i.play_id
    JOIN quizzes qz ON qz.id = p.quiz_id
  `.execute(db.withoutPlugins());
  return answers.rows;
}

export interface AnswerScore {
  playId: string;
  questionId: string;
  correct: boolean;
  score: number;
}

/**
 * One statement for the whole batch: the scores, the plays' totals (a play finishes once every
 * question is scored), the events' marks and any play.finished events commit together; the
 * `is_correct IS NULL` guard makes a replay change nothing. Returns the play.finished events.
 */
export async function applyScores(
  db: Db,
  scores: AnswerScore[],
  eventIds: string[],
): Promise<OutboxEvent<'play.finished'>[]> {
  const finished = await sql<Omit<OutboxEvent<'play.finished'>, 'type'>>`${prepared}
    WITH input AS (
      SELECT * FROM unnest(
        ${scores.map((s) => s.playId)}::uuid[], ${scores.map((s) => s.questionId)}::uuid[],
        ${scores.map((s) => s.correct)}::boolean[], ${scores.map((s) => s.score)}::float8[]
      ) AS t (play_id, question_id, is_correct, score)
    ), scored AS (
      UPDATE play_answers a SET is_correct = input.is_correct, score = input.score, scored_at = now()
      FROM input
      WHERE a.play_id = input.play_id AND a.question_id = input.question_id AND a.is_correct IS NULL
      RETURNING a.play_id, a.score, a.is_correct, a.time_taken_ms
    ), totals AS (
      SELECT play_id, sum(score) AS score, sum(is_correct::int) AS correct, sum(time_taken_ms) AS time_ms,
        count(*) AS n
      FROM scored GROUP BY play_id
    ), play AS (
      UPDATE plays SET
        score = plays.score + totals.score,
        correct_count = plays.correct_count + totals.correct,
        total_time_ms = plays.total_time_ms + totals.time_ms,
        scored_count = plays.scored_count + totals.n,
        status = CASE WHEN plays.status = 'IN_PROGRESS' AND plays.scored_count + totals.n >= plays.question_count
          THEN 'FINISHED' ELSE plays.status END,
        finished_at = CASE WHEN plays.status = 'IN_PROGRESS' AND plays.scored_count + totals.n >= plays.question_count
          THEN (SELECT max(a.answered_at) FROM play_answers a WHERE a.play_id = plays.id)
          ELSE plays.finished_at END,
        clock_deadline_at = CASE WHEN plays.scored_count + totals.n >= plays.question_count
          THEN NULL ELSE plays.clock_deadline_at END
      FROM totals
      WHERE plays.id = totals.play_id
      RETURNING plays.id, plays.kind, plays.phase_id, plays.grade_id,
        plays.status = 'FINISHED' AND plays.scored_count = plays.question_count AS finished_now
    ), marked AS (
      ${markOutboxEnqueuedSql(eventIds)}
    )
    ${insertOutboxEventsSelect('play.finished', {
      playId: sql`play.id`,
      phaseId: sql`play.phase_id`,
      gradeId: sql`play.grade_id`,
      kind: sql`play.kind`,
    })}
    FROM play
    WHERE play.finished_now AND play.kind = 'CONTEST'
    RETURNING id, payload
  `.execute(db);
  return finished.rows.map((row) => ({ ...row, type: 'play.finished' }));
}

/** Contest plays whose clock passed (plus the grace) and so may hold a question that ran out. */
export async function playsPastTheirClock(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('plays')
    .select('id')
    .where('status', '=', 'IN_PROGRESS')
    .where('kind', '=', 'CONTEST')
    .where('clockDeadlineAt', '<', sql<Date>`now() - make_interval(secs => ${ANSWER_GRACE_MS / 1000})`)
    .orderBy('clockDeadlineAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The play's status, start and time per question, its row locked until the transaction ends. */
export const lockPlayClock = (trx: Trx, playId: string) =>
  trx
    .selectFrom('plays')
    .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
    .select(['plays.status', 'plays.startedAt', 'quizzes.secondsPerQuestion'])
    .where('plays.id', '=', playId)
    .forUpdate('plays')
    .executeTakeFirst();

/** Each question of the play in order: when it was served, its deadline and when it was answered. */
export const questionClocks = (trx: Trx, playId: string) =>
  questionsWithAnswers(trx, playId)
    .select([
      'playQuestions.questionId',
      'playQuestions.servedAt',
      'playQuestions.deadlineAt',
      'playAnswers.answeredAt',
    ])
    .orderBy('playQuestions.position')
    .execute();

/** When the sweep should look at the play again (null: never). */
export async function setPlayClock(trx: Trx, playId: string, at: Date | null): Promise<void> {
  await trx.updateTable('plays').set({ clockDeadlineAt: at }).where('id', '=', playId).execute();
}

/** A question never fetched is dated as served when its clock started, so its deadline holds. */
export async function markServedAt(
  trx: Trx,
  playId: string,
  questionId: string,
  servedAt: Date,
  deadlineAt: Date,
): Promise<void> {
  await trx
    .updateTable('playQuestions')
    .set({ servedAt, deadlineAt })
    .where('playId', '=', playId)
    .where('questionId', '=', questionId)
    .where('servedAt', 'is', null)
    .execute();
}

/** "No answer" at the deadline, unless an answer got there first; whether this wrote it. */
export async function insertNoAnswer(
  trx: Trx,
  playId: string,
  questionId: string,
  deadline: Date,
  limitMs: number,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('playAnswers')
    .values({
      playId,
      questionId,
      outcome: 'NO_ANSWER',
      selectedOptionIds: [],
      answerText: null,
      answeredAt: deadline,
      timeTakenMs: limitMs,
      clientTimeTakenMs: null,
    })
    .onConflict((oc) => oc.columns(['playId', 'questionId']).doNothing())
    .returning('playId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Answers recorded more than `olderThanMs` ago and still unscored (the scoring queue lost them). */
export const unscoredSince = (db: Db, olderThanMs: number, limit: number) =>
  db
    .selectFrom('playAnswers')
    .select(['playId', 'questionId'])
    .where('isCorrect', 'is', null)
    .where('answeredAt', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .orderBy('answeredAt')
    .limit(limit)
    .execute();
