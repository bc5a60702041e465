import type { Executor, Trx } from '../../lib/db.js';

const DOCUMENT_COLUMNS = [
  'id',
  'kind',
  'contentType',
  'sizeBytes',
  'status',
  'createdAt',
  'storageKey',
  'studentId',
] as const;

/** Earlier uploads still waiting or rejected give way to a new one. */
export async function replaceOpenDocuments(trx: Trx, studentId: string) {
  await trx
    .updateTable('studentDocuments')
    .set({ status: 'REPLACED' })
    .where('studentId', '=', studentId)
    .where('status', 'in', ['PENDING', 'REJECTED'])
    .execute();
}

export const insertDocument = (
  trx: Trx,
  values: {
    studentId: string;
    kind: 'SCHOOL_ID' | 'B_FORM';
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    originalName: string;
  },
) => trx.insertInto('studentDocuments').values(values).returning(DOCUMENT_COLUMNS).executeTakeFirstOrThrow();

/** An approved student stays approved; anyone else waits in the verification list. */
export async function queueForVerification(trx: Trx, studentId: string) {
  await trx
    .updateTable('students')
    .set({ verificationStatus: 'PENDING', verificationReason: null, updatedAt: new Date() })
    .where('id', '=', studentId)
    .where('verificationStatus', '!=', 'APPROVED')
    .execute();
}

export const listDocumentsOfStudent = (db: Executor, studentId: string) =>
  db
    .selectFrom('studentDocuments')
    .select(DOCUMENT_COLUMNS)
    .where('studentId', '=', studentId)
    .orderBy('createdAt', 'desc')
    .execute();

/** A document by id; with an owner, only when it is theirs. */
export function findDocument(db: Executor, documentId: string, ownerId: string | null) {
  let query = db.selectFrom('studentDocuments').select(DOCUMENT_COLUMNS).where('id', '=', documentId);
  if (ownerId !== null) {
    query = query.where('studentId', '=', ownerId);
  }
  return query.executeTakeFirst();
}
