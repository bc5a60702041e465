import type { Db } from '@riyazi/db';
import { toDocumentDto } from '#modules/documents';
import { writeAudit } from '../../lib/audit.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
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
    const student = await repo.lockVerificationState(trx, id);
    if (!student) {
      throw notFound('Student not found');
    }
    const latest = await repo.latestDocumentOf(trx, id);
    if (!latest) {
      throw conflict('This student has not uploaded a document yet');
    }
    await repo.setDocumentStatus(trx, latest.id, decision.status);
    await repo.recordDecision(trx, id, {
      status: decision.status,
      reason: decision.status === 'REJECTED' ? (decision.reason?.trim() ?? null) : null,
      staffId,
    });
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

/** A staff change to one student, audited; `changed` false means it had nothing to do. */
async function auditedChange(
  db: Db,
  id: string,
  change: { changed: boolean; alreadyDone: string; action: string; staffId: string; ip: string },
) {
  if (!change.changed) {
    throw (await repo.studentExists(db, id)) ? conflict(change.alreadyDone) : notFound('Student not found');
  }
  await writeAudit(db, {
    actorType: 'staff',
    actorId: change.staffId,
    action: change.action,
    targetType: 'student',
    targetId: id,
    ip: change.ip,
  });
  return getVerification(db, id);
}

/** Staff put a student in the verification list (for instance after documents came by post). */
export async function addToVerificationList(db: Db, id: string, staffId: string, ip: string) {
  return auditedChange(db, id, {
    changed: (await repo.markPending(db, id)) !== undefined,
    alreadyDone: 'This student is already in the verification list',
    action: 'studentVerification.add',
    staffId,
    ip,
  });
}

/** Staff confirm a student's e-mail on their behalf (e.g. the school vouched for it). */
export async function verifyEmailOnBehalf(db: Db, id: string, staffId: string, ip: string) {
  return auditedChange(db, id, {
    changed: (await repo.markEmailVerifiedByStaff(db, id)) !== undefined,
    alreadyDone: 'This e-mail address is already confirmed',
    action: 'studentVerification.verifyEmail',
    staffId,
    ip,
  });
}
