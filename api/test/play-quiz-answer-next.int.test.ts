import { describe, expect, it } from 'vitest';
import { call, rightAnswer, serve, start, submit, sweepUntilQuiet, t } from './play-quiz.fixtures.js';

interface Served {
  question: { _id: string; questionOptions: { _id: string }[]; correctAnswerList: string[] };
  index: number;
  servedAt: string;
  deadline: string;
  remainingMs: number;
}

interface Answered {
  recorded: boolean;
  outcome: 'ANSWERED' | 'NO_ANSWER';
  nextIndex: number;
  finished: boolean;
  next?: Served | null;
}

const answerAndNext = (playId: string, questionId: string, answers: unknown[]) =>
  call('POST', '/api/play-quiz/question/submit-answer', {
    playId,
    questionId,
    answers,
    timeTaken: 1000,
    includeNext: true,
  });

const servedRow = (playId: string, questionId: string) =>
  t.db
    .selectFrom('playQuestions')
    .select(['servedAt', 'deadlineAt'])
    .where('playId', '=', playId)
    .where('questionId', '=', questionId)
    .executeTakeFirstOrThrow();

const servedEvents = async (questionId: string) =>
  (
    await t.db.selectFrom('outboxEvents').select('payload').where('type', '=', 'question.served').execute()
  ).filter((e) => (e.payload as { questionId?: string } | null)?.questionId === questionId);

/** Counts the separate serve statements (GET /play-quiz/question's) the app runs meanwhile. */
async function countingServes<T>(run: () => Promise<T>): Promise<{ result: T; serves: number }> {
  const play = t.engine.play;
  const original = play.serve;
  let serves = 0;
  play.serve = (item) => {
    serves += 1;
    return original(item);
  };
  try {
    return { result: await run(), serves };
  } finally {
    play.serve = original;
  }
}

describe('one round trip per answer (includeNext)', () => {
  it('acknowledges the answer with the next question, its clock started as the response is sent', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    const right = await rightAnswer(q1!._id);
    const before = Date.now();
    const { result: res, serves } = await countingServes(() => answerAndNext(play._id, q1!._id, right));
    const after = Date.now();
    // One statement: the answer's own serves the next question (no second serve after it).
    expect(serves).toBe(0);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Answered>();
    expect(body).toMatchObject({ recorded: true, outcome: 'ANSWERED', nextIndex: 1, finished: false });
    const next = body.next!;
    expect(next.index).toBe(1);
    expect(next.question._id).toBe(q2!._id);
    // A contest question travels without its answers, as GET /play-quiz/question serves it.
    expect(next.question.correctAnswerList).toEqual([]);
    const servedAt = new Date(next.servedAt).getTime();
    expect(servedAt).toBeGreaterThanOrEqual(before);
    expect(servedAt).toBeLessThanOrEqual(after);
    expect(new Date(next.deadline).getTime() - servedAt).toBe(180_000);
    expect(next.remainingMs).toBeGreaterThan(179_000);
    // The clock is the server's: what the row holds is what the child was sent.
    const row = await servedRow(play._id, q2!._id);
    expect(row.servedAt?.toISOString()).toBe(next.servedAt);
    expect(row.deadlineAt!.toISOString()).toBe(next.deadline);
    // The answer's own clock came before the next question's.
    const answer = await t.db
      .selectFrom('playAnswers')
      .select('answeredAt')
      .where('playId', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(answer.answeredAt.getTime()).toBeLessThanOrEqual(servedAt);
  });

  it('keeps the old call as it was: no next question unless asked for', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    const body = (await submit(play._id, q1, await rightAnswer(q1))).json<Answered>();
    expect(body).toEqual({
      recorded: true,
      outcome: 'ANSWERED',
      timeTakenMs: expect.any(Number),
      nextIndex: 1,
      finished: false,
    });
    expect(await servedEvents(play.questions[1]!._id)).toHaveLength(0);
  });

  it('answers a retry after a lost response with the first result and the same question and deadline', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    const answer = await rightAnswer(q1!._id);
    // The first response never reached the phone; it sends the same answer again a moment later.
    const lost = (await answerAndNext(play._id, q1!._id, answer)).json<Answered>();
    const { result: retry, serves } = await countingServes(() => answerAndNext(play._id, q1!._id, answer));
    // The retry recorded nothing, so the next question is read back as a repeated GET reads it.
    expect(serves).toBe(1);
    expect(retry.statusCode).toBe(200);
    const again = retry.json<Answered>();
    expect(again).toMatchObject({ recorded: false, outcome: 'ANSWERED', nextIndex: 1, finished: false });
    expect(again.next!.question._id).toBe(q2!._id);
    expect(again.next!.deadline).toBe(lost.next!.deadline);
    expect(again.next!.servedAt).toBe(lost.next!.servedAt);
    expect(again.next!.question.questionOptions.map((o) => o._id)).toEqual(
      lost.next!.question.questionOptions.map((o) => o._id),
    );
    // One answer, one clock for the next question.
    expect(await t.db.selectFrom('playAnswers').select('questionId').execute()).toHaveLength(1);
    expect(await servedEvents(q2!._id)).toHaveLength(1);
  });

  it('plays a whole contest one request per question and ends with no next question', async () => {
    const { play } = await start();
    let current = (await serve(play._id, play.questions[0]!._id)).json<Served>();
    for (let index = 0; index < play.questions.length; index += 1) {
      expect(current.question._id).toBe(play.questions[index]!._id);
      const res = await answerAndNext(
        play._id,
        current.question._id,
        await rightAnswer(current.question._id),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Answered>();
      expect(body.nextIndex).toBe(index + 1);
      if (index === play.questions.length - 1) {
        expect(body).toMatchObject({ finished: true, next: null });
      } else {
        expect(body.finished).toBe(false);
        current = body.next!;
      }
    }
    const answers = await t.db
      .selectFrom('playAnswers')
      .select('outcome')
      .where('playId', '=', play._id)
      .execute();
    expect(answers).toHaveLength(play.questions.length);
    expect(answers.every((a) => a.outcome === 'ANSWERED')).toBe(true);
    // A retry of the last answer still says finished, with nothing more to serve.
    const last = play.questions.at(-1)!._id;
    const replay = (await answerAndNext(play._id, last, await rightAnswer(last))).json<Answered>();
    expect(replay).toMatchObject({ recorded: false, finished: true, next: null });
  });

  it('an answer after its time ran out counts as no answer, and the next question gets its own full clock', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 190_000), deadlineAt: new Date(Date.now() - 10_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1!._id)
      .execute();
    const body = (await answerAndNext(play._id, q1!._id, await rightAnswer(q1!._id))).json<Answered>();
    expect(body).toMatchObject({ recorded: true, outcome: 'NO_ANSWER', nextIndex: 1, finished: false });
    expect(body.next!.question._id).toBe(q2!._id);
    expect(body.next!.remainingMs).toBeGreaterThan(179_000);
  });

  it('after the deadline sweep closed the question, a late answer gets its "no answer" and the next question', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 190_000), deadlineAt: new Date(Date.now() - 10_000) })
      .where('playId', '=', play._id)
      .where('questionId', '=', q1!._id)
      .execute();
    await t.db
      .updateTable('plays')
      .set({ clockDeadlineAt: new Date(Date.now() - 10_000) })
      .where('id', '=', play._id)
      .execute();
    await sweepUntilQuiet();
    const res = await answerAndNext(play._id, q1!._id, await rightAnswer(q1!._id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Answered>();
    expect(body).toMatchObject({ recorded: false, outcome: 'NO_ANSWER', nextIndex: 1 });
    expect(body.next!.question._id).toBe(q2!._id);
  });

  it('refuses a malformed includeNext with a 400 and a message', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    const res = await call('POST', '/api/play-quiz/question/submit-answer', {
      playId: play._id,
      questionId: q1,
      answers: [],
      includeNext: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/includeNext/);
  });
});
