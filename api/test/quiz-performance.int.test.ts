import { describe, expect, it } from 'vitest';
import {
  bearer,
  guardStatuses,
  makePhase,
  makePlay,
  makeQuizWithQuestions,
  rightOrWrong,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import type { QuizPerformanceReport } from '../src/contracts/quiz-performance.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/**
 * Grade 4: student A finishes two contest plays (3, then 1), B finishes one (2) and cancels one,
 * C lets a contest clock run out and finishes a practice play (0). Grade 5: D finishes one (3).
 * Over grade 4's finished plays Q1 is right 3 of 4 times, Q2 2 of 4, Q3 1 of 4.
 */
async function plant() {
  const setup = await makeQuizWithQuestions(t.db, {
    grades: [4, 5],
    category: 'Numbers',
    subCategory: 'Sums',
    questions: [
      ['<p>2 + 2 = ?</p>', 'open'],
      ['<p>7 × 8 = ?</p>', 'open'],
      ['<p>A <b>hard</b> one</p>', 'open'],
    ],
  });
  const { play: base, questions } = setup;
  const answers = (right: [boolean, boolean, boolean], timeTakenMs = 5000) =>
    rightOrWrong(questions, right, timeTakenMs);
  const evening = new Date('2026-03-10T20:00:00Z'); // 11 March, 01:00 in Pakistan
  const afternoon = new Date('2026-03-10T10:00:00Z'); // 10 March, 15:00 in Pakistan
  const a = await makePlay(t.db, {
    ...base,
    score: 3,
    finishedAt: evening,
    answers: answers([true, true, true], 2000),
  });
  await makePlay(t.db, {
    ...base,
    studentId: a.studentId,
    score: 1,
    finishedAt: afternoon,
    answers: answers([true, false, false]),
  });
  const b = await makePlay(t.db, {
    ...base,
    score: 2,
    finishedAt: afternoon,
    answers: answers([true, true, false]),
  });
  await makePlay(t.db, {
    ...base,
    studentId: b.studentId,
    status: 'CANCELLED',
    answers: answers([false, false, true]),
  });
  const c = await makePlay(t.db, { ...base, status: 'IN_PROGRESS', answers: answers([false, false, true]) });
  await t.db
    .updateTable('plays')
    .set({ clockDeadlineAt: new Date(Date.now() - 3_600_000) })
    .where('id', '=', c.id)
    .execute();
  await makePlay(t.db, {
    ...base,
    studentId: c.studentId,
    kind: 'PRACTICE',
    score: 0,
    finishedAt: afternoon,
    answers: answers([false, false, false]),
  });
  const [otherGrade] = setup.otherGrades;
  await makePlay(t.db, { ...base, gradeId: otherGrade!.id, score: 3, answers: answers([true, true, true]) });
  const [q1, q2, q3] = questions;
  return { grade: setup.grade, otherGrade: otherGrade!, quiz: setup.quiz, q1, q2, q3 };
}

describe('GET /api/reports/quiz-performance', () => {
  it('works out the figures of the planted plays for one grade', async () => {
    const p = await plant();
    const { token } = await signedInStaff(t);
    const res = await get(token, `/api/reports/quiz-performance?quizId=${p.quiz.id}&gradeId=${p.grade.id}`);
    expect(res.statusCode).toBe(200);
    const r = res.json<QuizPerformanceReport>();
    expect({
      players: r.players,
      plays: r.plays,
      finished: r.finished,
      abandoned: r.abandoned,
      inProgress: r.inProgress,
      meanScore: r.meanScore,
      medianScore: r.medianScore,
      maxScore: r.maxScore,
      meanTimePerQuestionMs: r.meanTimePerQuestionMs,
      attempts: r.attempts,
    }).toEqual({
      players: 3,
      plays: 6,
      finished: 4,
      abandoned: 2,
      inProgress: 0,
      meanScore: 1.5,
      medianScore: 1.5,
      maxScore: 3,
      meanTimePerQuestionMs: 4250,
      attempts: { one: 1, two: 2, threeOrMore: 0 },
    });
    expect(r.histogram).toEqual([
      { from: 0, to: 0, plays: 1 },
      { from: 1, to: 1, plays: 1 },
      { from: 2, to: 2, plays: 1 },
      { from: 3, to: 3, plays: 1 },
    ]);
    expect(r.hardest.map((q) => [q.questionNo, q.correct, q.answers, q.shareCorrect])).toEqual([
      [p.q3.no, 1, 4, 0.25],
      [p.q2.no, 2, 4, 0.5],
      [p.q1.no, 3, 4, 0.75],
    ]);
    expect(r.hardest[0]?.preview).toBe('A hard one');
    expect(r.easiest.map((q) => q.questionNo)).toEqual([p.q1.no, p.q2.no, p.q3.no]);
    expect(r.overTime).toEqual([
      { day: '2026-03-10', finished: 3, meanScore: 1 },
      { day: '2026-03-11', finished: 1, meanScore: 3 },
    ]);
    expect(r.options.grades.map((g) => g._id)).toEqual(expect.arrayContaining([p.grade.id, p.otherGrade.id]));

    const all = (await get(token, '/api/reports/quiz-performance')).json<QuizPerformanceReport>();
    expect([all.players, all.plays, all.finished]).toEqual([4, 7, 5]);
    const none = (
      await get(token, `/api/reports/quiz-performance?phaseId=${(await makePhase(t.db, 2)).id}`)
    ).json<QuizPerformanceReport>();
    expect([none.plays, none.meanScore, none.histogram, none.hardest]).toEqual([0, null, [], []]);
  });

  it('sends the same report as CSV, by .csv and by format=csv', async () => {
    const p = await plant();
    const { token } = await signedInStaff(t);
    for (const url of [
      `/api/reports/quiz-performance.csv?gradeId=${p.grade.id}`,
      `/api/reports/quiz-performance?gradeId=${p.grade.id}&format=csv`,
    ]) {
      const res = await get(token, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="quiz-performance-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Section,Item,Value,Detail');
      expect(lines).toContain('Summary,Players,3,');
      expect(lines).toContain('Summary,Abandoned,2,"Cancelled, or the contest clock ran out"');
      expect(lines).toContain(`Hardest,Q${p.q3.no},25,1 of 4 correct: A hard one`);
      expect(lines).toContain('Finished per day,2026-03-11,1,mean score 3');
    }
  });

  it('answers 400 naming the field for bad filters', async () => {
    const { token } = await signedInStaff(t);
    for (const [query, field] of [
      ['quizId=1', 'quizId'],
      ['phaseId=abc', 'phaseId'],
      ['gradeId=x', 'gradeId'],
      ['format=pdf', 'format'],
    ] as const) {
      for (const path of ['/api/reports/quiz-performance', '/api/reports/quiz-performance.csv']) {
        const res = await get(token, `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json<{ message: string }>().message.startsWith(field)).toBe(true);
      }
    }
  });

  it('answers 401 signed out, 403 without quizPerformance:read and 200 with only that permission', async () => {
    const urls = ['/api/reports/quiz-performance', '/api/reports/quiz-performance.csv'];
    expect(await guardStatuses(t, urls, ['quizPerformance', 'read'], [['questionReports', 'read']])).toEqual({
      signedOut: [401, 401],
      others: [403, 403],
      needed: [200, 200],
    });
  });
});
