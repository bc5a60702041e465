// What the contest scenarios share: a grade's contest opened for everyone, virtual students with
// attempts, a random answer to a served question, and think times.
import { randomInt } from 'node:crypto';
import type { Db } from '@riyazi/db';

/** Switches the grade's active contest on for everyone (no profile, document or permission gate). */
export async function openContest(db: Db, gradeTitle: string) {
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('title', '=', gradeTitle)
    .executeTakeFirstOrThrow();
  const quiz = await db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select(['quizzes.id', 'quizzes.phaseId'])
    .where('quizGrades.gradeId', '=', grade.id)
    .where('quizzes.kind', '=', 'CONTEST')
    .where('quizzes.isActive', '=', true)
    .executeTakeFirstOrThrow();
  const stored = await db.selectFrom('systemFlags').select('flags').where('id', '=', 1).executeTakeFirst();
  const flags = {
    ...((stored?.flags as Record<string, unknown> | undefined) ?? {}),
    isContestQuizEnabled: true,
    contestQuizPhase: quiz.phaseId,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  };
  await db
    .insertInto('systemFlags')
    .values({ id: 1, flags: JSON.stringify(flags) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ flags: JSON.stringify(flags) }))
    .execute();
  return { gradeId: grade.id, quizId: quiz.id };
}

/**
 * `count` students of the grade with two contest attempts and complete profiles, e-mailed
 * `<emailPrefix>-<i>@loadtest.invalid` (they cannot log in: tokens are minted for them).
 */
export async function createVirtualStudents(db: Db, gradeId: string, count: number, emailPrefix: string) {
  const phoneBase = randomInt(100_000_000, 900_000_000);
  const ids: string[] = [];
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
      const i = from + k;
      return {
        fullName: `Load Student ${i}`,
        fatherName: 'Load Father',
        email: `${emailPrefix}-${i}@loadtest.invalid`,
        passwordHash: 'loadtest-no-login',
        phone: `03${String(phoneBase + i).slice(-9)}`,
        gender: 'OTHER' as const,
        city: 'Lahore',
        schoolName: 'Load Test School',
        gradeId,
        referralSource: 'Other',
        emailVerified: true,
        contestAttempts: 2,
      };
    });
    const inserted = await db.insertInto('students').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export interface ServedQuestion {
  question: { questionOptions: { _id: string }[]; type: string };
}

/** A random option of a multiple-choice question, or a typed value. */
export const randomAnswer = ({ question }: ServedQuestion) =>
  question.type === 'MCQs'
    ? [question.questionOptions[randomInt(question.questionOptions.length)]!._id]
    : ['1'];

/** Think times between min and max ms, from a `min:max` option. */
export function thinkTimes(spec: string) {
  const [min, max] = spec.split(':').map(Number) as [number, number];
  return { min, max, next: () => min + randomInt(Math.max(1, max - min + 1)) };
}
