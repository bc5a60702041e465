import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  loginStaff,
  makeCategory,
  makeGrade,
  makePhase,
  makeQuiz,
  makeStaff,
  makeSubCategory,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const signedIn = () => signedInStaff(t);

const call = authorizedCall(t);

const auditActions = async (targetId: string) =>
  (
    await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', targetId)
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

async function fixtures() {
  const grade = await makeGrade(t.db, 4);
  const otherGrade = await makeGrade(t.db, 5);
  const phase = await makePhase(t.db, 1);
  const phase2 = await makePhase(t.db, 2);
  const category = await makeCategory(t.db, 'Geometry');
  const otherCategory = await makeCategory(t.db, 'Algebra');
  const sub = await makeSubCategory(t.db, category.id, 'Angles');
  const otherSub = await makeSubCategory(t.db, otherCategory.id, 'Equations');
  return { grade, otherGrade, phase, phase2, category, otherCategory, sub, otherSub };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

const mcq = (f: Fixtures, overrides: Record<string, unknown> = {}) => ({
  question: '<p>What is the sum of the angles of a triangle?</p>',
  questionImage: '/uploads/questions/triangle.png',
  option1: { text: '<p>90</p>', image: null, isCorrect: false },
  option2: { text: '<p>180</p>', image: null, isCorrect: true },
  option3: { text: '', image: 'https://cdn.example.com/270.png', isCorrect: false },
  option4: { text: '<p>360</p>', image: null, isCorrect: false },
  answerHintText: '<p>Tear off the corners and line them up.</p>',
  answerHintImage: null,
  answerHintVideo: 'https://video.example.com/angles',
  answerHintThumbnail: '/uploads/thumbs/angles.jpg',
  commentsForInternalPurpose: 'From the 2025 paper',
  categoryId: f.category.id,
  subCategoryId: f.sub.id,
  type: 'MCQs',
  selectMultiple: false,
  tags: 'CONTEST',
  gradeId: f.grade.id,
  phaseIds: [f.phase.id],
  status: 'Active',
  acceptedAnswers: [],
  ...overrides,
});

const openEnded = (f: Fixtures, overrides: Record<string, unknown> = {}) => ({
  question: '<p>Half of 9?</p>',
  answerHintText: '<p>Split 9 into two equal parts.</p>',
  categoryId: f.category.id,
  subCategoryId: f.sub.id,
  type: 'Open Ended',
  selectMultiple: false,
  tags: 'PRACTICE',
  gradeId: f.otherGrade.id,
  phaseIds: [f.phase.id, f.phase2.id],
  status: 'Active',
  acceptedAnswers: [' 4.5 ', '4 1/2'],
  ...overrides,
});

describe('creating and reading questions', () => {
  it('creates an MCQ whose form round-trips, with options, phases, score 1 and an audit entry', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const sent = mcq(f);
    const res = await call(admin.token, 'POST', '/api/question/create/', { ...sent, score: 7 });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.score).toBe(1);
    expect(created.usageCount).toBe(0);

    const detail = await call(admin.token, 'GET', `/api/question/detail/?id=${created._id}`);
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data).toMatchObject({ ...sent, score: 1 });
    for (const key of ['option1', 'option2', 'option3', 'option4'] as const) {
      expect(data[key]).toEqual({ ...sent[key], textUrdu: null, _id: expect.any(String) });
    }
    expect(await auditActions(created._id)).toEqual(['question.create']);
  });

  it('creates an open-ended question with trimmed accepted answers and no options', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const res = await call(admin.token, 'POST', '/api/question/create/', {
      ...openEnded(f),
      option1: { text: '<p>ignored</p>', isCorrect: true },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'Open Ended',
      acceptedAnswers: ['4.5', '4 1/2'],
      option1: null,
      option4: null,
      phaseIds: [f.phase.id, f.phase2.id],
      tags: 'PRACTICE',
    });
    const options = await t.db
      .selectFrom('questionOptions')
      .selectAll()
      .where('questionId', '=', data._id)
      .execute();
    expect(options).toEqual([]);
  });

  it('stores sanitised rich text', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const res = await call(
      admin.token,
      'POST',
      '/api/question/create/',
      mcq(f, {
        question:
          '<p>Look <img src=x onerror=alert(1)><img src="/uploads/a.png" onerror="alert(1)"><script>alert(2)</script></p>',
        option1: { text: '<b onclick="alert(1)">90</b>', isCorrect: false },
        answerHintText: '<p><a href="javascript:alert(1)">hint</a></p>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('questions')
      .select(['questionHtml', 'answerHintText'])
      .where('id', '=', res.json().data._id)
      .executeTakeFirstOrThrow();
    expect(row.questionHtml).not.toMatch(/onerror|alert|script/);
    expect(row.questionHtml).toContain('<img src="/uploads/a.png"');
    expect(row.answerHintText).not.toContain('javascript');
    const option = await t.db
      .selectFrom('questionOptions')
      .select('textHtml')
      .where('questionId', '=', res.json().data._id)
      .where('position', '=', 1)
      .executeTakeFirstOrThrow();
    expect(option.textHtml).toBe('<b>90</b>');
  });

  it('answers 404 for an unknown question', async () => {
    const admin = await signedIn();
    const res = await call(
      admin.token,
      'GET',
      '/api/question/detail/?id=00000000-0000-4000-8000-000000000000',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('question validation', () => {
  const cases: [string, (f: Fixtures) => Record<string, unknown>, string][] = [
    ['missing question', (f) => mcq(f, { question: undefined }), 'question'],
    [
      'empty question after sanitising',
      (f) => mcq(f, { question: '<p> </p><script>x</script>' }),
      'question',
    ],
    ['missing hint', (f) => mcq(f, { answerHintText: '' }), 'answerHintText'],
    ['missing option', (f) => mcq(f, { option4: undefined }), 'option4'],
    [
      'option without text or image',
      (f) => mcq(f, { option2: { text: '<p></p>', isCorrect: true } }),
      'option2',
    ],
    [
      'two correct options for a single answer',
      (f) => mcq(f, { option1: { text: '90', isCorrect: true } }),
      'correctOptions',
    ],
    [
      'no correct option for select multiple',
      (f) => mcq(f, { selectMultiple: true, option2: { text: '180', isCorrect: false } }),
      'correctOptions',
    ],
    ['open ended without answers', (f) => openEnded(f, { acceptedAnswers: [] }), 'acceptedAnswers'],
    ['blank accepted answer', (f) => openEnded(f, { acceptedAnswers: ['4.5', '  '] }), 'acceptedAnswers.1'],
    ['unknown type', (f) => mcq(f, { type: 'Essay' }), 'type'],
    ['unknown tag', (f) => mcq(f, { tags: 'HOMEWORK' }), 'tags'],
    ['unknown status', (f) => mcq(f, { status: 'ACTIVE' }), 'status'],
    ['no phases', (f) => mcq(f, { phaseIds: [] }), 'phaseIds'],
    ['unknown phase', (f) => mcq(f, { phaseIds: [f.phase.id, f.grade.id] }), 'phaseIds'],
    ['unknown grade', (f) => mcq(f, { gradeId: f.phase.id }), 'gradeId'],
    ['grade not an id', (f) => mcq(f, { gradeId: 'four' }), 'gradeId'],
    ['unknown category', (f) => mcq(f, { categoryId: f.grade.id }), 'categoryId'],
    ['sub category of another category', (f) => mcq(f, { subCategoryId: f.otherSub.id }), 'subCategoryId'],
    ['javascript image', (f) => mcq(f, { questionImage: 'javascript:alert(1)' }), 'questionImage'],
    ['relative image path', (f) => mcq(f, { answerHintImage: '../etc/passwd' }), 'answerHintImage'],
    ['http video', (f) => mcq(f, { answerHintVideo: 'http://video.example.com/a' }), 'answerHintVideo'],
    [
      'option image outside uploads',
      (f) => mcq(f, { option1: { text: '', image: 'data:image/png;base64,AAAA' } }),
      'option1.image',
    ],
  ];

  it.each(cases)('answers 400 for %s', async (_name, build, field) => {
    const admin = await signedIn();
    const f = await fixtures();
    const res = await call(admin.token, 'POST', '/api/question/create/', build(f));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await t.db.selectFrom('questions').select('id').execute()).toEqual([]);
  });

  it('names every bad field at once', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const res = await call(
      admin.token,
      'POST',
      '/api/question/create/',
      mcq(f, { question: '<p></p>', option3: undefined, subCategoryId: f.otherSub.id, phaseIds: [] }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'option3',
      'phaseIds',
      'question',
      'subCategoryId',
    ]);
  });
});

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
    const student = await t.db
      .insertInto('students')
      .values({
        fullName: 'Ayesha Khan',
        email: 'ayesha@example.com',
        passwordHash: 'x',
        gradeId: f.grade.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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

describe('the question as a student receives it (view page preview)', () => {
  it('serves the question through the served shape: lettered options, empty ones dropped, answers and hint marked', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const created = (await call(admin.token, 'POST', '/api/question/create/', mcq(f))).json().data;
    // Older or imported rows may hold an option with nothing to show: students never see it.
    await t.db
      .updateTable('questionOptions')
      .set({ textHtml: '<p> </p>' })
      .where('id', '=', created.option1._id)
      .execute();

    const res = await call(admin.token, 'GET', `/api/question/preview/?id=${created._id}`);
    expect(res.statusCode).toBe(200);
    const served = res.json().data;
    expect(served.questionOptions).toEqual([
      { _id: created.option2._id, letter: 'A', text: '<p>180</p>', image: null },
      { _id: created.option3._id, letter: 'B', text: '', image: 'https://cdn.example.com/270.png' },
      { _id: created.option4._id, letter: 'C', text: '<p>360</p>', image: null },
    ]);
    expect(served).toMatchObject({
      _id: created._id,
      questionId: created._id,
      question: '<p>What is the sum of the angles of a triangle?</p>',
      questionImage: '/uploads/questions/triangle.png',
      type: 'MCQs',
      correctAnswerList: [created.option2._id],
      selectMultiple: false,
      answerHintText: '<p>Tear off the corners and line them up.</p>',
      answerHintVideo: 'https://video.example.com/angles',
    });
    expect(served).not.toHaveProperty('commentsForInternalPurpose');
  });

  it('needs question:update like the view page, and answers 404 for an unknown question', async () => {
    const f = await fixtures();
    const admin = await signedIn();
    const created = (await call(admin.token, 'POST', '/api/question/create/', openEnded(f))).json().data;
    const reader = await makeStaff(t.db, { permissions: [['question', 'read']] });
    const token = (await loginStaff(t.app, reader)).accessToken;
    expect((await call(token, 'GET', `/api/question/preview/?id=${created._id}`)).statusCode).toBe(403);
    const served = (await call(admin.token, 'GET', `/api/question/preview/?id=${created._id}`)).json().data;
    expect(served).toMatchObject({
      type: 'Open Ended',
      questionOptions: [],
      acceptedAnswers: ['4.5', '4 1/2'],
    });
    const missing = await call(
      admin.token,
      'GET',
      '/api/question/preview/?id=00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Question not found' });
  });
});
