import { describe, expect, it } from 'vitest';
import {
  bearer,
  guardStatuses,
  makeCategory,
  makePhase,
  makePlay,
  makeQuestion,
  makeQuizWithQuestions,
  makeSubCategory,
  type PlayAnswerFactory,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

async function adminToken() {
  return (await signedInStaff(t, { superAdmin: true })).token;
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const subOf = (categoryId: string) =>
  t.db
    .selectFrom('subCategories')
    .select('id')
    .where('categoryId', '=', categoryId)
    .executeTakeFirstOrThrow();

/** Grades 4 and 5, phases 1 and 2; Q1 and Q2 (MCQs) in Geometry, Q3 (open ended) in Algebra; one quiz. */
async function fixtures() {
  const setup = await makeQuizWithQuestions(t.db, {
    grades: [4, 5],
    category: 'Geometry',
    subCategory: 'Angles',
    questions: [
      ['<p>Angles of a <b>triangle</b>?</p>', [false, true, false, false]],
      ['<p>=SUM(A1) is 1 + 1?</p>', [true, false, false, false]],
    ],
  });
  const { grade, phase, category, quiz } = setup;
  const otherPhase = await makePhase(t.db, 2);
  const otherCategory = await makeCategory(t.db, 'Algebra');
  const otherSub = await makeSubCategory(t.db, otherCategory.id, 'Equations');
  const q3 = await makeQuestion(
    t.db,
    { gradeId: grade.id, categoryId: otherCategory.id, subCategoryId: otherSub.id },
    '<p>5 + 6 = ?</p>',
    'open',
  );
  const [q1, q2] = setup.questions;
  const otherGrade = setup.otherGrades[0] as typeof grade;
  return { grade, otherGrade, phase, otherPhase, category, otherCategory, q1, q2, q3, quiz };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

/**
 * Six finished contest plays scored 6..1: thirds are {6,5} upper, {4,3} middle, {2,1} lower.
 *   Q1 (B correct): B 10s, B 20s, A 30s, B 40s, C 50s, no answer 180s.
 *   Q2 (A correct): everybody A, 1..6 s.
 *   Q3 (open, 11): " 12 " 5s, "12" 7s, "Twelve" 9s, "13" 11s, no answer, and never served in play 1.
 */
async function handExample(f: Fixtures, finishedAt = new Date()) {
  const [a1, b1, c1] = f.q1.options as [string, string, string, string];
  const [a2] = f.q2.options as [string];
  const q1: PlayAnswerFactory[] = [
    { questionId: f.q1.id, selectedOptionIds: [b1], timeTakenMs: 10_000, isCorrect: true },
    { questionId: f.q1.id, selectedOptionIds: [b1], timeTakenMs: 20_000, isCorrect: true },
    { questionId: f.q1.id, selectedOptionIds: [a1], timeTakenMs: 30_000, isCorrect: false },
    { questionId: f.q1.id, selectedOptionIds: [b1], timeTakenMs: 40_000, isCorrect: true },
    { questionId: f.q1.id, selectedOptionIds: [c1], timeTakenMs: 50_000, isCorrect: false },
    { questionId: f.q1.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000, isCorrect: false },
  ];
  const q3: PlayAnswerFactory[] = [
    { questionId: f.q3.id, answerText: ' 12 ', timeTakenMs: 5_000, isCorrect: false },
    { questionId: f.q3.id, answerText: '12', timeTakenMs: 7_000, isCorrect: false },
    { questionId: f.q3.id, answerText: 'Twelve', timeTakenMs: 9_000, isCorrect: false },
    { questionId: f.q3.id, answerText: '13', timeTakenMs: 11_000, isCorrect: false },
    { questionId: f.q3.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000, isCorrect: false },
    { questionId: f.q3.id, served: false },
  ];
  for (let i = 0; i < 6; i += 1) {
    await makePlay(t.db, {
      quizId: f.quiz.id,
      phaseId: f.phase.id,
      gradeId: f.grade.id,
      score: 6 - i,
      finishedAt,
      answers: [
        q1[i]!,
        { questionId: f.q2.id, selectedOptionIds: [a2], timeTakenMs: (i + 1) * 1000, isCorrect: true },
        q3[i]!,
      ],
    });
  }
}

interface Row {
  _id: string;
  questionNo: number;
  served: number;
  flags: string[];
  [key: string]: unknown;
}
interface Page {
  data: Row[];
  total: number;
  plays: number;
  currentPage: number;
  totalPages: number;
}

describe('GET /api/reports/questions/', () => {
  it('computes item statistics exactly as worked out by hand', async () => {
    const f = await fixtures();
    await handExample(f);
    const res = await get(await adminToken(), '/api/reports/questions/');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({ total: 3, plays: 6, currentPage: 1, totalPages: 1 });
    const [r1, r2, r3] = page.data;

    expect(r1).toEqual({
      _id: f.q1.id,
      questionNo: f.q1.no,
      preview: 'Angles of a triangle?',
      previewHtml: 'Angles of a triangle?',
      type: 'MCQs',
      grade: { _id: f.grade.id, title: 'Grade 4' },
      category: { _id: f.category.id, name: 'Geometry' },
      served: 6,
      correct: 3,
      answered: 5,
      noAnswer: 1,
      shareCorrect: 0.5,
      facility: 0.5,
      avgTimeMs: 30_000,
      medianTimeMs: 30_000,
      discrimination: 1,
      upper: { served: 2, correct: 2 },
      lower: { served: 2, correct: 0 },
      options: [
        { letter: 'A', position: 1, isCorrect: false, count: 1, share: 0.1667 },
        { letter: 'B', position: 2, isCorrect: true, count: 3, share: 0.5 },
        { letter: 'C', position: 3, isCorrect: false, count: 1, share: 0.1667 },
        { letter: 'D', position: 4, isCorrect: false, count: 0, share: 0 },
      ],
      wrongAnswers: [],
      flags: [],
    });

    expect(r2).toMatchObject({
      _id: f.q2.id,
      served: 6,
      correct: 6,
      shareCorrect: 1,
      avgTimeMs: 3500,
      medianTimeMs: 3500,
      discrimination: 0,
      flags: ['EVERYBODY_CORRECT'],
    });
    expect((r2?.options as { count: number }[] | undefined)?.map((o) => o.count)).toEqual([6, 0, 0, 0]);

    expect(r3).toMatchObject({
      _id: f.q3.id,
      type: 'Open Ended',
      category: { _id: f.otherCategory.id, name: 'Algebra' },
      served: 5,
      correct: 0,
      answered: 4,
      noAnswer: 1,
      shareCorrect: 0,
      avgTimeMs: 8000,
      medianTimeMs: 8000,
      discrimination: 0,
      upper: { served: 2, correct: 0 },
      lower: { served: 1, correct: 0 },
      options: [],
      wrongAnswers: [
        { text: '12', count: 2 },
        { text: '13', count: 1 },
        { text: 'twelve', count: 1 },
      ],
      flags: ['NOBODY_CORRECT'],
    });
  });

  it('takes the median between the two middle times and counts only answered times', async () => {
    const f = await fixtures();
    const times = [4000, 1000, 10_000, 2000];
    for (const [i, time] of times.entries()) {
      await makePlay(t.db, {
        quizId: f.quiz.id,
        phaseId: f.phase.id,
        gradeId: f.grade.id,
        score: i,
        answers: [{ questionId: f.q1.id, selectedOptionIds: [f.q1.options[1]!], timeTakenMs: time }],
      });
    }
    await makePlay(t.db, {
      quizId: f.quiz.id,
      phaseId: f.phase.id,
      gradeId: f.grade.id,
      answers: [{ questionId: f.q1.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000 }],
    });
    const [row] = (await get(await adminToken(), '/api/reports/questions/')).json<Page>().data;
    expect(row).toMatchObject({ served: 5, answered: 4, avgTimeMs: 4250, medianTimeMs: 3000 });
  });

  it('counts only finished plays and narrows by phase, grade, kind, category and Pakistan days', async () => {
    const f = await fixtures();
    const token = await adminToken();
    const answer = (isCorrect: boolean) => [
      { questionId: f.q1.id, selectedOptionIds: [f.q1.options[1]!], isCorrect },
    ];
    const base = { quizId: f.quiz.id, phaseId: f.phase.id, gradeId: f.grade.id };
    // 2026-03-10 23:59 and 2026-03-11 00:30 in Pakistan (UTC+5).
    const lateOn10th = new Date('2026-03-10T18:59:00Z');
    const earlyOn11th = new Date('2026-03-10T19:30:00Z');
    await makePlay(t.db, { ...base, finishedAt: lateOn10th, answers: answer(true) });
    await makePlay(t.db, { ...base, finishedAt: earlyOn11th, answers: answer(false) });
    await makePlay(t.db, { ...base, kind: 'PRACTICE', finishedAt: earlyOn11th, answers: answer(true) });
    await makePlay(t.db, {
      ...base,
      phaseId: f.otherPhase.id,
      finishedAt: earlyOn11th,
      answers: answer(true),
    });
    await makePlay(t.db, {
      ...base,
      gradeId: f.otherGrade.id,
      finishedAt: earlyOn11th,
      answers: answer(true),
    });
    await makePlay(t.db, { ...base, status: 'IN_PROGRESS', answers: answer(true) });
    await makePlay(t.db, { ...base, status: 'CANCELLED', answers: answer(true) });

    const q1 = async (query: string) => {
      const page = (await get(token, `/api/reports/questions/?${query}`)).json<Page>();
      return { plays: page.plays, served: page.data[0]?.served ?? 0, correct: page.data[0]?.correct };
    };
    expect(await q1('')).toEqual({ plays: 5, served: 5, correct: 4 });
    expect(await q1('kind=CONTEST')).toEqual({ plays: 4, served: 4, correct: 3 });
    expect(await q1('kind=PRACTICE')).toEqual({ plays: 1, served: 1, correct: 1 });
    expect(await q1(`phaseId=${f.otherPhase.id}`)).toEqual({ plays: 1, served: 1, correct: 1 });
    expect(await q1(`gradeId=${f.grade.id}&phaseId=${f.phase.id}&kind=CONTEST`)).toEqual({
      plays: 2,
      served: 2,
      correct: 1,
    });
    expect(await q1('from=2026-03-10&to=2026-03-10')).toEqual({ plays: 1, served: 1, correct: 1 });
    expect(await q1('from=2026-03-11&to=2026-03-11')).toEqual({ plays: 4, served: 4, correct: 3 });
    expect(await q1('from=2026-03-12')).toEqual({ plays: 0, served: 0, correct: undefined });
    expect(await q1('to=2026-03-09')).toEqual({ plays: 0, served: 0, correct: undefined });

    const algebra = (
      await get(token, `/api/reports/questions/?categoryId=${f.otherCategory.id}`)
    ).json<Page>();
    expect(algebra).toMatchObject({ total: 0, plays: 5, data: [] });
  });

  it('sorts by any statistic either way, questions without a value last, and pages', async () => {
    const f = await fixtures();
    await handExample(f);
    const token = await adminToken();
    const order = async (query: string) =>
      (await get(token, `/api/reports/questions/?${query}`)).json<Page>().data.map((r) => r._id);
    expect(await order('')).toEqual([f.q1.id, f.q2.id, f.q3.id]);
    expect(await order('sort=questionNo&order=desc')).toEqual([f.q3.id, f.q2.id, f.q1.id]);
    expect(await order('sort=shareCorrect&order=desc')).toEqual([f.q2.id, f.q1.id, f.q3.id]);
    expect(await order('sort=facility&order=asc')).toEqual([f.q3.id, f.q1.id, f.q2.id]);
    expect(await order('sort=avgTime&order=asc')).toEqual([f.q2.id, f.q3.id, f.q1.id]);
    expect(await order('sort=medianTime&order=desc')).toEqual([f.q1.id, f.q3.id, f.q2.id]);
    expect(await order('sort=served&order=asc')).toEqual([f.q3.id, f.q1.id, f.q2.id]);
    expect(await order('sort=discrimination&order=desc')).toEqual([f.q1.id, f.q2.id, f.q3.id]);

    const second = (
      await get(token, '/api/reports/questions/?sort=served&order=asc&limit=2&page=2')
    ).json<Page>();
    expect(second).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
    expect(second.data.map((r) => r._id)).toEqual([f.q2.id]);
    const beyond = (await get(token, '/api/reports/questions/?limit=2&page=9')).json<Page>();
    expect(beyond).toMatchObject({ total: 3, plays: 6, data: [] });

    // Served but never answered: no time, so last whichever way times are sorted.
    const q4 = await makeQuestion(
      t.db,
      { gradeId: f.grade.id, categoryId: f.category.id, subCategoryId: (await subOf(f.category.id)).id },
      '<p>Timed out</p>',
      [true, false],
    );
    await makePlay(t.db, {
      quizId: f.quiz.id,
      phaseId: f.phase.id,
      gradeId: f.grade.id,
      answers: [{ questionId: q4.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000 }],
    });
    expect(await order('sort=avgTime&order=asc')).toEqual([f.q2.id, f.q3.id, f.q1.id, q4.id]);
    expect(await order('sort=medianTime&order=desc')).toEqual([f.q1.id, f.q3.id, f.q2.id, q4.id]);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const token = await adminToken();
    const cases: [string, string][] = [
      ['phaseId=abc', 'phaseId'],
      ['gradeId=1', 'gradeId'],
      ['categoryId=x', 'categoryId'],
      ['kind=QUIZ', 'kind'],
      ['from=11/03/2026', 'from'],
      ['to=2026-02-30', 'to'],
      ['from=2026-03-12&to=2026-03-11', 'to'],
      ['sort=score', 'sort'],
      ['order=up', 'order'],
      ['page=0', 'page'],
      ['limit=1000', 'limit'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['/api/reports/questions/', '/api/reports/questions/csv']) {
        if (path.endsWith('csv') && (field === 'page' || field === 'limit')) {
          continue;
        }
        const res = await get(token, `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        const body = res.json<{ message: string; errors?: Record<string, string> }>();
        expect(body.message.startsWith(field), `${query}: ${body.message}`).toBe(true);
      }
    }
  });

  it('answers 401 signed out, 403 without questionReports:read and 200 with only that permission', async () => {
    const others: Parameters<typeof guardStatuses>[3] = [
      ['question', 'read'],
      ['quizPerformance', 'read'],
    ];
    const urls = ['/api/reports/questions/', '/api/reports/questions/csv'];
    expect(await guardStatuses(t, urls, ['questionReports', 'read'], others)).toEqual({
      signedOut: [401, 401],
      others: [403, 403],
      needed: [200, 200],
    });
  });
});

describe('GET /api/reports/questions/csv', () => {
  it('sends the whole sorted report as a CSV file with a header row and formula-safe cells', async () => {
    const f = await fixtures();
    await handExample(f);
    const res = await get(
      await adminToken(),
      '/api/reports/questions/csv?sort=shareCorrect&order=desc&limit=1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="question-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Question No,Question,Type,Grade,Category,Served,Correct,Share correct %,Average time s,Median time s,' +
        'Facility,Discrimination,Upper third served,Upper third correct,Lower third served,Lower third correct,' +
        'No answer,A,B,C,D,Correct option,Top wrong answers,Flags',
    );
    expect(lines.slice(1, -1)).toEqual([
      `${f.q2.no},'=SUM(A1) is 1 + 1?,MCQs,Grade 4,Geometry,6,6,100,3.5,3.5,1,0,2,2,2,2,0,6 (100%),0 (0%),0 (0%),0 (0%),A,,EVERYBODY_CORRECT`,
      `${f.q1.no},Angles of a triangle?,MCQs,Grade 4,Geometry,6,3,50,30,30,0.5,1,2,2,2,0,1,1 (16.7%),3 (50%),1 (16.7%),0 (0%),B,,`,
      `${f.q3.no},5 + 6 = ?,Open Ended,Grade 4,Algebra,5,0,0,8,8,0,0,2,0,1,0,1,,,,,,12 (2); 13 (1); twelve (1),NOBODY_CORRECT`,
    ]);
  });

  it('sends only the header row when nothing matches', async () => {
    const res = await get(await adminToken(), '/api/reports/questions/csv?kind=PRACTICE');
    expect(res.statusCode).toBe(200);
    expect(res.body.slice(1).split('\r\n')).toHaveLength(2);
  });
});
