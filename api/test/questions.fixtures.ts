import {
  auditActionsOn,
  authorizedCall,
  makeCategory,
  makeGrade,
  makePhase,
  makeSubCategory,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the questions-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const signedIn = () => signedInStaff(t);

export const call = authorizedCall(t);

export const auditActions = (targetId: string) => auditActionsOn(t.db, targetId);

export async function fixtures() {
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
export type Fixtures = Awaited<ReturnType<typeof fixtures>>;

export const mcq = (f: Fixtures, overrides: Record<string, unknown> = {}) => ({
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

export const openEnded = (f: Fixtures, overrides: Record<string, unknown> = {}) => ({
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
