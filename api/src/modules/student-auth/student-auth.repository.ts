import type { Students } from '@riyazi/db';
import type { Insertable, Updateable } from 'kysely';
import type { StudentLanguage } from '../../contracts/accounts/types.js';
import type { Executor, Trx } from '../../lib/db.js';
import { STUDENT_IDENTITY, studentsWithGrade } from '../../lib/students.repository.js';

export function findStudentByEmail(db: Executor, email: string) {
  return db
    .selectFrom('students')
    .select([
      'id',
      'email',
      'fullName',
      'passwordHash',
      'isActive',
      'emailVerified',
      'sessionVersion',
      'language',
    ])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** Everything the session and the profile are built from, in one query. */
export function findStudentAccount(db: Executor, id: string) {
  return studentsWithGrade(db)
    .select([
      ...STUDENT_IDENTITY,
      'students.pendingEmail',
      'students.emailVerified',
      'students.phone',
      'students.gender',
      'students.city',
      'students.schoolName',
      'students.gradeId',
      'grades.title as gradeTitle',
      'students.referralSource',
      'students.isActive',
      'students.contestAttempts',
      'students.verificationStatus',
      'students.verificationReason',
      'students.createdAt',
      'students.language',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('studentDocuments')
            .select('id')
            .whereRef('studentDocuments.studentId', '=', 'students.id'),
        )
        .as('documentUploaded'),
    )
    .where('students.id', '=', id)
    .executeTakeFirst();
}

export type StudentAccount = NonNullable<Awaited<ReturnType<typeof findStudentAccount>>>;

export function isActiveGrade(db: Executor, id: string) {
  return db
    .selectFrom('grades')
    .select('id')
    .where('id', '=', id)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

/** Whether another account uses this address; a pending (unconfirmed) change reserves nothing. */
export async function emailUsedByOther(db: Executor, email: string, exceptId: string | null) {
  let query = db
    .selectFrom('students')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptId) {
    query = query.where('id', '!=', exceptId);
  }
  return (await query.executeTakeFirst()) !== undefined;
}

export const insertStudent = (trx: Trx, values: Insertable<Students>) =>
  trx
    .insertInto('students')
    .values(values)
    .returning(['id', 'fullName', 'language'])
    .executeTakeFirstOrThrow();

export const findStudentActive = (db: Executor, id: string) =>
  db.selectFrom('students').select(['id', 'isActive']).where('id', '=', id).executeTakeFirst();

export const findEmailState = (db: Executor, id: string) =>
  db.selectFrom('students').select(['emailVerified', 'pendingEmail']).where('id', '=', id).executeTakeFirst();

/** The addresses a verification link may confirm, locked until the caller commits. */
export const lockStudentEmails = (trx: Trx, id: string) =>
  trx
    .selectFrom('students')
    .select(['email', 'pendingEmail'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();

export async function updateStudent(trx: Executor, id: string, set: Updateable<Students>) {
  await trx
    .updateTable('students')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** False when there is no such student. */
export async function setStudentLanguage(db: Executor, id: string, language: StudentLanguage) {
  const result = await db.updateTable('students').set({ language }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
