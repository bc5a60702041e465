import { describe, expect, it } from 'vitest';
import { correctOptionIds } from '../../test/helpers.js';
import { answerScore } from '../src/contracts/scoring.js';
import { recordAnswers } from '../src/modules/play-quiz/answer-batches.repository.js';
import { serveMany } from '../src/modules/play-quiz/play-batches.repository.js';
import { scoreRecordedAnswers } from '../src/modules/play-quiz/play-scoring.js';
import { CROWD, call, crowd, type Started, startAll, t } from './play-quiz-batches.fixtures.js';

describe('a crowd starting, fetching and answering at the same instant', () => {
  it('serves each student their current question, one deadline each, the same on a repeated fetch', async () => {
    const started = (await startAll(crowd)).map((r) => r.json<Started>());
    const fetchAll = () =>
      Promise.all(
        started.map((s, i) =>
          call(
            crowd[i]!.token,
            'GET',
            `/api/play-quiz/question?playId=${s.play._id}&questionId=${s.play.questions[0]!._id}`,
          ),
        ),
      );
    const first = await fetchAll();
    expect(first.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    const again = await fetchAll();
    expect(again.map((r) => r.json<{ deadline: string }>().deadline)).toEqual(
      first.map((r) => r.json<{ deadline: string }>().deadline),
    );
    expect(
      first.every(
        (r, i) => r.json<{ question: { _id: string } }>().question._id === started[i]!.play.questions[0]!._id,
      ),
    ).toBe(true);
    // A question out of turn and another student's play are refused, even inside a batch.
    const [refusedOrder, refusedOwner] = await Promise.all([
      call(
        crowd[0]!.token,
        'GET',
        `/api/play-quiz/question?playId=${started[0]!.play._id}&questionId=${started[0]!.play.questions[2]!._id}`,
      ),
      call(
        crowd[1]!.token,
        'GET',
        `/api/play-quiz/question?playId=${started[0]!.play._id}&questionId=${started[0]!.play.questions[0]!._id}`,
      ),
    ]);
    expect(refusedOrder.statusCode).toBe(409);
    expect(refusedOwner.statusCode).toBe(404);
  });

  it('records each answer once, with the server’s time, and a retry in the same batch gets the first result', async () => {
    const started = (await startAll(crowd)).map((r) => r.json<Started>());
    const served = await Promise.all(
      started.map((s, i) =>
        call(
          crowd[i]!.token,
          'GET',
          `/api/play-quiz/question?playId=${s.play._id}&questionId=${s.play.questions[0]!._id}`,
        ),
      ),
    );
    const submits = started.flatMap((s, i) => {
      const question = served[i]!.json<{ question: { questionOptions: { _id: string }[]; type: string } }>()
        .question;
      const body = {
        playId: s.play._id,
        questionId: s.play.questions[0]!._id,
        answers: question.type === 'MCQs' ? [question.questionOptions[0]!._id] : ['7'],
        timeTaken: 999_999,
      };
      // Every fifth student's phone sends the answer twice at once.
      return i % 5 === 0 ? [[i, body] as const, [i, body] as const] : [[i, body] as const];
    });
    const responses = await Promise.all(
      submits.map(([i, body]) =>
        call(crowd[i]!.token, 'POST', '/api/play-quiz/question/submit-answer', body),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(submits.map(() => 200));
    const answers = await t.db
      .selectFrom('playAnswers')
      .select(['playId', 'outcome', 'timeTakenMs', 'clientTimeTakenMs'])
      .execute();
    expect(answers).toHaveLength(CROWD);
    expect(answers.every((a) => a.outcome === 'ANSWERED' && a.timeTakenMs < 60_000)).toBe(true);
    expect(answers.every((a) => a.clientTimeTakenMs === 999_999)).toBe(true);
    const results = responses.map((r) => r.json<{ outcome: string; nextIndex: number }>());
    expect(results.every((r) => r.outcome === 'ANSWERED' && r.nextIndex === 1)).toBe(true);
    const events = await t.db
      .selectFrom('outboxEvents')
      .select('id')
      .where('type', '=', 'answer.recorded')
      .execute();
    expect(events).toHaveLength(CROWD);
  });

  it('answers per item like the one-at-a-time statements: unknown play, answer before serve, late answer', async () => {
    const started = (await startAll(crowd.slice(0, 3))).map((r) => r.json<Started>());
    const [a, b, c] = started;
    const now = new Date();
    // b's first question is served; c's was served long ago, past its deadline and grace.
    await serveMany(
      t.db,
      [
        { playId: b!.play._id, questionId: b!.play.questions[0]!._id, studentId: crowd[1]!.id, now },
        { playId: c!.play._id, questionId: c!.play.questions[0]!._id, studentId: crowd[2]!.id, now },
      ],
      3000,
    );
    await t.db
      .updateTable('playQuestions')
      .set({ servedAt: new Date(Date.now() - 300_000), deadlineAt: new Date(Date.now() - 120_000) })
      .where('playId', '=', c!.play._id)
      .where('questionId', '=', c!.play.questions[0]!._id)
      .execute();
    const answer = (playId: string, questionId: string, studentId: string, serveNext = false) => ({
      playId,
      questionId,
      studentId,
      now: new Date(),
      isContest: true,
      limitMs: 180_000,
      selectedOptionIds: [],
      answerText: '1',
      empty: false,
      clientMs: null,
      clientAuditMs: null,
      serveNext,
    });
    const before = Date.now();
    const [unknown, notServed, onTime, late] = await recordAnswers(
      t.db,
      [
        answer(crypto.randomUUID(), a!.play.questions[0]!._id, crowd[0]!.id),
        answer(a!.play._id, a!.play.questions[0]!._id, crowd[0]!.id),
        answer(b!.play._id, b!.play.questions[0]!._id, crowd[1]!.id, true),
        answer(c!.play._id, c!.play.questions[0]!._id, crowd[2]!.id, true),
      ],
      3000,
    );
    const after = Date.now();
    expect(unknown).toMatchObject({ status: null, outcome: null, eventId: null });
    expect(notServed).toMatchObject({ status: 'IN_PROGRESS', served: false, outcome: null, eventId: null });
    expect(onTime).toMatchObject({
      status: 'IN_PROGRESS',
      served: true,
      outcome: 'ANSWERED',
      answeredBefore: 0,
    });
    expect(onTime!.eventId).not.toBeNull();
    expect(late).toMatchObject({ outcome: 'NO_ANSWER', timeTakenMs: 180_000, late: true });
    // The answer on time served its play's next question in the same statement: its clock started
    // as the statement ran, and its question.served event was written with it.
    const bNext = b!.play.questions[1]!._id;
    expect(onTime).toMatchObject({ late: false, nextQuestionId: bNext });
    const served = onTime!.nextServedAt!.getTime();
    expect(served).toBeGreaterThanOrEqual(before);
    expect(served).toBeLessThanOrEqual(after);
    expect(onTime!.nextDeadlineAt!.getTime() - served).toBe(180_000);
    const row = await t.db
      .selectFrom('playQuestions')
      .select(['servedAt', 'deadlineAt'])
      .where('playId', '=', b!.play._id)
      .where('questionId', '=', bNext)
      .executeTakeFirstOrThrow();
    expect(row.servedAt?.getTime()).toBe(served);
    expect(row.deadlineAt?.getTime()).toBe(onTime!.nextDeadlineAt!.getTime());
    const events = await t.db
      .selectFrom('outboxEvents')
      .select('payload')
      .where('type', '=', 'question.served')
      .execute();
    expect(
      events.filter((e) => {
        const payload = e.payload as { playId: string; questionId: string };
        return payload.playId === b!.play._id && payload.questionId === bNext;
      }),
    ).toHaveLength(1);
    // A late answer serves nothing here: the next question's clock is the serve's to decide.
    expect(late).toMatchObject({ nextQuestionId: null, nextServedAt: null });
    const cNext = await t.db
      .selectFrom('playQuestions')
      .select('servedAt')
      .where('playId', '=', c!.play._id)
      .where('questionId', '=', c!.play.questions[1]!._id)
      .executeTakeFirstOrThrow();
    expect(cNext.servedAt).toBeNull();
    // Submitted again with serveNext (a retry): nothing recorded, nothing served twice.
    const [again] = await recordAnswers(
      t.db,
      [answer(b!.play._id, b!.play.questions[0]!._id, crowd[1]!.id, true)],
      3000,
    );
    expect(again).toMatchObject({ existingOutcome: 'ANSWERED', eventId: null, nextQuestionId: null });
  });

  it('scores a batch holding a whole play and a replay once: totals add up and the play finishes once', async () => {
    const [started] = (await startAll(crowd.slice(0, 1))).map((r) => r.json<Started>());
    const playId = started!.play._id;
    const questions = await t.db
      .selectFrom('playQuestions')
      .innerJoin('questions', 'questions.id', 'playQuestions.questionId')
      .select(['playQuestions.questionId', 'questions.type', 'questions.acceptedAnswers'])
      .where('playId', '=', playId)
      .orderBy('position')
      .execute();
    // Every question answered, alternately right and wrong, each taking 10 s more than the last.
    const answers = await Promise.all(
      questions.map(async (q, i) => {
        const right = i % 2 === 0;
        const correct = q.type === 'MCQS' ? await correctOptionIds(t.db, q.questionId) : [];
        const wrong =
          q.type === 'MCQS'
            ? (
                await t.db
                  .selectFrom('questionOptions')
                  .select('id')
                  .where('questionId', '=', q.questionId)
                  .where('isCorrect', '=', false)
                  .execute()
              ).map((o) => o.id)
            : [];
        return {
          playId,
          questionId: q.questionId,
          outcome: 'ANSWERED' as const,
          selectedOptionIds: q.type === 'MCQS' ? (right ? correct : wrong.slice(0, 1)) : [],
          answerText: q.type === 'MCQS' ? null : right ? q.acceptedAnswers[0]! : 'surely not this',
          answeredAt: new Date(Date.now() - (15 - i) * 1000),
          timeTakenMs: (i + 1) * 10_000,
          right,
        };
      }),
    );
    await t.db
      .insertInto('playAnswers')
      .values(answers.map(({ right: _right, ...row }) => row))
      .execute();
    const batch = [
      ...questions.map((q) => ({ playId, questionId: q.questionId })),
      { playId, questionId: questions[3]!.questionId },
    ];
    const events = await scoreRecordedAnswers(t.db, batch);
    expect(events.map((e) => e.type)).toEqual(['play.finished']);
    const expected = answers.reduce((sum, a) => sum + answerScore(a.right, a.timeTakenMs, 180_000), 0);
    const play = await t.db
      .selectFrom('plays')
      .select(['status', 'score', 'correctCount', 'totalTimeMs', 'scoredCount', 'finishedAt'])
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    expect(play).toMatchObject({
      status: 'FINISHED',
      correctCount: 8,
      totalTimeMs: answers.reduce((sum, a) => sum + a.timeTakenMs, 0),
      scoredCount: 15,
      finishedAt: answers[14]!.answeredAt,
    });
    expect(play.score).toBeCloseTo(expected, 3);
    // The same jobs again (a replay): nothing changes and no second play.finished.
    expect(await scoreRecordedAnswers(t.db, batch)).toEqual([]);
    const again = await t.db
      .selectFrom('plays')
      .select(['score', 'scoredCount'])
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ score: play.score, scoredCount: 15 });
  });
});
