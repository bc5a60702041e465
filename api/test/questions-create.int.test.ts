import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff } from '../../test/helpers.js';
import {
  auditActions,
  call,
  type Fixtures,
  fixtures,
  mcq,
  openEnded,
  signedIn,
  t,
} from './questions.fixtures.js';

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
