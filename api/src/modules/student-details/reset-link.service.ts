import { queueMail } from '#modules/mail';
import { issueStudentToken } from '../../auth/account-tokens.js';
import {
  confirmStaffPassword,
  type PasswordCheckActor,
  type PasswordCheckDeps,
} from '../../auth/staff-password-check.js';
import type { Config } from '../../config.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { type DispatchDeps, dispatchAfterCommit } from '../../queue/outbox.js';
import * as repo from './student-details.repository.js';

export const RESET_LINK_HOURS = 24;

export interface ResetLinkDeps extends PasswordCheckDeps, DispatchDeps {
  config: Readonly<Config>;
}

/**
 * POST /student/get-password. Stored passwords are argon2id hashes and are never revealed: after
 * the acting admin re-enters their own password, the student gets a one-time reset link (the same
 * token as their forgot-password flow, living 24 h) that is returned to the admin to pass on and
 * e-mailed to the student. Earlier unused reset links of the student stop working.
 */
export async function issueResetLink(
  deps: ResetLinkDeps,
  actor: PasswordCheckActor,
  input: { studentId: string; password: string },
): Promise<{ link: string; expiresAt: string }> {
  await confirmStaffPassword(deps, actor, input.password, 'student.issueResetLink.passwordRejected');
  const student = await repo.findStudentForResetLink(deps.db, input.studentId);
  if (!student) {
    throw notFound('Student not found');
  }
  const { link, expiresAt, event } = await deps.db.transaction().execute(async (trx) => {
    const token = await issueStudentToken(trx, 'RESET_PASSWORD', student.id, student.email);
    const { expiresAt } = await repo.extendTokenExpiry(trx, token, RESET_LINK_HOURS);
    const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    const { event } = await queueMail(trx, 'resetPassword', student.email, {
      name: student.fullName,
      link,
      minutes: RESET_LINK_HOURS * 60,
      language: student.language,
    });
    await audit(trx, actor, 'student.issueResetLink', 'student', student.id, {
      expiresAt: expiresAt.toISOString(),
      emailedTo: student.email,
    });
    return { link, expiresAt, event };
  });
  await dispatchAfterCommit(deps, [event]);
  return { link, expiresAt: expiresAt.toISOString() };
}
