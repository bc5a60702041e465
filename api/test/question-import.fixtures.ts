import Papa from 'papaparse';
import {
  fileForm,
  makeCategory,
  makeGrade,
  makePhase,
  makeSubCategory,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import { COLUMNS } from '../src/modules/question-import/question-import.parse.js';

// Shared by the question-import-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const signedIn = () => signedInStaff(t);

export const multipart = (content: Buffer | string, filename = 'questions.csv', type = 'text/csv') =>
  fileForm(filename, content, type);

export const upload = (
  token: string,
  step: 'preview' | 'commit',
  content: Buffer | string,
  filename?: string,
) => {
  const form = multipart(content, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/question/import/${step}`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
};

export async function fixtures() {
  const grade = await makeGrade(t.db, 4);
  const phase = await makePhase(t.db, 1);
  const phase2 = await makePhase(t.db, 2);
  const category = await makeCategory(t.db, 'Geometry');
  const otherCategory = await makeCategory(t.db, 'Algebra');
  const sub = await makeSubCategory(t.db, category.id, 'Angles');
  await makeSubCategory(t.db, otherCategory.id, 'Equations');
  return { grade, phase, phase2, category, sub };
}

export const HEADER = COLUMNS;
export type Row = Partial<Record<(typeof HEADER)[number], string>>;

export const mcqRow = (overrides: Row = {}): Row => ({
  question: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
  option1: '$\\frac{1}{4}$',
  option2: '$\\frac{3}{4}$',
  option3: '1',
  option4: '2',
  correct: 'B',
  selectMultiple: 'No',
  type: 'MCQs',
  answerHintText: 'Use quarters:\n$$\\frac{2}{4} + \\frac{1}{4}$$',
  grade: 'grade 4',
  category: ' geometry ',
  subCategory: 'ANGLES',
  phases: 'Phase 1 | phase 2',
  tags: 'practice',
  status: 'Active',
  ...overrides,
});

export const openRow = (overrides: Row = {}): Row => ({
  question: 'Solve $2x + 3 = 11$',
  type: 'Open Ended',
  acceptedAnswers: '4 | x=4',
  answerHintText: 'Take 3 from both sides.',
  grade: 'Grade 4',
  category: 'Geometry',
  subCategory: 'Angles',
  phases: 'Phase 1',
  tags: 'CONTEST',
  ...overrides,
});

export const csvOf = (rows: Row[]) =>
  Papa.unparse({ fields: [...HEADER], data: rows.map((r) => HEADER.map((h) => r[h] ?? '')) });

export const countQuestions = async () =>
  Number(
    (
      await t.db
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
