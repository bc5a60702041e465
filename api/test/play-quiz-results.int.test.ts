import { describe, expect, it } from 'vitest';
import { contestAttemptsOf, correctOptionIds, loginStaff, makeStaff, setFlags } from '../../test/helpers.js';
import { scoreRecordedAnswer } from '../src/modules/play-quiz/play-scoring.js';
import {
  call,
  closePhase,
  finishedPlay,
  otherToken,
  PER_QUESTION,
  phaseId,
  resultsOf,
  rightAnswer,
  serve,
  start,
  studentId,
  submit,
  t,
} from './play-quiz.fixtures.js';

describe('results of a contest play (no answer key while the contest is open)', () => {
  it('shows the total and the counts but no per-question correctness, score or time while the contest is open', async () => {
    const playId = await finishedPlay();
    const results = await resultsOf(playId);
    expect(results.questions).toHaveLength(15);
    for (const question of results.questions) {
      for (const key of PER_QUESTION) {
        expect(question[key] ?? null, `question ${question.index}: ${key}`).toBeNull();
      }
      expect(question.outcome).toMatch(/^(ANSWERED|NO_ANSWER)$/);
    }
    expect(results.reviewOpen).toBe(false);
    expect(results.play.score).toBeGreaterThan(2.9);
    expect(results.play).toMatchObject({
      correctCount: 3,
      answeredCount: 3,
      questionCount: 15,
      pending: false,
    });
  });

  it('withholds the running totals of a contest play still being played', async () => {
    const { play } = await start();
    const q1 = play.questions[0]!._id;
    await serve(play._id, q1);
    await submit(play._id, q1, await rightAnswer(q1));
    await scoreRecordedAnswer(t.db, play._id, q1);
    const results = await resultsOf(play._id);
    // Read after each answer, a total would tell which answers scored.
    expect(results.play).toMatchObject({ score: null, correctCount: null, answeredCount: 1, pending: true });
    expect(results.questions[0]?.isCorrect ?? null).toBeNull();
  });

  it('keeps each answer hidden while the contest is only switched off (a pause)', async () => {
    const playId = await finishedPlay();
    await setFlags(t.db, {
      isContestQuizEnabled: false,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    const results = await resultsOf(playId);
    expect(results.reviewOpen).toBe(false);
    expect(results.questions.every((q) => (q.isCorrect ?? null) === null)).toBe(true);
    const review = await call('GET', `/api/play-quiz/wrong?id=${playId}`);
    expect(review.statusCode).toBe(403);
  });

  it('shows everything once the contest is over', async () => {
    const playId = await finishedPlay();
    await closePhase();
    const results = await resultsOf(playId);
    expect(results.reviewOpen).toBe(true);
    expect(results.questions.map((q) => q.isCorrect)).toEqual([
      ...Array(3).fill(true),
      ...Array(12).fill(false),
    ]);
    expect(
      results.questions.every((q) => typeof q.score === 'number' && typeof q.timeTakenMs === 'number'),
    ).toBe(true);
  });

  it('always shows practice question by question', async () => {
    const playId = await finishedPlay('PRACTICE');
    const results = await resultsOf(playId);
    expect(results.reviewOpen).toBe(true);
    expect(results.questions.filter((q) => q.isCorrect === true)).toHaveLength(3);
    expect(results.questions.every((q) => typeof q.score === 'number')).toBe(true);
  });

  it('still shows staff every answer of the play while the contest is open', async () => {
    const playId = await finishedPlay();
    const reader = await makeStaff(t.db, { permissions: [['student', 'read']] });
    const readerToken = (await loginStaff(t.app, reader)).accessToken;
    const detail = await call('GET', `/api/student/quizAttemptDetail?id=${playId}`, undefined, readerToken);
    expect(detail.statusCode).toBe(200);
    const outcomes = detail.json().data.questions.map((q: { outcome: string }) => q.outcome);
    expect(outcomes.filter((o: string) => o === 'CORRECT')).toHaveLength(3);
    const wrong = await call('GET', `/api/play-quiz/wrong?id=${playId}`, undefined, readerToken);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toHaveLength(12);
  });
});

describe('review', () => {
  it('shows the wrong answers with the right ones once the contest is over', async () => {
    const { play } = await start();
    for (const [index, question] of play.questions.entries()) {
      await serve(play._id, question._id);
      await submit(play._id, question._id, index < 3 ? await rightAnswer(question._id) : []);
    }
    for (const question of play.questions) {
      await scoreRecordedAnswer(t.db, play._id, question._id);
    }
    await closePhase();
    const res = await call('GET', `/api/play-quiz/wrong?id=${play._id}`);
    expect(res.statusCode).toBe(200);
    const wrong = res.json().data;
    expect(wrong).toHaveLength(12);
    expect(wrong.map((w: { index: number }) => w.index)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    for (const item of wrong) {
      expect(item.outcome).toBe('NO_ANSWER');
      const expected =
        item.question.type === 'MCQs' ? item.question.correctAnswerList : item.question.acceptedAnswers;
      expect(expected.length).toBeGreaterThan(0);
    }
    expect((await call('GET', `/api/play-quiz/wrong?id=${play._id}`, undefined, otherToken)).statusCode).toBe(
      404,
    );
  });
});

describe('practice', () => {
  it('serves practice questions with their answers and hint, and lets the student stop (a contest cannot be stopped)', async () => {
    const { play } = await start('PRACTICE');
    expect(play.practice).toBe(true);
    const q1 = play.questions[0]!._id;
    const served = (await serve(play._id, q1)).json();
    const question = await t.db
      .selectFrom('questions')
      .select('type')
      .where('id', '=', q1)
      .executeTakeFirstOrThrow();
    if (question.type === 'MCQS') {
      expect(served.question.correctAnswerList.sort()).toEqual((await correctOptionIds(t.db, q1)).sort());
    }
    expect(served.question.answerHintText).not.toBe('');
    expect(await contestAttemptsOf(t.db, studentId)).toBe(2);
    expect((await call('POST', '/api/play-quiz/cancel', { playId: play._id })).statusCode).toBe(200);
    const cancelled = await t.db
      .selectFrom('plays')
      .select('status')
      .where('id', '=', play._id)
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('CANCELLED');
    const contest = await start('CONTEST');
    const refused = await call('POST', '/api/play-quiz/cancel', { playId: contest.play._id });
    expect(refused.statusCode).toBe(409);
  });
});
