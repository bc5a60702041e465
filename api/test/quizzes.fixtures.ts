import {
  authorizedCall,
  makeCategory,
  makeGrade,
  makePhase,
  makeSubCategory,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the quizzes-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const signedIn = (permissions?: StaffFactoryOptions['permissions']) =>
  signedInStaff(t, permissions ? { permissions } : { superAdmin: true });

export const call = authorizedCall(t);

export const auditOf = (targetId: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'details'])
    .where('targetId', '=', targetId)
    .orderBy('id')
    .execute();

export async function fixtures() {
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
export type Fixtures = Awaited<ReturnType<typeof fixtures>>;

export interface QuestionSpec {
  grade: { id: string };
  category: { id: string };
  sub: { id: string };
  tag?: 'PRACTICE' | 'CONTEST' | 'BOTH';
  status?: 'ACTIVE' | 'INACTIVE';
  phases: { id: string }[];
}

export let counter = 0;
export async function addQuestions(n: number, spec: QuestionSpec): Promise<string[]> {
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

export const quizForm = (f: Fixtures, overrides: Record<string, unknown> = {}) => ({
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
