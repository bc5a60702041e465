import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  authorizedCall,
  makeCategory,
  makeGrade,
  makePhase,
  makeQuiz,
  makeSubCategory,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import { eligibleQuestions } from '../src/modules/quizzes/quizzes.repository.js';
import { poolReport } from '../src/modules/quizzes/quizzes.service.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const signedIn = (permissions?: StaffFactoryOptions['permissions']) =>
  signedInStaff(t, permissions ? { permissions } : { superAdmin: true });

const call = authorizedCall(t);

const auditOf = (targetId: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'details'])
    .where('targetId', '=', targetId)
    .orderBy('id')
    .execute();

async function fixtures() {
  const grade4 = await makeGrade(t.db, 4);
  const grade5 = await makeGrade(t.db, 5);
  const phase = await makePhase(t.db, 1);
  const phase2 = await makePhase(t.db, 2);
  const algebra = await makeCategory(t.db, 'Algebra');
  const geometry = await makeCategory(t.db, 'Geometry');
  const fractions = await makeSubCategory(t.db, algebra.id, 'Fractions');
  const equations = await makeSubCategory(t.db, algebra.id, 'Equations');
  const angles = await makeSubCategory(t.db, geometry.id, 'Angles');
  return { grade4, grade5, phase, phase2, algebra, geometry, fractions, equations, angles };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

interface QuestionSpec {
  grade: { id: string };
  category: { id: string };
  sub: { id: string };
  tag?: 'PRACTICE' | 'CONTEST' | 'BOTH';
  status?: 'ACTIVE' | 'INACTIVE';
  phases: { id: string }[];
}

let counter = 0;
async function addQuestions(n: number, spec: QuestionSpec): Promise<string[]> {
  if (n === 0) {
    return [];
  }
  const rows = await t.db
    .insertInto('questions')
    .values(
      Array.from({ length: n }, () => ({
        questionHtml: `<p>Question ${++counter}</p>`,
        answerHintText: '<p>Hint</p>',
        tag: spec.tag ?? 'BOTH',
        status: spec.status ?? 'ACTIVE',
        gradeId: spec.grade.id,
        categoryId: spec.category.id,
        subCategoryId: spec.sub.id,
      })),
    )
    .returning('id')
    .execute();
  await t.db
    .insertInto('questionPhases')
    .values(rows.flatMap((r) => spec.phases.map((p) => ({ questionId: r.id, phaseId: p.id }))))
    .execute();
  return rows.map((r) => r.id);
}

const quizForm = (f: Fixtures, overrides: Record<string, unknown> = {}) => ({
  title: 'Grade 4 Contest — Phase 1',
  kind: 'CONTEST',
  gradeIds: [f.grade4.id],
  phaseId: f.phase.id,
  questionCount: 5,
  secondsPerQuestion: 120,
  attemptsAllowed: 3,
  opensAt: '2026-12-01T09:00:00.000Z',
  closesAt: '2026-12-10T17:00:00.000Z',
  status: 'Active',
  poolMode: 'RULES',
  rules: [
    { categoryId: f.algebra.id, subCategoryId: f.fractions.id, questionCount: 2 },
    { categoryId: null, subCategoryId: null, questionCount: 3 },
  ],
  questionIds: [],
  ...overrides,
});

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

describe('quiz validation', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  const cases: [string, (f: Fixtures) => Record<string, unknown>, string][] = [
    ['missing title', (f) => quizForm(f, { title: undefined }), 'title'],
    ['blank title', (f) => quizForm(f, { title: '   ' }), 'title'],
    ['long title', (f) => quizForm(f, { title: 'x'.repeat(161) }), 'title'],
    ['bad kind', (f) => quizForm(f, { kind: 'EXAM' }), 'kind'],
    ['no grade', (f) => quizForm(f, { gradeIds: [] }), 'gradeIds'],
    ['unknown grade', (f) => quizForm(f, { gradeIds: [f.grade4.id, unknown] }), 'gradeIds'],
    ['unknown phase', (f) => quizForm(f, { phaseId: unknown }), 'phaseId'],
    ['bad phase id', (f) => quizForm(f, { phaseId: 'phase-1' }), 'phaseId'],
    ['zero questions', (f) => quizForm(f, { questionCount: 0 }), 'questionCount'],
    ['too many questions', (f) => quizForm(f, { questionCount: 101 }), 'questionCount'],
    ['fractional questions', (f) => quizForm(f, { questionCount: 2.5 }), 'questionCount'],
    ['too few seconds', (f) => quizForm(f, { secondsPerQuestion: 9 }), 'secondsPerQuestion'],
    ['too many seconds', (f) => quizForm(f, { secondsPerQuestion: 3601 }), 'secondsPerQuestion'],
    ['zero attempts', (f) => quizForm(f, { attemptsAllowed: 0 }), 'attemptsAllowed'],
    ['too many attempts', (f) => quizForm(f, { attemptsAllowed: 101 }), 'attemptsAllowed'],
    ['bad opening time', (f) => quizForm(f, { opensAt: 'soon' }), 'opensAt'],
    ['closes before it opens', (f) => quizForm(f, { closesAt: '2026-11-30T09:00:00.000Z' }), 'closesAt'],
    ['closes as it opens', (f) => quizForm(f, { closesAt: '2026-12-01T09:00:00.000Z' }), 'closesAt'],
    ['bad status', (f) => quizForm(f, { status: 'On' }), 'status'],
    ['bad pool mode', (f) => quizForm(f, { poolMode: 'RANDOM' }), 'poolMode'],
    ['no rules', (f) => quizForm(f, { rules: [] }), 'rules'],
    ['rules do not add up', (f) => quizForm(f, { rules: [{ questionCount: 4 }] }), 'rules'],
    ['rule count zero', (f) => quizForm(f, { rules: [{ questionCount: 0 }] }), 'rules.0.questionCount'],
    [
      'sub category of another category',
      (f) =>
        quizForm(f, {
          rules: [
            { categoryId: f.geometry.id, subCategoryId: f.fractions.id, questionCount: 2 },
            { questionCount: 3 },
          ],
        }),
      'rules.0.subCategoryId',
    ],
    [
      'sub category without category',
      (f) => quizForm(f, { rules: [{ subCategoryId: f.fractions.id, questionCount: 5 }] }),
      'rules.0.subCategoryId',
    ],
    [
      'unknown category',
      (f) => quizForm(f, { rules: [{ categoryId: unknown, questionCount: 5 }] }),
      'rules.0.categoryId',
    ],
    [
      'duplicate rule',
      (f) =>
        quizForm(f, {
          rules: [
            { categoryId: f.algebra.id, questionCount: 2 },
            { categoryId: f.algebra.id, questionCount: 3 },
          ],
        }),
      'rules.1',
    ],
    ['no picked questions', (f) => quizForm(f, { poolMode: 'QUESTIONS', questionIds: [] }), 'questionIds'],
    [
      'unknown picked question',
      (f) => quizForm(f, { poolMode: 'QUESTIONS', questionIds: [unknown] }),
      'questionIds',
    ],
  ];

  it.each(cases.map(([name, body, field]) => [name, field, body] as const))(
    '%s → 400 naming %s',
    async (_name, field, body) => {
      const admin = await signedIn();
      const f = await fixtures();
      const res = await call(admin.token, 'POST', '/api/quiz/create/', body(f));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors, res.body).toHaveProperty([field]);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await t.db.selectFrom('quizzes').select('id').execute()).toEqual([]);
    },
  );

  it('checks the same rules on update and leaves the quiz as it was', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const created = await call(admin.token, 'POST', '/api/quiz/create/', quizForm(f, { status: 'Inactive' }));
    const id = created.json().data._id;
    const res = await call(
      admin.token,
      'POST',
      `/api/quiz/update/?id=${id}`,
      quizForm(f, { title: 'Renamed', questionCount: 7, closesAt: '2026-11-01T09:00:00.000Z' }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['closesAt', 'rules']);
    expect(res.json().errors.rules).toBe('the rule counts add up to 5, not the 7 questions per attempt');
    const detail = await call(admin.token, 'GET', `/api/quiz/detail/?id=${id}`);
    expect(detail.json().data.title).toBe('Grade 4 Contest — Phase 1');
  });
});

describe('pool sufficiency', () => {
  it('counts only active questions of the grade, phase and kind (or BOTH)', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const base = { grade: f.grade4, category: f.algebra, sub: f.fractions, phases: [f.phase] };
    const good = [
      ...(await addQuestions(2, { ...base, tag: 'CONTEST' })),
      ...(await addQuestions(1, { ...base, tag: 'BOTH', phases: [f.phase, f.phase2] })),
    ];
    await addQuestions(1, { ...base, status: 'INACTIVE' });
    await addQuestions(1, { ...base, tag: 'PRACTICE' });
    await addQuestions(1, { ...base, phases: [f.phase2] });
    await addQuestions(1, { ...base, grade: f.grade5 });

    const found = await eligibleQuestions(t.db, {
      kind: 'CONTEST',
      phaseId: f.phase.id,
      gradeIds: [f.grade4.id],
    });
    expect(found.map((q) => q.id).sort()).toEqual([...good].sort());

    const res = await call(admin.token, 'POST', '/api/quiz/pool-check/', {
      kind: 'CONTEST',
      gradeIds: [f.grade4.id],
      phaseId: f.phase.id,
      questionCount: 5,
      rules: [{ questionCount: 5 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      sufficient: false,
      message: 'Grade 4 is 2 questions short (rule 1: any category has 3 of 5)',
      grades: [{ gradeTitle: 'Grade 4', eligible: 3, available: 3, needed: 5, shortBy: 2 }],
    });
    // Practice draws the practice-tagged one too.
    const practice = await call(admin.token, 'POST', '/api/quiz/pool-check/', {
      kind: 'PRACTICE',
      gradeIds: [f.grade4.id],
      phaseId: f.phase.id,
      questionCount: 2,
      rules: [{ questionCount: 2 }],
    });
    expect(practice.json().data.grades[0]).toMatchObject({ eligible: 2, shortBy: 0 });
  });

  it('allocates overlapping rules most specific first and names the rule that falls short', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    await addQuestions(4, { grade: f.grade4, category: f.algebra, sub: f.fractions, phases: [f.phase] });
    await addQuestions(2, { grade: f.grade4, category: f.algebra, sub: f.equations, phases: [f.phase] });
    await addQuestions(3, { grade: f.grade4, category: f.geometry, sub: f.angles, phases: [f.phase] });
    const pool = (rules: object[], questionCount: number) => ({
      kind: 'CONTEST',
      gradeIds: [f.grade4.id],
      phaseId: f.phase.id,
      questionCount,
      rules,
    });
    // "Any" first, then Algebra, then Fractions: 3 + 2 + 4 = 9 fills exactly when the specific go first.
    const exact = await call(
      admin.token,
      'POST',
      '/api/quiz/pool-check/',
      pool(
        [
          { questionCount: 3 },
          { categoryId: f.algebra.id, questionCount: 2 },
          { categoryId: f.algebra.id, subCategoryId: f.fractions.id, questionCount: 4 },
        ],
        9,
      ),
    );
    expect(exact.json().data).toMatchObject({ sufficient: true, message: null });
    const short = await call(
      admin.token,
      'POST',
      '/api/quiz/pool-check/',
      pool(
        [
          { questionCount: 2 },
          { categoryId: f.algebra.id, subCategoryId: f.fractions.id, questionCount: 5 },
          { categoryId: f.algebra.id, questionCount: 2 },
        ],
        9,
      ),
    );
    expect(short.json().data.message).toBe(
      'Grade 4 is 1 question short (rule 2: Algebra › Fractions has 4 of 5)',
    );
    expect(short.json().data.grades[0].rules).toEqual([
      { position: 1, label: 'any category', available: 2, needed: 2, shortBy: 0 },
      { position: 2, label: 'Algebra › Fractions', available: 4, needed: 5, shortBy: 1 },
      { position: 3, label: 'Algebra, any sub category', available: 2, needed: 2, shortBy: 0 },
    ]);
  });

  it('refuses to save an active multi-grade quiz when one grade falls short, saying which and by how many', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    for (const grade of [f.grade4, f.grade5]) {
      await addQuestions(3, { grade, category: f.geometry, sub: f.angles, phases: [f.phase] });
    }
    await addQuestions(2, { grade: f.grade4, category: f.algebra, sub: f.fractions, phases: [f.phase] });
    await addQuestions(1, { grade: f.grade5, category: f.algebra, sub: f.fractions, phases: [f.phase] });
    const form = quizForm(f, {
      gradeIds: [f.grade4.id, f.grade5.id],
      rules: [
        { categoryId: f.geometry.id, questionCount: 3 },
        { categoryId: f.algebra.id, subCategoryId: f.fractions.id, questionCount: 2 },
      ],
    });
    const res = await call(admin.token, 'POST', '/api/quiz/create/', form);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.pool).toBe(
      'Grade 5 is 1 question short (rule 2: Algebra › Fractions has 1 of 2)',
    );
    expect(res.json().message).toContain('Grade 5 is 1 question short');
    expect(await t.db.selectFrom('quizzes').select('id').execute()).toEqual([]);

    // Inactive, it saves: questions can be written later. Switching it on checks again.
    const draft = await call(admin.token, 'POST', '/api/quiz/create/', { ...form, status: 'Inactive' });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data._id;
    expect(draft.json().data.pool).toMatchObject({ sufficient: false });
    expect(draft.json().data.pool.grades.map((g: { shortBy: number }) => g.shortBy)).toEqual([0, 1]);
    const on = await call(admin.token, 'POST', `/api/quiz/status/?id=${id}`, { status: 'Active' });
    expect(on.statusCode).toBe(400);
    expect(on.json().errors.pool).toContain('Grade 5 is 1 question short');

    await addQuestions(1, { grade: f.grade5, category: f.algebra, sub: f.fractions, phases: [f.phase] });
    const again = await call(admin.token, 'POST', `/api/quiz/status/?id=${id}`, { status: 'Active' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'Active', pool: { sufficient: true } });
    const off = await call(admin.token, 'POST', `/api/quiz/status/?id=${id}`, { status: 'Inactive' });
    expect(off.json().data.status).toBe('Inactive');
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'quiz.create',
      'quiz.activate',
      'quiz.deactivate',
    ]);
  });

  it('counts only the eligible picked questions in QUESTIONS mode', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const base = { grade: f.grade4, category: f.algebra, sub: f.fractions, phases: [f.phase] };
    const active = await addQuestions(2, base);
    const inactive = await addQuestions(1, { ...base, status: 'INACTIVE' });
    await addQuestions(5, base); // eligible but not picked
    const res = await call(
      admin.token,
      'POST',
      '/api/quiz/create/',
      quizForm(f, { poolMode: 'QUESTIONS', questionCount: 3, questionIds: [...active, ...inactive] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.pool).toBe(
      'Grade 4 is 1 question short (2 of the picked questions are eligible, 3 needed)',
    );
  });

  it('reports through the exported service the same way the engine will draw', async () => {
    const f = await fixtures();
    await addQuestions(2, { grade: f.grade4, category: f.algebra, sub: f.fractions, phases: [f.phase] });
    const report = await poolReport(t.db, {
      kind: 'CONTEST',
      phaseId: f.phase.id,
      gradeIds: [f.grade4.id],
      questionCount: 2,
      poolMode: 'RULES',
      rules: [{ position: 1, categoryId: f.algebra.id, subCategoryId: null, questionCount: 2 }],
      questionIds: [],
    });
    expect(report).toMatchObject({ sufficient: true, grades: [{ available: 2, shortBy: 0 }] });
  });

  it('gives every demo quiz a pool that fills an attempt', async () => {
    const seeded = await seedDemoData(t.db, { adminEmail: 'owner@riyazi.test' });
    expect(seeded.seeded).toBe(true);
    const admin = await signedIn();
    const list = await call(admin.token, 'GET', '/api/quiz/detail/?limit=100');
    expect(list.json().total).toBe(16);
    for (const row of list.json().data) {
      const detail = await call(admin.token, 'GET', `/api/quiz/detail/?id=${row._id}`);
      expect(detail.json().data.pool, row.title).toMatchObject({ sufficient: true, message: null });
    }
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
    const student = await t.db
      .insertInto('students')
      .values({
        fullName: 'Ayesha Khan',
        email: 'ayesha@example.com',
        passwordHash: 'x',
        gradeId: f.grade4.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
