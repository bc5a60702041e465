import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestWorkers } from '../../test/workers.js';
import { stragglerAgeMs } from '../../workers/src/deadline-sweep.js';
import { scoreStragglers } from '../src/modules/play-quiz/play-scoring.js';
import { rightAnswer, serve, start, submit, t } from './play-quiz.fixtures.js';

const FLOOD = 300;

/** Integrity checks of plays that are not there: each a real job, quick to run, many to wait. */
const floodIntegrity = () =>
  t.queues.integrity.addBulk(
    Array.from({ length: FLOOD }, () => {
      const playId = crypto.randomUUID();
      return { name: 'play.check', data: { playId }, opts: { jobId: `integrity-play-${playId}` } };
    }),
  );

/** A contest play started and its first question answered (its scoring job queued by the api). */
async function answerOne() {
  const { play } = await start();
  const questionId = play.questions[0]!._id;
  await serve(play._id, questionId);
  expect((await submit(play._id, questionId, await rightAnswer(questionId))).statusCode).toBe(200);
  return { playId: play._id, questions: play.questions.map((q) => q._id) };
}

const scoredOf = async (playId: string) =>
  (
    await t.db
      .selectFrom('playAnswers')
      .select('isCorrect')
      .where('playId', '=', playId)
      .where('isCorrect', 'is not', null)
      .execute()
  ).length;

// Before each test too: a test file run earlier by the same test worker (same Redis prefix) may
// have left completed integrity checks behind, which the counts below would include.
const emptyQueues = async () => {
  await t.queues.integrity.obliterate({ force: true });
  await t.queues.scoring.obliterate({ force: true });
};
beforeEach(emptyQueues);
afterEach(emptyQueues);

describe('scoring first', () => {
  it('the contest workers score an answer while a flood of integrity checks is still waiting', async () => {
    await floodIntegrity();
    const workers = await startTestWorkers(t, { groups: ['contest'] });
    try {
      const { playId } = await answerOne();
      await expect.poll(() => scoredOf(playId), { timeout: 10_000, interval: 50 }).toBe(1);
      const integrity = await t.queues.integrity.getJobCounts('waiting', 'active', 'completed');
      expect(integrity).toEqual({ waiting: FLOOD, active: 0, completed: 0 });
    } finally {
      await workers.close();
    }
  });

  it('the background workers run the integrity checks and leave scoring to the contest workers', async () => {
    const { playId } = await answerOne();
    await floodIntegrity();
    const workers = await startTestWorkers(t, { groups: ['background'] });
    try {
      await expect
        .poll(async () => t.queues.integrity.getJobCounts('waiting', 'active', 'completed'), {
          timeout: 15_000,
          interval: 100,
        })
        .toEqual({ waiting: 0, active: 0, completed: FLOOD });
      expect(await t.queues.scoring.getJobCounts('waiting')).toEqual({ waiting: 1 });
      expect(await scoredOf(playId)).toBe(0);
    } finally {
      await workers.close();
    }
  });
});

describe("the deadline sweep's safety net", () => {
  it('does not score answers whose scoring job is still waiting in a long queue, and scores them once it is lost', async () => {
    const { playId, questions } = await answerOne();
    for (const questionId of questions.slice(1)) {
      await serve(playId, questionId);
      await submit(playId, questionId, await rightAnswer(questionId));
    }
    // Answered a minute ago; their jobs queued with them and still waiting behind a backlog.
    const minuteAgo = Date.now() - 60_000;
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: new Date(minuteAgo) })
      .where('playId', '=', playId)
      .execute();
    await t.queues.scoring.obliterate({ force: true });
    await t.queues.scoring.add(
      'answers.score',
      { answers: questions.map((questionId) => ({ eventId: crypto.randomUUID(), playId, questionId })) },
      { jobId: `answers-${playId}`, timestamp: minuteAgo + 50 },
    );
    const waiting = await stragglerAgeMs(t.queues);
    expect(waiting).toBeGreaterThan(60_000);
    expect(await scoreStragglers(t.db, { olderThanMs: waiting })).toMatchObject({ scored: 0 });
    expect(await scoredOf(playId)).toBe(0);

    // Redis lost the job: nothing waits in the queue any more, and the sweep scores the answers itself.
    await t.queues.scoring.obliterate({ force: true });
    const lost = await stragglerAgeMs(t.queues);
    expect(lost).toBe(15_000);
    expect(await scoreStragglers(t.db, { olderThanMs: lost })).toMatchObject({ scored: questions.length });
  });
});
