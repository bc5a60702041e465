import type { Executor } from './db.js';

/** The columns that say which student a row is, wherever staff or the student read one. */
export const STUDENT_IDENTITY = [
  'students.id',
  'students.studentNo',
  'students.fullName',
  'students.fatherName',
  'students.email',
] as const;

/** Students with their grade joined: a student's grade can be missing (a grade deleted later). */
export const studentsWithGrade = (db: Executor) =>
  db.selectFrom('students').leftJoin('grades', 'grades.id', 'students.gradeId');

/** Students with their grade and the staff member who decided their verification. */
export const studentsWithGradeAndVerifier = (db: Executor) =>
  studentsWithGrade(db).leftJoin('staffUsers', 'staffUsers.id', 'students.verifiedBy');
