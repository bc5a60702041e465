import {
  bearer,
  loginStaff,
  makeCategory,
  makeGrade,
  makePhase,
  makeQuestion,
  makeQuiz,
  makeStaff,
  makeStudent,
  type StaffFactoryOptions,
  type TestStaff,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the student-details-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const OLD_PASSWORD = 'Old-maths-password-1';
export const NEW_PASSWORD = 'New-maths-password-2';

/** A student with a full profile, registered through a bulk upload. */
export const newStudent = (gradeId: string, extra: { passwordHash?: string } = {}) =>
  makeStudent(t.db, {
    fullName: 'Sara Ahmed',
    fatherName: 'Ahmed Ali',
    gradeId,
    phone: '03001234567',
    gender: 'FEMALE',
    city: 'Karachi',
    schoolName: 'City School',
    referralSource: 'School',
    shortDescription: 'BATCH-7',
    registeredThroughBulk: true,
    ...extra,
  });

export async function tokenOf(staff: TestStaff) {
  return (await loginStaff(t.app, staff)).accessToken;
}

export async function adminToken(options: StaffFactoryOptions) {
  const staff = await makeStaff(t.db, options);
  return { staff, token: await tokenOf(staff) };
}

export const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** A grade, phase, a contest quiz over three MCQs (A correct; B correct; B and C correct) and one open question. */
export async function quizWorld() {
  const grade = await makeGrade(t.db, 5);
  const phase = await makePhase(t.db, 1);
  const category = await makeCategory(t.db);
  const sub = await t.db
    .insertInto('subCategories')
    .values({ name: 'Angles', categoryId: category.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fields = { gradeId: grade.id, categoryId: category.id, subCategoryId: sub.id };
  const q1 = await makeQuestion(t.db, fields, '<p>One</p>', [true, false, false]);
  const q2 = await makeQuestion(t.db, fields, '<p>Two</p>', [false, true, false]);
  const q3 = await makeQuestion(t.db, fields, '<p>Three</p>', 'open');
  const quiz = await makeQuiz(t.db, { gradeIds: [grade.id], phaseId: phase.id, title: 'Phase 1 contest' });
  const practice = await makeQuiz(t.db, {
    gradeIds: [grade.id],
    phaseId: phase.id,
    title: 'Warm-up',
    kind: 'PRACTICE',
  });
  return { grade, phase, quiz, practice, q1, q2, q3 };
}
