import type { Db } from '@riyazi/db';

// What tests read back from the database to check what the api wrote.

/** The audit actions recorded on a target, oldest first. */
export async function auditActionsOn(db: Db, targetId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select('action')
    .where('targetId', '=', targetId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** The ids of a question's correct options. */
export async function correctOptionIds(db: Db, questionId: string): Promise<string[]> {
  const options = await db
    .selectFrom('questionOptions')
    .select('id')
    .where('questionId', '=', questionId)
    .where('isCorrect', '=', true)
    .execute();
  return options.map((o) => o.id);
}

/** A correct answer: the correct options, or an accepted answer of an open-ended question. */
export async function rightAnswerTo(db: Db, questionId: string): Promise<string[]> {
  const question = await db
    .selectFrom('questions')
    .select(['type', 'acceptedAnswers'])
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  return question.type === 'MCQS' ? correctOptionIds(db, questionId) : [question.acceptedAnswers[0]!];
}

/** The contest attempts a student has left. */
export async function contestAttemptsOf(db: Db, studentId: string): Promise<number> {
  const student = await db
    .selectFrom('students')
    .select('contestAttempts')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  return student.contestAttempts;
}

/** A payment's status, by its order reference. */
export async function paymentStatusOf(db: Db, orderRef: string): Promise<string> {
  const row = await db
    .selectFrom('payments')
    .select('status')
    .where('orderRef', '=', orderRef)
    .executeTakeFirstOrThrow();
  return row.status;
}
