import { describe, expect, it } from 'vitest';
import { otherToken, rightAnswer, serve, start, submit, t } from './play-quiz.fixtures.js';

describe('serving and answering', () => {
  it('serves questions in order, keeps the first deadline on reload, and never sends a contest its answers', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    const early = await serve(play._id, q2!._id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_CURRENT' });

    const first = await serve(play._id, q1!._id);
    expect(first.statusCode).toBe(200);
    const served = first.json();
    expect(served.question.correctAnswerList).toEqual([]);
    expect(served.question.answerHintText).toBe('');
    expect(served.remainingMs).toBeGreaterThan(170_000);
    expect(served.remainingMs).toBeLessThanOrEqual(180_000);
    expect(new Date(served.deadline).getTime() - new Date(served.servedAt).getTime()).toBe(180_000);

    // A reload a minute later: the same deadline, a minute less to go.
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 60_000), deadlineAt: new Date(Date.now() + 120_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1!._id)
      .execute();
    const reload = (await serve(play._id, q1!._id)).json();
    expect(reload.remainingMs).toBeLessThanOrEqual(120_000);
    expect(reload.remainingMs).toBeGreaterThan(110_000);
    expect(reload.question.questionOptions.map((o: { letter: string }) => o.letter)).toEqual(
      served.question.questionOptions.map((o: { letter: string }) => o.letter),
    );
  });

  it('measures time on the server, ignores the client figure, and answers a retry with the first result', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 60_000), deadlineAt: new Date(Date.now() + 120_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1)
      .execute();
    const answer = await rightAnswer(q1);
    const res = await submit(play._id, q1, answer, 5);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ recorded: true, outcome: 'ANSWERED', nextIndex: 1, finished: false });
    expect(body.timeTakenMs).toBeGreaterThanOrEqual(60_000);
    expect(body.timeTakenMs).toBeLessThan(65_000);
    const retry = await submit(play._id, q1, [], 1);
    expect(retry.json()).toEqual({ ...body, recorded: false });
    const row = await t.db
      .selectFrom('playAnswers')
      .select(['clientTimeTakenMs', 'timeTakenMs'])
      .where('playId', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ clientTimeTakenMs: 5, timeTakenMs: body.timeTakenMs });
    // Start, first serve and answer are each recorded with the row they describe; only the answer has a job.
    const events = await t.db
      .selectFrom('outboxEvents')
      .select(['type', 'payload', 'enqueuedAt'])
      .orderBy('createdAt')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['play.started', 'question.served', 'answer.recorded']);
    expect(events[2]!.payload).toEqual({ playId: play._id, questionId: q1 });
    expect(events.slice(0, 2).every((e) => e.enqueuedAt !== null)).toBe(true);
  });

  it('refuses another student’s play (404), a foreign option and two options on a single-answer question', async () => {
    const { play } = await start();
    const first = play.questions[0]!._id;
    expect((await serve(play._id, first, otherToken)).statusCode).toBe(404);
    expect((await submit(play._id, first, [], 1000, otherToken)).statusCode).toBe(404);
    // Walk to the first single-answer multiple-choice question (answering the ones before it).
    let answered = 0;
    for (const { _id: questionId } of play.questions) {
      await serve(play._id, questionId);
      const question = await t.db
        .selectFrom('questions')
        .select(['type', 'selectMultiple'])
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow();
      if (question.type !== 'MCQS' || question.selectMultiple) {
        await submit(play._id, questionId, await rightAnswer(questionId));
        answered += 1;
        continue;
      }
      expect((await submit(play._id, questionId, ['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(
        400,
      );
      const options = await t.db
        .selectFrom('questionOptions')
        .select('id')
        .where('questionId', '=', questionId)
        .execute();
      const two = await submit(
        play._id,
        questionId,
        options.slice(0, 2).map((o) => ({ _id: o.id })),
      );
      expect(two.statusCode).toBe(400);
      expect(two.json().message).toBe('answers: choose one option');
      break;
    }
    expect(answered).toBeLessThan(15);
    expect(await t.db.selectFrom('playAnswers').select('playId').execute()).toHaveLength(answered);
  });

  it('starts the clock of a question first asked for long after the last answer at that answer', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    await submit(play._id, q1!._id, await rightAnswer(q1!._id));
    // The student answered ten minutes ago and only now asks for the next question.
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await t.db
      .updateTable('playAnswers')
      .set({ answeredAt: tenMinutesAgo })
      .where('playId', '=', play._id)
      .execute();
    await t.db
      .updateTable('plays')
      .set({ startedAt: new Date(tenMinutesAgo.getTime() - 30_000) })
      .where('id', '=', play._id)
      .execute();
    const served = (await serve(play._id, q2!._id)).json();
    expect(served.remainingMs).toBe(0);
    expect(new Date(served.servedAt).getTime()).toBe(tenMinutesAgo.getTime());
    expect((await submit(play._id, q2!._id, await rightAnswer(q2!._id))).json()).toMatchObject({
      outcome: 'NO_ANSWER',
    });
  });

  it('records a contest answer arriving after the deadline and its grace as no answer', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 190_000), deadlineAt: new Date(Date.now() - 10_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1)
      .execute();
    const res = await submit(play._id, q1, await rightAnswer(q1));
    expect(res.json()).toMatchObject({ outcome: 'NO_ANSWER', timeTakenMs: 180_000 });
  });
});
