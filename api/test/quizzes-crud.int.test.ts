import { describe, expect, it } from 'vitest';
import { makeQuiz, makeStudent } from '../../test/helpers.js';
import { addQuestions, auditOf, call, fixtures, quizForm, signedIn, t } from './quizzes.fixtures.js';

describe('creating, reading and updating quizzes', () => {
  it('creates a quiz whose form round-trips with its pool report, rules text and an audit entry', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    await addQuestions(2, { grade: f.grade4, category: f.algebra, sub: f.fractions, phases: [f.phase] });
    await addQuestions(3, { grade: f.grade4, category: f.geometry, sub: f.angles, phases: [f.phase] });
    const sent = quizForm(f);
    const res = await call(admin.token, 'POST', '/api/quiz/create/', sent);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;

    const detail = await call(admin.token, 'GET', `/api/quiz/detail/?id=${id}`);
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data).toMatchObject({ ...sent, playCount: 0 });
    expect(data.pool).toEqual({
      sufficient: true,
      message: null,
      grades: [
        {
          gradeId: f.grade4.id,
          gradeTitle: 'Grade 4',
          eligible: 5,
          available: 5,
          needed: 5,
          shortBy: 0,
          rules: [
            { position: 1, label: 'Algebra › Fractions', available: 2, needed: 2, shortBy: 0 },
            { position: 2, label: 'any category', available: 3, needed: 3, shortBy: 0 },
          ],
        },
      ],
    });
    expect(data.rulesText).toEqual([
      '5 multiple-choice questions per attempt.',
      'You have 3 attempts.',
      'Each correct answer scores up to 1 point, so the maximum score is 5: faster answers score higher.',
      'You have 2 minutes (120 seconds) for each question.',
      'Options are lettered A, B, C and so on.',
    ]);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['quiz.create']);
    expect(audit[0]!.details).toMatchObject({ title: sent.title, kind: 'CONTEST', gradeIds: [f.grade4.id] });
  });

  it('updates fields and switches the pool to picked questions, auditing what changed', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const picked = await addQuestions(6, {
      grade: f.grade4,
      category: f.algebra,
      sub: f.equations,
      phases: [f.phase],
    });
    const created = await call(
      admin.token,
      'POST',
      '/api/quiz/create/',
      quizForm(f, { status: 'Inactive', rules: [{ questionCount: 5 }] }),
    );
    const id = created.json().data._id;
    const changed = quizForm(f, {
      title: 'Grade 4 hand-picked',
      kind: 'PRACTICE',
      attemptsAllowed: 100,
      poolMode: 'QUESTIONS',
      questionIds: picked,
      opensAt: null,
      closesAt: null,
    });
    const res = await call(admin.token, 'POST', `/api/quiz/update/?id=${id}`, changed);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ...changed, rules: [], status: 'Active' });
    expect(data.pool.grades[0]).toMatchObject({ eligible: 6, available: 5, needed: 5, shortBy: 0 });
    expect(data.pickedQuestions.map((q: { _id: string }) => q._id)).toEqual(picked);
    expect(data.pickedQuestions[0]).toMatchObject({
      preview: expect.stringMatching(/^Question \d+$/),
      grade: { _id: f.grade4.id, title: 'Grade 4' },
      status: 'Active',
    });
    // Practice with no attempt limit: no attempts sentence, answers shown as you go.
    expect(data.rulesText.join(' ')).not.toMatch(/You have \d+ attempts?\./);
    expect(data.rulesText.join(' ')).toMatch(/right and wrong answers as you go/);
    const rules = await t.db.selectFrom('quizRules').selectAll().where('quizId', '=', id).execute();
    expect(rules).toEqual([]);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['quiz.create', 'quiz.update']);
    expect(audit[1]!.details).toMatchObject({
      changes: {
        title: { from: 'Grade 4 Contest — Phase 1', to: 'Grade 4 hand-picked' },
        kind: { from: 'CONTEST', to: 'PRACTICE' },
        isActive: { from: false, to: true },
        poolMode: { from: 'RULES', to: 'QUESTIONS' },
      },
    });
  });

  it('fills defaults: 15 questions, 180 seconds, 2 attempts for a contest and no limit for practice', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const minimal = {
      title: 'Defaults',
      gradeIds: [f.grade4.id],
      phaseId: f.phase.id,
      status: 'Inactive',
      rules: [{ questionCount: 15 }],
    };
    const contest = await call(admin.token, 'POST', '/api/quiz/create/', { ...minimal, kind: 'CONTEST' });
    expect(contest.statusCode, contest.body).toBe(201);
    expect(contest.json().data).toMatchObject({
      questionCount: 15,
      secondsPerQuestion: 180,
      attemptsAllowed: 2,
      poolMode: 'RULES',
      opensAt: null,
      closesAt: null,
    });
    const practice = await call(admin.token, 'POST', '/api/quiz/create/', { ...minimal, kind: 'PRACTICE' });
    expect(practice.json().data.attemptsAllowed).toBe(100);
  });

  it('lists quizzes with their grades, filtered by kind, grade, phase, status and title', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    await makeQuiz(t.db, {
      title: 'Both grades contest',
      gradeIds: [f.grade4.id, f.grade5.id],
      phaseId: f.phase.id,
    });
    await makeQuiz(t.db, {
      title: 'Grade 5 practice',
      kind: 'PRACTICE',
      gradeIds: [f.grade5.id],
      phaseId: f.phase2.id,
    });
    const off = await makeQuiz(t.db, { title: 'Old contest', gradeIds: [f.grade4.id], phaseId: f.phase.id });
    await t.db.updateTable('quizzes').set({ isActive: false }).where('id', '=', off.id).execute();

    const titles = async (query: string) => {
      const res = await call(admin.token, 'GET', `/api/quiz/detail/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((r: { title: string }) => r.title)
        .sort();
    };
    const all = await call(admin.token, 'GET', '/api/quiz/detail/');
    expect(all.json()).toMatchObject({ total: 3, currentPage: 1, totalPages: 1, itemsPerPage: 50 });
    const both = all.json().data.find((r: { title: string }) => r.title === 'Both grades contest');
    expect(both).toMatchObject({
      kind: 'CONTEST',
      grades: [
        { _id: f.grade4.id, title: 'Grade 4' },
        { _id: f.grade5.id, title: 'Grade 5' },
      ],
      phase: { _id: f.phase.id, name: 'Phase 1' },
      questionCount: 15,
      secondsPerQuestion: 180,
      attemptsAllowed: 2,
      status: 'Active',
      playCount: 0,
    });
    expect(await titles('kind=PRACTICE')).toEqual(['Grade 5 practice']);
    expect(await titles(`gradeId=${f.grade5.id}`)).toEqual(['Both grades contest', 'Grade 5 practice']);
    expect(await titles(`phaseId=${f.phase2.id}`)).toEqual(['Grade 5 practice']);
    expect(await titles('status=Inactive')).toEqual(['Old contest']);
    expect(await titles('search=contest&status=Active')).toEqual(['Both grades contest']);
    expect(await titles('search=%25')).toEqual([]);
  });

  it('answers 404 for an unknown quiz', async () => {
    const admin = await signedIn();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin.token, 'GET', `/api/quiz/detail/?id=${missing}`)).statusCode).toBe(404);
    expect(
      (await call(admin.token, 'POST', `/api/quiz/status/?id=${missing}`, { status: 'Active' })).statusCode,
    ).toBe(404);
    expect((await call(admin.token, 'DELETE', `/api/quiz/delete/?id=${missing}`)).statusCode).toBe(404);
  });
});

describe('deleting quizzes', () => {
  it('deletes a quiz never played, with an audit entry', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const quiz = await makeQuiz(t.db, { gradeIds: [f.grade4.id], phaseId: f.phase.id });
    const res = await call(admin.token, 'DELETE', `/api/quiz/delete/?id=${quiz.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('quizzes').select('id').execute()).toEqual([]);
    expect((await auditOf(quiz.id)).map((a) => a.action)).toEqual(['quiz.delete']);
  });

  it('answers 409 for a quiz with plays: deactivate instead', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const quiz = await makeQuiz(t.db, { gradeIds: [f.grade4.id], phaseId: f.phase.id });
    const student = await makeStudent(t.db, {
      fullName: 'Ayesha Khan',
      email: 'ayesha@example.com',
      gradeId: f.grade4.id,
    });
    await t.db
      .insertInto('plays')
      .values({
        studentId: student.id,
        quizId: quiz.id,
        phaseId: f.phase.id,
        gradeId: f.grade4.id,
        kind: 'CONTEST',
        questionCount: 15,
      })
      .execute();
    const res = await call(admin.token, 'DELETE', `/api/quiz/delete/?id=${quiz.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This quiz has been played 1 time: deactivate it instead');
    expect(await auditOf(quiz.id)).toEqual([]);
    const list = await call(admin.token, 'GET', '/api/quiz/detail/');
    expect(list.json().data[0].playCount).toBe(1);
  });
});

describe('quiz permissions', () => {
  it('lets quiz:read list, view and check pools but not change anything', async () => {
    const reader = await signedIn([['quiz', 'read']]);
    const f = await fixtures();
    const quiz = await makeQuiz(t.db, { gradeIds: [f.grade4.id], phaseId: f.phase.id });
    expect((await call(reader.token, 'GET', '/api/quiz/detail/')).statusCode).toBe(200);
    expect((await call(reader.token, 'GET', `/api/quiz/detail/?id=${quiz.id}`)).statusCode).toBe(200);
    expect((await call(reader.token, 'GET', '/api/quiz/options/')).statusCode).toBe(200);
    const check = {
      kind: 'CONTEST',
      gradeIds: [f.grade4.id],
      phaseId: f.phase.id,
      rules: [{ questionCount: 15 }],
    };
    expect((await call(reader.token, 'POST', '/api/quiz/pool-check/', check)).statusCode).toBe(200);
    const form = quizForm(f, { status: 'Inactive' });
    expect((await call(reader.token, 'POST', '/api/quiz/create/', form)).statusCode).toBe(403);
    expect((await call(reader.token, 'POST', `/api/quiz/update/?id=${quiz.id}`, form)).statusCode).toBe(403);
    expect(
      (await call(reader.token, 'POST', `/api/quiz/status/?id=${quiz.id}`, { status: 'Inactive' }))
        .statusCode,
    ).toBe(403);
    expect((await call(reader.token, 'DELETE', `/api/quiz/delete/?id=${quiz.id}`)).statusCode).toBe(403);
  });

  it('keeps create, update and delete apart, and lets no quiz permission read nothing', async () => {
    const f = await fixtures();
    const quiz = await makeQuiz(t.db, { gradeIds: [f.grade4.id], phaseId: f.phase.id });
    const form = quizForm(f, { status: 'Inactive' });
    const creator = await signedIn([['quiz', 'create']]);
    expect((await call(creator.token, 'POST', '/api/quiz/create/', form)).statusCode).toBe(201);
    expect((await call(creator.token, 'POST', `/api/quiz/update/?id=${quiz.id}`, form)).statusCode).toBe(403);
    expect((await call(creator.token, 'GET', '/api/quiz/detail/')).statusCode).toBe(403);
    const updater = await signedIn([['quiz', 'update']]);
    expect((await call(updater.token, 'POST', `/api/quiz/update/?id=${quiz.id}`, form)).statusCode).toBe(200);
    expect((await call(updater.token, 'DELETE', `/api/quiz/delete/?id=${quiz.id}`)).statusCode).toBe(403);
    const deleter = await signedIn([['quiz', 'delete']]);
    expect((await call(deleter.token, 'DELETE', `/api/quiz/delete/?id=${quiz.id}`)).statusCode).toBe(200);
    const questionsOnly = await signedIn([['question', 'read']]);
    expect((await call(questionsOnly.token, 'GET', '/api/quiz/detail/')).statusCode).toBe(403);
    expect((await call(questionsOnly.token, 'POST', '/api/quiz/pool-check/', {})).statusCode).toBe(403);
  });
});
