import { describe, expect, it } from 'vitest';
import { startTestWorkers } from '../../test/workers.js';
import { scoreRecordedAnswer, scoreStragglers } from '../src/modules/play-quiz/play-scoring.js';
import { call, rightAnswer, serve, start, submit, sweepUntilQuiet, t } from './play-quiz.fixtures.js';

describe('scoring and finishing', () => {
  it('scores with the design formula, finishes the play after the last answer, and a replayed job changes nothing', async () => {
    const { play } = await start();
    for (const [index, question] of play.questions.entries()) {
      await serve(play._id, question._id);
      // Odd positions answered wrongly (no selection counts as no answer), even ones correctly.
      const answers = index % 2 === 0 ? await rightAnswer(question._id) : [];
      const res = await submit(play._id, question._id, answers);
      expect(res.statusCode).toBe(200);
    }
    for (const question of play.questions) {
      await scoreRecordedAnswer(t.db, play._id, question._id);
    }
    const finished = await t.db
      .selectFrom('plays')
      .select(['status', 'score', 'correctCount', 'totalTimeMs', 'finishedAt'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(finished.status).toBe('FINISHED');
    expect(finished.correctCount).toBe(8);
    // Answered within a second or two of serving: each correct answer scores just under 1.
    expect(finished.score).toBeGreaterThan(7.9);
    expect(finished.score).toBeLessThanOrEqual(8);
    const replay = await scoreRecordedAnswer(t.db, play._id, play.questions[0]!._id);
    expect(replay).toEqual([]);
    const again = await t.db
      .selectFrom('plays')
      .select(['score', 'finishedAt'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ score: finished.score, finishedAt: finished.finishedAt });
    const finishedEvents = await t.db
      .selectFrom('outboxEvents')
      .select('payload')
      .where('type', '=', 'play.finished')
      .execute();
    expect(finishedEvents).toHaveLength(1);

    const results = (await call('POST', '/api/play-quiz/results', { playId: play._id })).json();
    expect(results.play).toMatchObject({
      status: 'FINISHED',
      correctCount: 8,
      answeredCount: 8,
      pending: false,
    });
    // The contest is still open: its answers are not shown or reviewed yet.
    expect(results.reviewOpen).toBe(false);
    expect((await call('GET', `/api/play-quiz/wrong?id=${play._id}`)).statusCode).toBe(403);
  });

  it('finishes an abandoned contest play: each unanswered question closes at its deadline, chained from the last', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await submit(play._id, q1, await rightAnswer(q1));
    // The student closed the tab an hour ago, right after answering the first question.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .updateTable('plays')
      .set({
        startedAt: new Date(hourAgo.getTime() - 5000),
        clockDeadlineAt: new Date(hourAgo.getTime() + 175_000),
      })
      .where('id', '=', play._id)
      .execute();
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: hourAgo })
      .where('playId', '=', play._id)
      .execute();
    await t.db
      .updateTable('playQuestions')
      .set({
        servedAt: new Date(hourAgo.getTime() - 5000),
        deadlineAt: new Date(hourAgo.getTime() + 175_000),
      })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1)
      .execute();
    await sweepUntilQuiet();
    await scoreRecordedAnswer(t.db, play._id, q1);
    const rows = await t.db
      .selectFrom('playQuestions')
      .innerJoin('playAnswers', (j) =>
        j
          .onRef('playAnswers.playId', '=', 'playQuestions.playId')
          .onRef('playAnswers.questionId', '=', 'playQuestions.questionId'),
      )
      .select([
        'playQuestions.position',
        'playQuestions.servedAt',
        'playQuestions.deadlineAt',
        'playAnswers.outcome',
        'playAnswers.answeredAt',
      ])
      .where('playQuestions.playId', '=', play._id)
      .orderBy('playQuestions.position')
      .execute();
    // An hour is twenty deadlines of three minutes: every question closed, each at its deadline.
    expect(rows.length).toBe(15);
    expect(rows.slice(1).every((r) => r.outcome === 'NO_ANSWER')).toBe(true);
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.servedAt!.getTime()).toBe(rows[i - 1]!.answeredAt.getTime());
      expect(rows[i]!.deadlineAt!.getTime() - rows[i]!.servedAt!.getTime()).toBe(180_000);
    }
    const done = await t.db
      .selectFrom('plays')
      .select(['status', 'correctCount'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'FINISHED', correctCount: 1 });
  });
});

describe('when the scoring queue loses a job', () => {
  it('scores answers left unscored from PostgreSQL and finishes their play', async () => {
    const { play } = await start();
    for (const question of play.questions) {
      await serve(play._id, question._id);
      await submit(play._id, question._id, await rightAnswer(question._id));
    }
    // No worker ran (as if Redis lost every job); the answers are older than the sweep's patience.
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: new Date(Date.now() - 60_000) })
      .where('playId', '=', play._id)
      .execute();
    const { scored, events } = await scoreStragglers(t.db);
    expect(scored).toBe(15);
    expect(events.map((e) => e.type)).toEqual(['play.finished']);
    const done = await t.db
      .selectFrom('plays')
      .select(['status', 'correctCount'])
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'FINISHED', correctCount: 15 });
    expect((await scoreStragglers(t.db)).scored).toBe(0);
  });
});

describe('with the workers running', () => {
  it('scores answers through the queue, finishes the play, and closes an expired question on its own', async () => {
    const workers = await startTestWorkers(t, {
      relay: { graceMs: 500, intervalMs: 300, batchSize: 100 },
      sweepIntervalMs: 200,
    });
    try {
      const { play } = await start();
      const [first, ...rest] = play.questions;
      // The first question runs out while the student is away; the sweep closes it.
      await serve(play._id, first!._id);
      await t.db
        .updateTable('playQuestions')
        .set({ servedAt: new Date(Date.now() - 200_000), deadlineAt: new Date(Date.now() - 20_000) })
        .where('playId', '=', play._id)
        .where('questionId', '=', first!._id)
        .execute();
      await t.db
        .updateTable('plays')
        .set({ clockDeadlineAt: new Date(Date.now() - 20_000) })
        .where('id', '=', play._id)
        .execute();
      await expect
        .poll(
          async () =>
            (await t.db
              .selectFrom('playAnswers')
              .select(['outcome', 'isCorrect'])
              .where('playId', '=', play._id)
              .where('questionId', '=', first!._id)
              .executeTakeFirst()) ?? null,
          { timeout: 10_000, interval: 100 },
        )
        .toEqual({ outcome: 'NO_ANSWER', isCorrect: false });
      for (const question of rest) {
        await serve(play._id, question._id);
        expect((await submit(play._id, question._id, await rightAnswer(question._id))).statusCode).toBe(200);
      }
      await expect
        .poll(
          async () =>
            t.db
              .selectFrom('plays')
              .select(['status', 'correctCount'])
              .where('id', '=', play._id)
              .executeTakeFirst(),
          { timeout: 15_000, interval: 100 },
        )
        .toEqual({ status: 'FINISHED', correctCount: 14 });
      const results = (await call('POST', '/api/play-quiz/results', { playId: play._id })).json();
      expect(results.play.pending).toBe(false);
      expect(results.play.score).toBeGreaterThan(13.9);
    } finally {
      await workers.close();
    }
  });
});
