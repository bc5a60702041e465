import type { Db } from '@riyazi/db';

// Ids of the seeded demo data (db/src/seed), looked up by the names the seed gives them.

export async function seededPhaseId(db: Db, number = 1): Promise<string> {
  const phase = await db
    .selectFrom('phases')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  return phase.id;
}

export async function seededGradeId(db: Db, title: string): Promise<string> {
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return grade.id;
}

/** The demo quiz of that kind the grade may play. */
export async function seededQuizId(db: Db, gradeId: string, kind: 'CONTEST' | 'PRACTICE'): Promise<string> {
  const quiz = await db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select('quizzes.id')
    .where('quizGrades.gradeId', '=', gradeId)
    .where('quizzes.kind', '=', kind)
    .executeTakeFirstOrThrow();
  return quiz.id;
}

export async function seededStudentId(db: Db, email: string): Promise<string> {
  const student = await db
    .selectFrom('students')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return student.id;
}

export async function seededPackageId(db: Db, name: string): Promise<string> {
  const pkg = await db
    .selectFrom('paymentPackages')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return pkg.id;
}
