import type { Action, Module, StudentListPage } from '@riyazi/api/contracts';
import { expect } from 'vitest';
import {
  authorizedCall,
  makeGrade,
  makePhase,
  makePlay,
  makeQuiz,
  makeStudent,
  type StaffFactoryOptions,
  type StudentValues,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the students-list-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const STUDENT_ALL: [Module, Action][] = [
  ['student', 'read'],
  ['student', 'create'],
  ['student', 'update'],
  ['student', 'delete'],
];

export const signedIn = (options: StaffFactoryOptions = { permissions: STUDENT_ALL }) =>
  signedInStaff(t, options);

export const call = authorizedCall(t);

export const newStudent = (values: StudentValues = {}) =>
  makeStudent(t.db, { fullName: 'Ali Raza', emailVerified: false, ...values });

export async function list(token: string, query = ''): Promise<StudentListPage> {
  const res = await call(token, 'GET', `/api/student/detail/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentListPage>();
}

export const names = (page: StudentListPage) => page.data.map((s) => s.fullName).sort();

/** A world: two grades, a phase 1 and 2 with a contest quiz each, and named students. */
export async function world() {
  const grade5 = await makeGrade(t.db, 5);
  const grade6 = await makeGrade(t.db, 6);
  const phase1 = await makePhase(t.db, 1);
  const phase2 = await makePhase(t.db, 2);
  const quiz1 = await makeQuiz(t.db, { gradeIds: [grade5.id, grade6.id], phaseId: phase1.id });
  const practice = await makeQuiz(t.db, {
    gradeIds: [grade5.id, grade6.id],
    phaseId: phase1.id,
    kind: 'PRACTICE',
  });
  const ayesha = await newStudent({
    fullName: 'Ayesha Khan',
    fatherName: 'Imran Khan',
    email: 'ayesha.khan@lgs.edu.pk',
    phone: '03001234567',
    gender: 'FEMALE',
    city: 'Lahore',
    schoolName: 'Lahore Grammar School',
    gradeId: grade5.id,
    referralSource: 'School',
    shortDescription: 'BATCH-A',
    emailVerified: true,
    contestAttempts: 2,
    codeEntered: true,
    createdAt: new Date('2026-11-01T19:30:00Z'), // 2 Nov 00:30 in Pakistan
  });
  const bilal = await newStudent({
    fullName: 'Bilal Ahmed',
    fatherName: 'Tariq Ahmed',
    phone: '03211112222',
    gender: 'MALE',
    city: 'Karachi',
    schoolName: 'Karachi Public School',
    gradeId: grade6.id,
    referralSource: 'Friend',
    registeredThroughBulk: true,
    autoEmailVerified: true,
    emailVerified: true,
    createdAt: new Date('2026-11-02T18:30:00Z'), // 2 Nov 23:30 in Pakistan
  });
  const sana = await newStudent({
    fullName: 'Sana Ali',
    gender: 'OTHER',
    city: 'Lahore',
    gradeId: grade5.id,
    isActive: false,
    contestAttempts: 1,
    createdAt: new Date('2026-11-02T19:30:00Z'), // 3 Nov 00:30 in Pakistan
  });
  // Ayesha: two contest plays and one practice; rank 1 in phase 1, 5 in phase 2. Bilal: rank 120 in
  // phase 1 and 25 in phase 2, so each topper cut and each phase number decides who is in.
  const ayeshaPlays = { phaseId: phase1.id, gradeId: grade5.id, studentId: ayesha.id, answers: [] };
  await makePlay(t.db, { ...ayeshaPlays, quizId: quiz1.id });
  await makePlay(t.db, { ...ayeshaPlays, quizId: quiz1.id });
  await makePlay(t.db, { ...ayeshaPlays, quizId: practice.id, kind: 'PRACTICE' });
  await makePlay(t.db, {
    quizId: practice.id,
    phaseId: phase1.id,
    gradeId: grade6.id,
    studentId: bilal.id,
    kind: 'PRACTICE',
    status: 'CANCELLED',
    answers: [],
  });
  const standing = (phaseId: string, gradeId: string, studentId: string, rank: number, score: number) => ({
    phaseId,
    gradeId,
    studentId,
    playId: studentId,
    score,
    totalTimeMs: 1000,
    finishedAt: new Date(),
    rank,
  });
  await t.db
    .insertInto('phaseStandings')
    .values([
      standing(phase1.id, grade5.id, ayesha.id, 1, 14.5),
      standing(phase2.id, grade5.id, ayesha.id, 5, 12),
      standing(phase1.id, grade6.id, bilal.id, 120, 3),
      standing(phase2.id, grade6.id, bilal.id, 25, 2),
    ])
    .execute();
  await t.db
    .insertInto('attemptGrants')
    .values([
      { studentId: ayesha.id, attempts: 1, source: 'ADMIN', createdAt: new Date('2026-11-03T10:00:00Z') },
      { studentId: ayesha.id, attempts: 2, source: 'PAYMENT', createdAt: new Date('2026-11-04T10:00:00Z') },
      { studentId: ayesha.id, attempts: 2, source: 'CODE', createdAt: new Date('2026-11-05T10:00:00Z') },
    ])
    .execute();
  await t.db
    .insertInto('studentDocuments')
    .values({
      studentId: bilal.id,
      kind: 'SCHOOL_ID',
      storageKey: `${crypto.randomUUID()}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: 10,
    })
    .execute();
  return { grade5, grade6, phase1, phase2, quiz1, ayesha, bilal, sana };
}

/** Each filter alone (and empty values), against world(): every case narrows the three students. */
export const FILTER_CASES: [string, string[]][] = [
  ['fullName=ayesha', ['Ayesha Khan']],
  ['fullName=A%25', []],
  ['fatherName=AHMED', ['Bilal Ahmed']],
  ['email=KHAN@LGS', ['Ayesha Khan']],
  ['email=STUDENT-', ['Bilal Ahmed', 'Sana Ali']],
  ['phone=1234', ['Ayesha Khan']],
  ['phone=0300-123', ['Ayesha Khan']],
  ['gender=OTHER', ['Sana Ali']],
  ['gender=MALE', ['Bilal Ahmed']],
  ['city=lahore', ['Ayesha Khan', 'Sana Ali']],
  ['schoolName=public', ['Bilal Ahmed']],
  ['documentUploaded=true', ['Bilal Ahmed']],
  ['documentUploaded=false', ['Ayesha Khan', 'Sana Ali']],
  ['referralSource=friend', ['Bilal Ahmed']],
  ['isActive=false', ['Sana Ali']],
  ['isActive=true', ['Ayesha Khan', 'Bilal Ahmed']],
  ['emailVerified=false', ['Sana Ali']],
  ['emailVerified=true', ['Ayesha Khan', 'Bilal Ahmed']],
  ['signedUpFrom=2026-11-02', ['Ayesha Khan', 'Bilal Ahmed', 'Sana Ali']],
  ['signedUpFrom=2026-11-03', ['Sana Ali']],
  ['signedUpTo=2026-11-02', ['Ayesha Khan', 'Bilal Ahmed']],
  ['signedUpFrom=2026-11-02&signedUpTo=2026-11-02', ['Ayesha Khan', 'Bilal Ahmed']],
  ['codeEntered=true', ['Ayesha Khan']],
  ['codeEntered=false', ['Bilal Ahmed', 'Sana Ali']],
  ['contestAttemptsRemaining=1', ['Sana Ali']],
  ['contestAttemptsRemaining=0', ['Bilal Ahmed']],
  ['contestPlayed=true', ['Ayesha Khan']],
  ['contestPlayed=false', ['Bilal Ahmed', 'Sana Ali']],
  ['contestPlayed=2', ['Ayesha Khan']],
  ['contestPlayed=1', []],
  ['practicePlayed=true', ['Ayesha Khan']],
  ['practicePlayed=0', ['Bilal Ahmed', 'Sana Ali']],
  ['phase1Toppers=100', ['Ayesha Khan']],
  ['phase1Toppers=150', ['Ayesha Khan', 'Bilal Ahmed']],
  ['phase1Toppers=200', ['Ayesha Khan', 'Bilal Ahmed']],
  ['phase2Toppers=10', ['Ayesha Khan']],
  ['phase2Toppers=20', ['Ayesha Khan']],
  ['phase2Toppers=30', ['Ayesha Khan', 'Bilal Ahmed']],
  ['phase1Rank=120', ['Bilal Ahmed']],
  ['phase1Rank=25', []],
  ['phase2Rank=5', ['Ayesha Khan']],
  ['phase2Rank=25', ['Bilal Ahmed']],
  ['phase2Rank=1', []],
  ['shortDescription=batch', ['Ayesha Khan']],
  ['autoEmailVerified=true', ['Bilal Ahmed']],
  ['autoEmailVerified=false', ['Ayesha Khan', 'Sana Ali']],
  ['registeredThroughBulk=true', ['Bilal Ahmed']],
  ['registeredThroughBulk=false', ['Ayesha Khan', 'Sana Ali']],
  ['fullName=&city=', ['Ayesha Khan', 'Bilal Ahmed', 'Sana Ali']],
];
