import type { Db } from '@riyazi/db';
import type { z } from 'zod';
import { getFlags } from '#modules/flags';
import { queueMail } from '#modules/mail';
import {
  loadAccount,
  studentAuthRepository as repo,
  type StudentDeps,
  toProfile,
} from '#modules/student-auth';
import { issueStudentToken } from '../../auth/account-tokens.js';
import type { profileUpdateSchema } from '../../contracts/accounts/schemas.js';
import type { StudentLanguage, StudentProfile } from '../../contracts/accounts/types.js';
import { writeAudit } from '../../lib/audit.js';
import { fieldError, HttpError } from '../../lib/errors.js';
import { dispatchAfterCommit, type OutboxEvent } from '../../queue/outbox.js';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export async function getProfile(
  deps: StudentDeps,
  studentId: string,
): Promise<StudentProfile & { language: StudentLanguage }> {
  const [account, flags] = await Promise.all([loadAccount(deps.db, studentId), getFlags(deps.db)]);
  return toProfile(account, flags);
}

/**
 * A student edits their own details. The grade, once set, is the organisers' to change (it decides
 * which contest a student sits); a new e-mail waits in pendingEmail until its link is opened.
 */
export async function updateProfile(deps: StudentDeps, studentId: string, body: ProfileUpdate, ip: string) {
  const account = await loadAccount(deps.db, studentId);
  if (account.gradeId && body.gradeId !== account.gradeId) {
    throw fieldError('gradeId', 'Your grade can only be changed by the organisers. Please contact us.');
  }
  if (!account.gradeId && !(await repo.isActiveGrade(deps.db, body.gradeId))) {
    throw fieldError('gradeId', 'must be one of the grades offered');
  }
  const emailChanged = body.email.toLowerCase() !== account.email.toLowerCase();
  if (emailChanged && (await repo.emailUsedByOther(deps.db, body.email, studentId))) {
    throw new HttpError(409, 'Another account already uses this e-mail address.', {
      errors: { email: 'is used by another account' },
    });
  }
  const events = await deps.db.transaction().execute(async (trx) => {
    await repo.updateStudent(trx, studentId, {
      fullName: body.fullName,
      fatherName: body.fatherName,
      phone: body.phone,
      gender: body.gender,
      city: body.city,
      schoolName: body.schoolName,
      gradeId: account.gradeId ?? body.gradeId,
      referralSource: body.referralSource,
      pendingEmail: emailChanged ? body.email : account.pendingEmail,
    });
    await writeAudit(trx, {
      actorType: 'student',
      actorId: studentId,
      action: 'student.updateProfile',
      ip,
      details: { emailChange: emailChanged },
    });
    const queued: OutboxEvent[] = [];
    if (emailChanged) {
      const token = await issueStudentToken(trx, 'VERIFY_EMAIL', studentId, body.email);
      const { event } = await queueMail(trx, 'verifyEmail', body.email, {
        name: body.fullName,
        language: account.language,
        link: `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/student-verification?token=${encodeURIComponent(token)}`,
      });
      queued.push(event);
    }
    return queued;
  });
  await dispatchAfterCommit(deps, events);
  return { emailChangePending: emailChanged, profile: await getProfile(deps, studentId) };
}

export async function saveLanguage(db: Db, studentId: string, language: StudentLanguage): Promise<void> {
  if (!(await repo.setStudentLanguage(db, studentId, language))) {
    throw new HttpError(404, 'Student not found');
  }
}
