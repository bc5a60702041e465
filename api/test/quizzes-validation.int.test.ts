import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { poolReport } from '../src/modules/quizzes/quiz-pool-report.js';
import { eligibleQuestions } from '../src/modules/quizzes/quizzes.repository.js';
import {
  addQuestions,
  auditOf,
  call,
  type Fixtures,
  fixtures,
  quizForm,
  signedIn,
  t,
} from './quizzes.fixtures.js';

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

describe('one active contest quiz per grade and phase', () => {
  it('refuses a second active contest quiz for a grade of the phase on create and on switching it on, naming the first', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    for (const grade of [f.grade4, f.grade5]) {
      await addQuestions(5, { grade, category: f.algebra, sub: f.fractions, phases: [f.phase, f.phase2] });
    }
    const create = (overrides: Record<string, unknown>) =>
      call(admin.token, 'POST', '/api/quiz/create/', quizForm(f, overrides));
    const first = await create({});
    expect(first.statusCode, first.body).toBe(201);

    const second = await create({ title: 'Short contest', gradeIds: [f.grade5.id, f.grade4.id] });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `${f.grade4.title} already has an active contest quiz in this phase ("Grade 4 Contest — Phase 1"). ` +
        'A grade takes one contest quiz per phase: deactivate that one first.',
    );

    const inactive = await create({ title: 'Short contest', status: 'Inactive' });
    expect(inactive.statusCode, inactive.body).toBe(201);
    const switchOn = (id: string, status: 'Active' | 'Inactive') =>
      call(admin.token, 'POST', `/api/quiz/status/?id=${id}`, { status });
    expect((await switchOn(inactive.json().data._id, 'Active')).statusCode).toBe(409);

    // Another grade, another phase and practice are no rivals.
    expect((await create({ title: 'Grade 5 contest', gradeIds: [f.grade5.id] })).statusCode).toBe(201);
    expect((await create({ title: 'Phase 2 contest', phaseId: f.phase2.id })).statusCode).toBe(201);
    expect((await create({ title: 'Practice', kind: 'PRACTICE' })).statusCode).toBe(201);

    expect((await switchOn(first.json().data._id, 'Inactive')).statusCode).toBe(200);
    expect((await switchOn(inactive.json().data._id, 'Active')).statusCode).toBe(200);
  });
});
