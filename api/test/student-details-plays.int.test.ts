import { hashPassword } from '@riyazi/db';
import { describe, expect, it } from 'vitest';
import { endPhaseContest, makeGrade, makePlay } from '../../test/helpers.js';
import { adminToken, get, newStudent, OLD_PASSWORD, quizWorld, t } from './student-details.fixtures.js';

describe('GET /api/student/quizList', () => {
  it('lists only plays of the asked kind, newest first, paged', async () => {
    const w = await quizWorld();
    const student = await newStudent(w.grade.id);
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    for (let i = 0; i < 3; i += 1) {
      await makePlay(t.db, {
        quizId: w.quiz.id,
        phaseId: w.phase.id,
        gradeId: w.grade.id,
        studentId: student.id,
        finishedAt: new Date(Date.now() - (3 - i) * 86_400_000),
        answers: [{ questionId: w.q1.id, isCorrect: i % 2 === 0 }],
      });
    }
    await makePlay(t.db, {
      quizId: w.practice.id,
      phaseId: w.phase.id,
      gradeId: w.grade.id,
      kind: 'PRACTICE',
      studentId: student.id,
      answers: [{ questionId: w.q2.id }],
    });

    const first = await get(token, `/api/student/quizList?id=${student.id}&type=CONTEST&page=1&limit=2`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 3, currentPage: 1, totalPages: 2, itemsPerPage: 2 });
    expect(body.data).toHaveLength(2);
    expect(body.data.every((p: { kind: string }) => p.kind === 'CONTEST')).toBe(true);
    expect(Date.parse(body.data[0].startedAt)).toBeGreaterThan(Date.parse(body.data[1].startedAt));
    expect(body.data[0]).toMatchObject({
      quizTitle: 'Phase 1 contest',
      phase: { _id: w.phase.id, name: 'Phase 1' },
      status: 'FINISHED',
      correctCount: 1,
      questionCount: 1,
    });
    const second = await get(token, `/api/student/quizList?id=${student.id}&type=CONTEST&page=2&limit=2`);
    expect(second.json().data).toHaveLength(1);

    const practice = await get(token, `/api/student/quizList?id=${student.id}&type=PRACTICE`);
    expect(practice.json()).toMatchObject({ total: 1, data: [{ kind: 'PRACTICE', quizTitle: 'Warm-up' }] });
  });

  it('refuses an unknown type', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id);
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const res = await get(token, `/api/student/quizList?id=${student.id}&type=BOTH`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/student/quizAttemptDetail', () => {
  it('shows every question in order with the chosen and correct options and each outcome', async () => {
    const w = await quizWorld();
    const student = await newStudent(w.grade.id);
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const play = await makePlay(t.db, {
      quizId: w.quiz.id,
      phaseId: w.phase.id,
      gradeId: w.grade.id,
      studentId: student.id,
      answers: [
        { questionId: w.q1.id, selectedOptionIds: [w.q1.options[0]!], isCorrect: true, timeTakenMs: 12_000 },
        { questionId: w.q2.id, selectedOptionIds: [w.q2.options[2]!], isCorrect: false, timeTakenMs: 30_000 },
        { questionId: w.q3.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000 },
      ],
    });

    const res = await get(token, `/api/student/quizAttemptDetail?id=${play.id}`);
    expect(res.statusCode).toBe(200);
    const { play: summary, questions } = res.json().data;
    expect(summary).toMatchObject({
      _id: play.id,
      kind: 'CONTEST',
      status: 'FINISHED',
      correctCount: 1,
      student: { _id: student.id, studentId: student.studentNo, fullName: 'Sara Ahmed' },
    });
    expect(questions.map((q: { index: number }) => q.index)).toEqual([0, 1, 2]);
    expect(questions[0]).toMatchObject({
      outcome: 'CORRECT',
      selectedOptionIds: [w.q1.options[0]],
      timeTakenMs: 12_000,
      score: 1,
      question: { questionId: w.q1.id, correctAnswerList: [w.q1.options[0]] },
    });
    expect(questions[0].question.questionOptions.map((o: { letter: string }) => o.letter)).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(questions[1]).toMatchObject({
      outcome: 'WRONG',
      selectedOptionIds: [w.q2.options[2]],
      score: 0,
      question: { correctAnswerList: [w.q2.options[1]] },
    });
    expect(questions[2]).toMatchObject({
      outcome: 'NO_ANSWER',
      question: { type: 'Open Ended', acceptedAnswers: ['11'] },
    });
  });

  it('answers 404 for an unknown play', async () => {
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const res = await get(token, '/api/student/quizAttemptDetail?id=00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/play-quiz/wrong (admin wrong-answer view)', () => {
  async function studentLogin(gradeId: string) {
    const student = await newStudent(gradeId, { passwordHash: await hashPassword(OLD_PASSWORD) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email: student.email, password: OLD_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...student, token: res.json<{ accessToken: string }>().accessToken };
  }

  it('serves staff with student:read the wrong and unanswered questions of any play, with the right answers', async () => {
    const w = await quizWorld();
    const owner = await studentLogin(w.grade.id);
    const other = await studentLogin(w.grade.id);
    const play = await makePlay(t.db, {
      quizId: w.quiz.id,
      phaseId: w.phase.id,
      gradeId: w.grade.id,
      studentId: owner.id,
      answers: [
        { questionId: w.q1.id, selectedOptionIds: [w.q1.options[0]!], isCorrect: true },
        { questionId: w.q2.id, selectedOptionIds: [w.q2.options[2]!], isCorrect: false },
        { questionId: w.q3.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000 },
      ],
    });
    const url = `/api/play-quiz/wrong?id=${play.id}`;
    // Staff see a play's answers at any time; its owner once the contest's results are out.
    expect((await get(owner.token, url)).json()).toMatchObject({ code: 'REVIEW_CLOSED' });
    await endPhaseContest(t.db, w.phase.id);

    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const res = await get(token, url);
    expect(res.statusCode, res.body).toBe(200);
    const wrong = res.json().data;
    expect(wrong.map((q: { index: number }) => q.index)).toEqual([1, 2]);
    expect(wrong[0]).toMatchObject({
      outcome: 'ANSWERED',
      selectedOptionIds: [w.q2.options[2]],
      question: { questionId: w.q2.id, correctAnswerList: [w.q2.options[1]] },
    });
    expect(wrong[1]).toMatchObject({ outcome: 'NO_ANSWER', question: { acceptedAnswers: ['11'] } });

    // The owner keeps access; another student still learns nothing; staff without student:read are refused.
    const own = await get(owner.token, url);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((q: { index: number }) => q.index)).toEqual([1, 2]);
    expect((await get(other.token, url)).statusCode).toBe(404);
    const verifier = await adminToken({ permissions: [['studentVerification', 'read']] });
    expect((await get(verifier.token, url)).statusCode).toBe(403);
    expect(
      (await get(token, '/api/play-quiz/wrong?id=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('shows staff a play still in progress, which its student cannot review yet', async () => {
    const w = await quizWorld();
    const owner = await studentLogin(w.grade.id);
    const play = await makePlay(t.db, {
      quizId: w.quiz.id,
      phaseId: w.phase.id,
      gradeId: w.grade.id,
      studentId: owner.id,
      status: 'IN_PROGRESS',
      answers: [
        { questionId: w.q1.id, selectedOptionIds: [w.q1.options[1]!], isCorrect: false },
        { questionId: w.q2.id, served: false },
      ],
    });
    const url = `/api/play-quiz/wrong?id=${play.id}`;
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const res = await get(token, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((q: { index: number }) => q.index)).toEqual([0]);
    expect((await get(owner.token, url)).statusCode).toBe(409);
  });
});
