import type { Db } from '@riyazi/db';
import { matchesAny } from '../../contracts/answers.js';
import { ANSWER_GRACE_MS, answerScore, isCorrectSelection } from '../../contracts/scoring.js';
import { createBatcher } from '../../lib/batcher.js';
import type { Trx } from '../../lib/db.js';
import { scoreLag } from '../../metrics/metrics.js';
import { insertOutboxEvent, type OutboxEvent } from '../../queue/outbox.js';
import * as repo from './play-scoring.repository.js';
import { applyScores, type UnscoredAnswer, unscoredAnswers } from './play-scoring.repository.js';

export interface AnswerToScore {
  playId: string;
  questionId: string;
  /** The answer.recorded event the job came from, marked enqueued with the score. */
  eventId?: string | undefined;
}

/** What scoring an answer needs: what was given, the question's key and weight, the time allowed. */
export type GradableAnswer = Omit<UnscoredAnswer, 'n' | 'ageSeconds'>;

/**
 * An answer's correctness and score against the question's answer key as it is now: the scoring
 * worker's rule, and the admin rescore's (a key fixed after the play). No answer scores 0.
 */
export function gradeAnswer(answer: GradableAnswer): { correct: boolean; score: number } {
  let correct = false;
  if (answer.outcome === 'ANSWERED') {
    correct =
      answer.type === 'MCQS'
        ? isCorrectSelection(answer.selectedOptionIds, answer.correctOptionIds)
        : answer.answerText !== null && matchesAny(answer.answerText, answer.acceptedAnswers);
  }
  const score = answerScore(correct, answer.timeTakenMs, answer.secondsPerQuestion * 1000, answer.weight);
  return { correct, score };
}

/**
 * The scoring step of the event path (DESIGN.md) for the answers of the jobs that arrive together:
 * scores each recorded answer, adds it to its play's totals and finishes a play once every question
 * is scored. One read and one statement for the whole batch: the scores, the plays' totals, the
 * events' marks and any play.finished events commit together, and the `is_correct IS NULL` guard
 * makes a replayed job change nothing. Answers of one play in the batch add to its totals together;
 * concurrent scorers of one play queue on its row. Returns the play.finished events (finished
 * contests) to dispatch after commit.
 */
export async function scoreRecordedAnswers(
  db: Db,
  items: AnswerToScore[],
): Promise<OutboxEvent<'play.finished'>[]> {
  const answers = await unscoredAnswers(db, items);
  const readAt = performance.now();
  const scores = answers.map((answer) => {
    const item = items[answer.n - 1]!;
    return { playId: item.playId, questionId: item.questionId, ...gradeAnswer(answer) };
  });
  const eventIds = items.flatMap((item) => (item.eventId === undefined ? [] : [item.eventId]));
  const finished = await applyScores(db, scores, eventIds);
  observeScoreLag(answers, (performance.now() - readAt) / 1000);
  return finished;
}

/**
 * Acknowledged → scored, on PostgreSQL's clock (the answer's age when read) plus this process's
 * time since. Only answers a student gave: a sweep's "no answer" is dated at its past deadline.
 */
function observeScoreLag(rows: { outcome: string; ageSeconds: number }[], sinceRead: number): void {
  for (const row of rows) {
    if (row.outcome === 'ANSWERED') {
      scoreLag.observe(Math.max(0, row.ageSeconds + sinceRead));
    }
  }
}

/**
 * What the scoring worker calls per job (made once per engine, api/src/engine.ts): the answers of
 * the jobs it is running together are scored in one batch (scoreRecordedAnswers). Answers the
 * play.finished events to dispatch for this answer.
 */
export const createAnswerScorer = (
  db: Db,
): ((item: AnswerToScore) => Promise<OutboxEvent<'play.finished'>[]>) =>
  createBatcher<AnswerToScore, OutboxEvent<'play.finished'>[]>({
    // One batch at a time: a score may wait a little, and the answers that wait go together.
    maxBatch: 500,
    maxInFlight: 1,
    run: async (items) => {
      const events = await scoreRecordedAnswers(db, items);
      // Each play.finished event goes back with the first answer of its play.
      const results = items.map((): OutboxEvent<'play.finished'>[] => []);
      for (const event of events) {
        const index = items.findIndex((item) => item.playId === event.payload.playId);
        results[Math.max(0, index)]?.push(event);
      }
      return results;
    },
  });

/** One answer (a job the outbox relay enqueued on its own, the tests). */
export const scoreRecordedAnswer = (db: Db, playId: string, questionId: string, eventId?: string) =>
  scoreRecordedAnswers(db, [{ playId, questionId, eventId }]);

/**
 * The deadline sweep: a contest question whose time ran out without an answer gets "no answer"
 * (answered at its deadline), and the clock of the next question starts at that moment if the
 * student never asked for it. A student who closes the tab therefore still ends with a complete,
 * scored play, and one who reloads never gains time. Returns the outbox events written.
 *
 * `plays.clock_deadline_at` says when to look at a play again: set at the start to the first
 * question's deadline and moved here. It is a lower bound (an answer does not move it, to keep the
 * answer path at one write), so a play whose clock passed is checked against its real state: a
 * question answered or served later only moves the clock on.
 */
export async function expireOverdueQuestions(
  db: Db,
  options: { limit?: number } = {},
): Promise<OutboxEvent<'answer.recorded'>[]> {
  const events: OutboxEvent<'answer.recorded'>[] = [];
  for (const id of await repo.playsPastTheirClock(db, options.limit ?? 500)) {
    const event = await db.transaction().execute((trx) => closeOverdueQuestion(trx, id));
    if (event) {
      events.push(event);
    }
  }
  return events;
}

async function closeOverdueQuestion(
  trx: Trx,
  playId: string,
): Promise<OutboxEvent<'answer.recorded'> | null> {
  const play = await repo.lockPlayClock(trx, playId);
  if (play?.status !== 'IN_PROGRESS') {
    return null;
  }
  const questions = await repo.questionClocks(trx, playId);
  const index = questions.findIndex((q) => q.answeredAt === null);
  const current = questions[index];
  if (!current) {
    // Every question has its answer: the scoring worker finishes the play.
    await repo.setPlayClock(trx, playId, null);
    return null;
  }
  const limitMs = play.secondsPerQuestion * 1000;
  const lastAnswer = questions.reduce(
    (latest, q) => Math.max(latest, q.answeredAt?.getTime() ?? 0),
    play.startedAt.getTime(),
  );
  // Never fetched: its clock ran from the previous answer (or the start).
  const deadline = current.deadlineAt ?? new Date(lastAnswer + limitMs);
  if (deadline.getTime() + ANSWER_GRACE_MS > Date.now()) {
    await repo.setPlayClock(trx, playId, deadline);
    return null;
  }
  if (current.servedAt === null) {
    await repo.markServedAt(
      trx,
      playId,
      current.questionId,
      new Date(deadline.getTime() - limitMs),
      deadline,
    );
  }
  const inserted = await repo.insertNoAnswer(trx, playId, current.questionId, deadline, limitMs);
  const last = index === questions.length - 1;
  await repo.setPlayClock(trx, playId, last ? null : new Date(deadline.getTime() + limitMs));
  return inserted
    ? insertOutboxEvent(trx, 'answer.recorded', { playId, questionId: current.questionId })
    : null;
}

/**
 * The safety net of the scoring queue: answers still unscored well after they were recorded (a
 * job lost with Redis, a worker killed mid-job) are scored here from PostgreSQL. Returns the
 * outbox events to dispatch (plays that finished).
 */
export async function scoreStragglers(db: Db, options: { olderThanMs?: number; limit?: number } = {}) {
  const olderThanMs = options.olderThanMs ?? 15_000;
  const rows = await repo.unscoredSince(db, olderThanMs, options.limit ?? 500);
  const events = rows.length === 0 ? [] : await scoreRecordedAnswers(db, rows);
  return { scored: rows.length, events };
}
