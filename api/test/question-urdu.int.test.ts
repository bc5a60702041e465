import { describe, expect, it } from 'vitest';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import {
  bearer,
  correctOptionIds,
  loginStaff,
  makeQuestionPlacement,
  makeStaff,
  openSeededDemoContest,
  resetDatabase,
  seededGradeId,
  seededQuizId,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

async function adminToken() {
  const staff = await makeStaff(t.db, { superAdmin: true });
  return (await loginStaff(t.app, staff)).accessToken;
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

async function mcq(overrides: Record<string, unknown> = {}) {
  const placement = await makeQuestionPlacement(t.db, 4, 'Geometry', 'Angles');
  return {
    question: '<p>What is the sum of the angles of a triangle?</p>',
    questionUrdu: '<p>مثلث کے زاویوں کا مجموعہ کتنا ہے؟<script>alert(1)</script></p>',
    option1: { text: '<p>90</p>', textUrdu: '<p>نوے</p>', image: null, isCorrect: false },
    option2: {
      text: '<p>180</p>',
      textUrdu: '<p onclick="x()">ایک سو اسی</p>',
      image: null,
      isCorrect: true,
    },
    option3: { text: '<p>270</p>', image: null, isCorrect: false },
    option4: { text: '<p>360</p>', textUrdu: '  ', image: null, isCorrect: false },
    answerHintText: '<p>Tear off the corners and line them up.</p>',
    answerHintTextUrdu: '<p>کونے کاٹ کر ایک لائن میں رکھیں۔</p>',
    type: 'MCQs',
    tags: 'CONTEST',
    ...placement,
    ...overrides,
  };
}

describe('Urdu text on questions (admin api)', () => {
  it('creates a question with Urdu stem, options and hint, sanitised like the English, and reads it back', async () => {
    const token = await adminToken();
    const res = await call(token, 'POST', '/api/question/create/', await mcq());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const data = (await call(token, 'GET', `/api/question/detail/?id=${id}`)).json().data;
    expect(data.questionUrdu).toBe('<p>مثلث کے زاویوں کا مجموعہ کتنا ہے؟</p>');
    expect(data.answerHintTextUrdu).toBe('<p>کونے کاٹ کر ایک لائن میں رکھیں۔</p>');
    expect(data.option1.textUrdu).toBe('<p>نوے</p>');
    expect(data.option2.textUrdu).toBe('<p>ایک سو اسی</p>');
    expect(data.option3.textUrdu).toBeNull();
    expect(data.option4.textUrdu).toBeNull();
    expect(data.question).toBe('<p>What is the sum of the angles of a triangle?</p>');
  });

  it('creates a question without Urdu as before (every Urdu part null)', async () => {
    const token = await adminToken();
    const body = await mcq();
    const { questionUrdu: _q, answerHintTextUrdu: _h, ...english } = body;
    const res = await call(token, 'POST', '/api/question/create/', {
      ...english,
      option1: { ...body.option1, textUrdu: undefined },
      option2: { ...body.option2, textUrdu: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.questionUrdu).toBeNull();
    expect(data.answerHintTextUrdu).toBeNull();
    expect([data.option1, data.option2, data.option3, data.option4].map((o) => o.textUrdu)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('updates the Urdu text and clears it with an empty value; the list shows which questions have Urdu', async () => {
    const token = await adminToken();
    const body = await mcq();
    const id = (await call(token, 'POST', '/api/question/create/', body)).json().data._id as string;
    const list = (await call(token, 'GET', '/api/question/detail/?page=1&limit=10')).json();
    expect(list.data.map((r: { hasUrdu: boolean }) => r.hasUrdu)).toEqual([true]);

    const updated = await call(token, 'POST', `/api/question/update/?id=${id}`, {
      ...body,
      questionUrdu: '<p>نیا سوال</p>',
      option1: { ...body.option1, textUrdu: '' },
      answerHintTextUrdu: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const data = updated.json().data;
    expect(data.questionUrdu).toBe('<p>نیا سوال</p>');
    expect(data.option1.textUrdu).toBeNull();
    expect(data.option2.textUrdu).toBe('<p>ایک سو اسی</p>');
    expect(data.answerHintTextUrdu).toBeNull();

    await call(token, 'POST', `/api/question/update/?id=${id}`, { ...body, questionUrdu: '<p> </p>' });
    const after = (await call(token, 'GET', '/api/question/detail/?page=1&limit=10')).json();
    expect(after.data.map((r: { hasUrdu: boolean }) => r.hasUrdu)).toEqual([false]);
  });

  it('refuses Urdu text that is too long or not text with 400 naming the field', async () => {
    const token = await adminToken();
    const long = await call(
      token,
      'POST',
      '/api/question/create/',
      await mcq({ questionUrdu: 'ا'.repeat(20001) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/questionUrdu/);
    await resetDatabase(t.db);
    const token2 = await adminToken();
    const wrong = await call(token2, 'POST', '/api/question/create/', await mcq({ answerHintTextUrdu: 12 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/answerHintTextUrdu/);
  });

  it('previews the Urdu as served: options by id in the order shown, never whether one is correct', async () => {
    const token = await adminToken();
    const id = (await call(token, 'POST', '/api/question/create/', await mcq())).json().data._id as string;
    const served = (await call(token, 'GET', `/api/question/preview/?id=${id}`)).json().data;
    expect(served.urdu).toEqual({
      question: '<p>مثلث کے زاویوں کا مجموعہ کتنا ہے؟</p>',
      questionOptions: served.questionOptions.map((o: { _id: string }, i: number) => ({
        _id: o._id,
        text: ['<p>نوے</p>', '<p>ایک سو اسی</p>', null, null][i],
      })),
      answerHintText: '<p>کونے کاٹ کر ایک لائن میں رکھیں۔</p>',
    });
  });
});

describe('Urdu text in a contest', () => {
  it('serves urdu with each question that has it and null otherwise, without answers or hint', async () => {
    await openSeededDemoContest(t.db);
    // Every other question gets an Urdu stem, and every option an Urdu text.
    await t.db
      .updateTable('questions')
      .set({ questionHtmlUr: '<p>اردو سوال</p>', answerHintTextUr: '<p>اشارہ</p>' })
      .where((eb) => eb(eb('questionNo', '%', 2), '=', 0))
      .execute();
    await t.db.updateTable('questionOptions').set({ textHtmlUr: '<p>جواب</p>' }).execute();
    await t.db
      .updateTable('questionOptions')
      .set({ textHtmlUr: null })
      .where('questionId', 'in', (eb) =>
        eb
          .selectFrom('questions')
          .select('id')
          .where((w) => w(w('questionNo', '%', 2), '=', 1)),
      )
      .execute();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email: 'fatima.malik@example.com', password: DEMO_STUDENT_PASSWORD },
    });
    const student = login.json<{ accessToken: string }>().accessToken;
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: bearer(student),
        ...(payload ? { payload } : {}),
      });
    const quizId = await seededQuizId(t.db, await seededGradeId(t.db, 'Grade 3'), 'CONTEST');
    const started = await as('POST', '/api/play-quiz/', { quizId, type: 'CONTEST' });
    expect(started.statusCode, started.body).toBe(200);
    const play = started.json().play as { _id: string; questions: { _id: string }[] };

    const seen = { withUrdu: 0, without: 0 };
    // Every question of the play: which ones were drawn is random, so both kinds are met.
    for (const { _id: questionId } of play.questions) {
      const res = await as('GET', `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`);
      expect(res.statusCode, res.body).toBe(200);
      const served = res.json().question;
      const row = await t.db
        .selectFrom('questions')
        .select(['questionHtmlUr', 'questionNo'])
        .where('id', '=', served.questionId)
        .executeTakeFirstOrThrow();
      if (row.questionHtmlUr === null) {
        expect(served.urdu).toBeNull();
        seen.without += 1;
      } else {
        expect(served.urdu).toEqual({
          question: '<p>اردو سوال</p>',
          questionOptions: served.questionOptions.map((o: { _id: string }) => ({
            _id: o._id,
            text: '<p>جواب</p>',
          })),
          answerHintText: null,
        });
        seen.withUrdu += 1;
      }
      expect(JSON.stringify(served.urdu ?? {})).not.toMatch(/isCorrect|correctAnswer|acceptedAnswers/);
      const correct = await correctOptionIds(t.db, served.questionId);
      const submitted = await as('POST', '/api/play-quiz/question/submit-answer', {
        playId: play._id,
        questionId,
        answers: correct.length > 0 ? correct : ['11'],
        timeTaken: 1000,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
    }
    expect(seen.withUrdu).toBeGreaterThan(0);
    expect(seen.without).toBeGreaterThan(0);
  });
});
