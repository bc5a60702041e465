import type { Db } from '@riyazi/db';
import { writeAudit } from '../../lib/audit.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { toDocumentDto } from '../documents/documents.service.js';
import * as repo from './student-verification.repository.js';

export async function listVerifications(
  db: Db,
  filters: repo.VerificationFilters,
  page: number,
  limit: number,
) {
  const { rows, total } = await repo.listForVerification(db, filters, page, limit);
  return {
    data: rows.map((r) => ({
      _id: r.id,
      studentId: r.studentNo,
      fullName: r.fullName,
      email: r.email,
      schoolName: r.schoolName,
      city: r.city,
      grade: r.gradeTitle,
      status: r.verificationStatus,
      reason: r.verificationReason,
      submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
    })),
    totalStudents: total,
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    itemsPerPage: limit,
  };
}

export async function getVerification(db: Db, id: string) {
  const student = await repo.findStudentForVerification(db, id);
  if (!student) {
    throw notFound('Student not found');
  }
  const documents = await repo.listDocumentsOf(db, id);
  return {
    _id: student.id,
    studentId: student.studentNo,
    fullName: student.fullName,
    fatherName: student.fatherName,
    email: student.email,
    phone: student.phone,
    schoolName: student.schoolName,
    city: student.city,
    grade: student.gradeTitle,
    status: student.verificationStatus,
    reason: student.verificationReason,
    verifiedAt: student.verifiedAt?.toISOString() ?? null,
    emailVerified: student.emailVerified,
    autoEmailVerified: student.autoEmailVerified,
    verifiedBy: student.verifiedByName,
    documents: documents.map(toDocumentDto),
  };
}

/** Approve or reject the student's latest document; the reason is shown to the student. */
export async function decideVerification(
  db: Db,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reason?: string | undefined },
  staffId: string,
  ip: string,
) {
  if (decision.status === 'REJECTED' && !decision.reason?.trim()) {
    throw new HttpError(400, 'reason: tell the student why, so they can fix it', {
      errors: { reason: 'tell the student why, so they can fix it' },
    });
  }
  await db.transaction().execute(async (trx) => {
    const student = await trx
      .selectFrom('students')
      .select(['id', 'verificationStatus'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!student) {
      throw notFound('Student not found');
    }
    const latest = await trx
      .selectFrom('studentDocuments')
      .select('id')
      .where('studentId', '=', id)
      .where('status', '!=', 'REPLACED')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) {
      throw conflict('This student has not uploaded a document yet');
    }
    await trx
      .updateTable('studentDocuments')
      .set({ status: decision.status })
      .where('id', '=', latest.id)
      .execute();
    await trx
      .updateTable('students')
      .set({
        verificationStatus: decision.status,
        verificationReason: decision.status === 'REJECTED' ? (decision.reason?.trim() ?? null) : null,
        verifiedBy: staffId,
        verifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: staffId,
      action: decision.status === 'APPROVED' ? 'studentVerification.approve' : 'studentVerification.reject',
      targetType: 'student',
      targetId: id,
      ip,
      details: {
        documentId: latest.id,
        previous: student.verificationStatus,
        reason: decision.reason ?? null,
      },
    });
  });
  return getVerification(db, id);
}

/** Staff put a student in the verification list (for instance after documents came by post). */
export async function addToVerificationList(db: Db, id: string, staffId: string, ip: string) {
  const updated = await db
    .updateTable('students')
    .set({ verificationStatus: 'PENDING', verificationReason: null, updatedAt: new Date() })
    .where('id', '=', id)
    .where('verificationStatus', 'in', ['NOT_SUBMITTED', 'REJECTED'])
    .returning('id')
    .executeTakeFirst();
  if (!updated) {
    const exists = await db.selectFrom('students').select('id').where('id', '=', id).executeTakeFirst();
    throw exists
      ? conflict('This student is already in the verification list')
      : notFound('Student not found');
  }
  await writeAudit(db, {
    actorType: 'staff',
    actorId: staffId,
    action: 'studentVerification.add',
    targetType: 'student',
    targetId: id,
    ip,
  });
  return getVerification(db, id);
}

/** Staff confirm a student's e-mail on their behalf (e.g. the school vouched for it). */
export async function verifyEmailOnBehalf(db: Db, id: string, staffId: string, ip: string) {
  const updated = await db
    .updateTable('students')
    .set({ emailVerified: true, autoEmailVerified: true, updatedAt: new Date() })
    .where('id', '=', id)
    .where('emailVerified', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (!updated) {
    const exists = await db.selectFrom('students').select('id').where('id', '=', id).executeTakeFirst();
    throw exists ? conflict('This e-mail address is already confirmed') : notFound('Student not found');
  }
  await writeAudit(db, {
    actorType: 'staff',
    actorId: staffId,
    action: 'studentVerification.verifyEmail',
    targetType: 'student',
    targetId: id,
    ip,
  });
  return getVerification(db, id);
}
