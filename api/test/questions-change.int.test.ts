import { describe, expect, it } from 'vitest';
import { loginStaff, makeQuiz, makeStaff, makeStudent } from '../../test/helpers.js';
import { auditActions, call, fixtures, mcq, openEnded, signedIn, t } from './questions.fixtures.js';

describe('listing questions', () => {
  it('filters by grade, tag, status, phase, type and search, and pages newest first', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const ids: string[] = [];
    for (const body of [
      mcq(f),
      mcq(f, {
        question: '<p>Name the <strong>obtuse</strong> angle</p>',
        tags: 'PRACTICE',
        status: 'Inactive',
      }),
      openEnded(f),
    ]) {
      const res = await call(admin.token, 'POST', '/api/question/create/', body);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data._id);
    }
    const list = async (query: string) => {
      const res = await call(admin.token, 'GET', `/api/question/detail/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await list('');
    expect(all).toMatchObject({ total: 3, currentPage: 1, totalPages: 1, itemsPerPage: 50 });
    expect(all.data.map((r: { _id: string }) => r._id)).toEqual([...ids].reverse());
    expect(all.data[2]).toEqual({
      _id: ids[0],
      questionNo: expect.any(Number),
      preview: 'What is the sum of the angles of a triangle?',
      previewHtml: 'What is the sum of the angles of a triangle?',
      grade: { _id: f.grade.id, title: 'Grade 4' },
      category: { _id: f.category.id, name: 'Geometry' },
      subCategory: { _id: f.sub.id, name: 'Angles' },
      tag: 'CONTEST',
      type: 'MCQs',
      status: 'Active',
      phases: [{ _id: f.phase.id, name: 'Phase 1' }],
      hasUrdu: false,
      usageCount: 0,
      updatedAt: expect.any(String),
    });

    const idsOf = (page: { data: { _id: string }[] }) => page.data.map((r) => r._id);
    expect(idsOf(await list(`gradeId=${f.grade.id}`))).toEqual([ids[1], ids[0]]);
    expect(idsOf(await list('tag=PRACTICE'))).toEqual([ids[2], ids[1]]);
    expect(idsOf(await list('status=Inactive'))).toEqual([ids[1]]);
    expect(idsOf(await list('type=Open%20Ended'))).toEqual([ids[2]]);
    expect(idsOf(await list(`phaseId=${f.phase2.id}`))).toEqual([ids[2]]);
    expect(idsOf(await list(`categoryId=${f.otherCategory.id}`))).toEqual([]);
    expect(idsOf(await list('search=OBTUSE'))).toEqual([ids[1]]);
    expect(idsOf(await list('search=100%25'))).toEqual([]);
    expect(idsOf(await list(`search=${all.data[0].questionNo}`))).toEqual([ids[2]]);

    const page2 = await list('page=2&limit=2');
    expect(page2).toMatchObject({ total: 3, currentPage: 2, totalPages: 2, itemsPerPage: 2 });
    expect(idsOf(page2)).toEqual([ids[0]]);

    const bad = await call(admin.token, 'GET', '/api/question/detail/?status=ACTIVE');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('status');
  });
});

describe('changing questions', () => {
  it('updates the whole form in one go, keeping option ids by position', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const created = (await call(admin.token, 'POST', '/api/question/create/', mcq(f))).json().data;
    const body = mcq(f, {
      question: '<p>Angles of a square?</p>',
      option2: { text: '<p>180</p>', image: null, isCorrect: false },
      option4: { text: '<p>360</p>', image: null, isCorrect: true },
      phaseIds: [f.phase2.id],
      categoryId: f.otherCategory.id,
      subCategoryId: f.otherSub.id,
      tags: 'BOTH',
      commentsForInternalPurpose: null,
    });
    const res = await call(admin.token, 'POST', `/api/question/update/?id=${created._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ...body, option1: { _id: created.option1._id } });
    expect(data.option4).toEqual({ ...body.option4, textUrdu: null, _id: created.option4._id });

    const toOpen = await call(admin.token, 'POST', `/api/question/update/?id=${created._id}`, openEnded(f));
    expect(toOpen.json().data).toMatchObject({
      type: 'Open Ended',
      option1: null,
      acceptedAnswers: ['4.5', '4 1/2'],
    });

    const wrongSub = await call(
      admin.token,
      'POST',
      `/api/question/update/?id=${created._id}`,
      mcq(f, { subCategoryId: f.otherSub.id }),
    );
    expect(wrongSub.statusCode).toBe(400);
    expect(wrongSub.json().errors).toHaveProperty('subCategoryId');
    expect(await auditActions(created._id)).toEqual([
      'question.create',
      'question.update',
      'question.update',
    ]);
  });

  it('switches a question off and on', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const { _id } = (await call(admin.token, 'POST', '/api/question/create/', mcq(f))).json().data;
    const off = await call(admin.token, 'POST', `/api/question/status/?id=${_id}`, { status: 'Inactive' });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('Inactive');
    const row = await t.db
      .selectFrom('questions')
      .select('status')
      .where('id', '=', _id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('INACTIVE');
    await call(admin.token, 'POST', `/api/question/status/?id=${_id}`, { status: 'Inactive' });
    const on = await call(admin.token, 'POST', `/api/question/status/?id=${_id}`, { status: 'Active' });
    expect(on.json().data.status).toBe('Active');
    const bad = await call(admin.token, 'POST', `/api/question/status/?id=${_id}`, { status: 'off' });
    expect(bad.statusCode).toBe(400);
    expect(await auditActions(_id)).toEqual(['question.create', 'question.deactivate', 'question.activate']);
  });

  it('refuses to delete a played question and deletes an unplayed one', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const played = (await call(admin.token, 'POST', '/api/question/create/', mcq(f))).json().data;
    const unplayed = (await call(admin.token, 'POST', '/api/question/create/', openEnded(f))).json().data;
    const student = await makeStudent(t.db, {
      fullName: 'Ayesha Khan',
      email: 'ayesha@example.com',
      gradeId: f.grade.id,
    });
    const quiz = await makeQuiz(t.db, { title: 'Contest 4', gradeIds: [f.grade.id], phaseId: f.phase.id });
    const play = await t.db
      .insertInto('plays')
      .values({
        studentId: student.id,
        quizId: quiz.id,
        phaseId: f.phase.id,
        gradeId: f.grade.id,
        kind: 'CONTEST',
        questionCount: 15,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('playQuestions')
      .values({ playId: play.id, position: 0, questionId: played._id })
      .execute();

    const listed = await call(admin.token, 'GET', `/api/question/detail/?gradeId=${f.grade.id}`);
    expect(listed.json().data[0].usageCount).toBe(1);

    const refused = await call(admin.token, 'DELETE', `/api/question/delete/?id=${played._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This question has been played 1 time: deactivate it instead');

    const deleted = await call(admin.token, 'DELETE', `/api/question/delete/?id=${unplayed._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Question deleted' });
    const left = await t.db.selectFrom('questions').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([played._id]);
    expect(await auditActions(unplayed._id)).toEqual(['question.create', 'question.delete']);

    const missing = await call(admin.token, 'DELETE', `/api/question/delete/?id=${unplayed._id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('guards each route with its question permission', async () => {
    const reader = await makeStaff(t.db, { permissions: [['question', 'read']] });
    const token = (await loginStaff(t.app, reader)).accessToken;
    expect((await call(token, 'GET', '/api/question/detail/')).statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/question/create/', {})).statusCode).toBe(403);
    const id = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(token, 'POST', `/api/question/status/?id=${id}`, { status: 'Active' })).statusCode,
    ).toBe(403);
    expect((await call(token, 'DELETE', `/api/question/delete/?id=${id}`)).statusCode).toBe(403);
  });
});
