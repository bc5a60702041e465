import type { Db } from '@riyazi/db';
import type { FastifyReply } from 'fastify';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { type documentStore, type StoredType, sanitizeDocument } from './document-files.js';
import * as repo from './documents.repository.js';

export type DocumentKind = 'SCHOOL_ID' | 'B_FORM';
type Store = ReturnType<typeof documentStore>;

export function toDocumentDto(d: {
  id: string;
  kind: DocumentKind;
  contentType: string;
  sizeBytes: number;
  status: string;
  createdAt: Date;
}) {
  return {
    _id: d.id,
    kind: d.kind,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
  };
}

/** A new upload replaces earlier ones and puts the student in the verification list. */
export async function uploadDocument(
  db: Db,
  store: Store,
  studentId: string,
  kind: DocumentKind,
  file: { bytes: Buffer; filename: string },
  ip: string,
) {
  const { data, contentType } = await sanitizeDocument(file.bytes);
  const storageKey = await store.save(data, contentType);
  // The file is written first (a row never points at a missing file); a failed insert removes it.
  try {
    return await recordUpload(
      db,
      studentId,
      kind,
      { storageKey, contentType, data, filename: file.filename },
      ip,
    );
  } catch (error) {
    await store.remove(storageKey);
    throw error;
  }
}

function recordUpload(
  db: Db,
  studentId: string,
  kind: DocumentKind,
  file: { storageKey: string; contentType: StoredType; data: Buffer; filename: string },
  ip: string,
) {
  const { storageKey, contentType, data } = file;
  return db.transaction().execute(async (trx) => {
    await repo.replaceOpenDocuments(trx, studentId);
    const row = await repo.insertDocument(trx, {
      studentId,
      kind,
      storageKey,
      contentType,
      sizeBytes: data.length,
      originalName: file.filename.slice(0, 200),
    });
    await repo.queueForVerification(trx, studentId);
    await writeAudit(trx, {
      actorType: 'student',
      actorId: studentId,
      action: 'student.uploadDocument',
      targetType: 'studentDocument',
      targetId: row.id,
      ip,
    });
    return toDocumentDto(row);
  });
}

export async function listOwnDocuments(db: Db, studentId: string) {
  const rows = await repo.listDocumentsOfStudent(db, studentId);
  return rows.map(toDocumentDto);
}

/** Sends a stored document so a browser can neither run nor sniff it. */
export async function sendDocument(
  db: Db,
  store: Store,
  reply: FastifyReply,
  documentId: string,
  ownerId: string | null,
) {
  const doc = await repo.findDocument(db, documentId, ownerId);
  if (!doc) {
    throw notFound('Document not found');
  }
  const file = await store.read(doc.storageKey);
  if (!file) {
    throw notFound('Document file not found');
  }
  const extension = doc.contentType === 'application/pdf' ? 'pdf' : 'jpg';
  return reply
    .header('content-type', doc.contentType)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `${doc.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="document-${doc.id}.${extension}"`,
    )
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('content-length', file.size)
    .send(file.body);
}
