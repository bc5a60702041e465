import type { Database, Db } from '@riyazi/db';
import { type SelectQueryBuilder, sql } from 'kysely';
import { type Executor, escapeLike, type Trx } from '../../lib/db.js';
import { STUDENT_IDENTITY, studentsWithGradeAndVerifier } from '../../lib/students.repository.js';

export interface VerificationFilters {
  status?: 'NOT_SUBMITTED' | 'PENDING' | 'APPROVED' | 'REJECTED' | undefined;
  search?: string | undefined;
  gradeId?: string | undefined;
}

type StudentQuery = SelectQueryBuilder<Database, 'students', object>;

function applyFilters(query: StudentQuery, filters: VerificationFilters): StudentQuery {
  let q = query;
  if (filters.status) {
    q = q.where('students.verificationStatus', '=', filters.status);
  } else {
    q = q.where('students.verificationStatus', '!=', 'NOT_SUBMITTED');
  }
  if (filters.gradeId) {
    q = q.where('students.gradeId', '=', filters.gradeId);
  }
  if (filters.search) {
    const term = `%${escapeLike(filters.search)}%`;
    const asNumber = /^\d{1,12}$/.test(filters.search) ? Number(filters.search) : null;
    q = q.where((eb) =>
      eb.or([
        eb('students.fullName', 'ilike', term),
        eb('students.email', 'ilike', term),
        ...(asNumber === null ? [] : [eb('students.studentNo', '=', asNumber)]),
      ]),
    );
  }
  return q;
}

export async function listForVerification(db: Db, filters: VerificationFilters, page: number, limit: number) {
  const base = applyFilters(db.selectFrom('students'), filters);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('grades', 'grades.id', 'students.gradeId')
      .select([
        'students.id',
        'students.studentNo',
        'students.fullName',
        'students.email',
        'students.schoolName',
        'students.city',
        'grades.title as gradeTitle',
        'students.verificationStatus',
        'students.verificationReason',
        'students.updatedAt',
      ])
      .select((eb) =>
        eb
          .selectFrom('studentDocuments')
          .select(sql<Date>`max(created_at)`.as('at'))
          .whereRef('studentDocuments.studentId', '=', 'students.id')
          .as('submittedAt'),
      )
      .orderBy(sql`CASE WHEN students.verification_status = 'PENDING' THEN 0 ELSE 1 END`)
      .orderBy('students.updatedAt', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function findStudentForVerification(db: Db, id: string) {
  return studentsWithGradeAndVerifier(db)
    .select([
      ...STUDENT_IDENTITY,
      'students.phone',
      'students.schoolName',
      'students.city',
      'grades.title as gradeTitle',
      'students.verificationStatus',
      'students.verificationReason',
      'students.verifiedAt',
      'students.emailVerified',
      'students.autoEmailVerified',
      'staffUsers.username as verifiedByName',
    ])
    .where('students.id', '=', id)
    .executeTakeFirst();
}

export function listDocumentsOf(db: Db, studentId: string) {
  return db
    .selectFrom('studentDocuments')
    .select(['id', 'kind', 'contentType', 'sizeBytes', 'status', 'createdAt'])
    .where('studentId', '=', studentId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export const lockVerificationState = (trx: Trx, id: string) =>
  trx
    .selectFrom('students')
    .select(['id', 'verificationStatus'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** The student's current document: the newest one not replaced by a later upload. */
export const latestDocumentOf = (db: Executor, studentId: string) =>
  db
    .selectFrom('studentDocuments')
    .select('id')
    .where('studentId', '=', studentId)
    .where('status', '!=', 'REPLACED')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function setDocumentStatus(trx: Trx, documentId: string, status: 'APPROVED' | 'REJECTED') {
  await trx.updateTable('studentDocuments').set({ status }).where('id', '=', documentId).execute();
}

export async function recordDecision(
  trx: Trx,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reason: string | null; staffId: string },
) {
  await trx
    .updateTable('students')
    .set({
      verificationStatus: decision.status,
      verificationReason: decision.reason,
      verifiedBy: decision.staffId,
      verifiedAt: new Date(),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Puts a student not yet submitted or rejected back in the list; undefined when they were neither. */
export const markPending = (db: Executor, id: string) =>
  db
    .updateTable('students')
    .set({ verificationStatus: 'PENDING', verificationReason: null, updatedAt: new Date() })
    .where('id', '=', id)
    .where('verificationStatus', 'in', ['NOT_SUBMITTED', 'REJECTED'])
    .returning('id')
    .executeTakeFirst();

/** Confirms an unconfirmed address on the student's behalf; undefined when it was confirmed already. */
export const markEmailVerifiedByStaff = (db: Executor, id: string) =>
  db
    .updateTable('students')
    .set({ emailVerified: true, autoEmailVerified: true, updatedAt: new Date() })
    .where('id', '=', id)
    .where('emailVerified', '=', false)
    .returning('id')
    .executeTakeFirst();

export async function studentExists(db: Executor, id: string) {
  return (await db.selectFrom('students').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
