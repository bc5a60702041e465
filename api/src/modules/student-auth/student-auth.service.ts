import { type Db, hashPassword } from '@riyazi/db';
import { queueMail } from '#modules/mail';
import { currentPolicyVersions } from '#modules/site-pages';
import { consumeStudentToken, issueStudentToken, TOKEN_LIFETIME_MINUTES } from '../../auth/account-tokens.js';
import { endEverySession, type SessionDeps } from '../../auth/sessions.service.js';
import type { Config } from '../../config.js';
import { passwordProblem, type SignupData } from '../../contracts/accounts/schemas.js';
import type { StudentLanguage, StudentProfile, StudentSession } from '../../contracts/accounts/types.js';
import type { SystemFlags } from '../../contracts/flags.js';
import { writeAudit } from '../../lib/audit.js';
import type { Executor } from '../../lib/db.js';
import { conflict, fieldError, HttpError } from '../../lib/errors.js';
import { isPgError, PG } from '../../lib/pg-errors.js';
import { type DispatchDeps, dispatchAfterCommit, type OutboxEvent } from '../../queue/outbox.js';
import * as repo from './student-auth.repository.js';

export interface StudentDeps extends DispatchDeps {
  config: Readonly<Config>;
}

export function isProfileCompleted(
  account: Pick<
    repo.StudentAccount,
    | 'fullName'
    | 'fatherName'
    | 'phone'
    | 'gender'
    | 'city'
    | 'schoolName'
    | 'gradeId'
    | 'referralSource'
    | 'verificationStatus'
  >,
  flags: SystemFlags,
): boolean {
  const required = [
    account.fullName,
    account.fatherName,
    account.phone,
    account.gender,
    account.city,
    account.schoolName,
    account.gradeId,
    account.referralSource,
  ];
  const documentOk = !flags.documentAcceptanceRequired || account.verificationStatus === 'APPROVED';
  return required.every((v) => v !== null && v !== '') && documentOk;
}

export function toSession(
  account: repo.StudentAccount,
  flags: SystemFlags,
): Omit<StudentSession, 'accessToken'> & { language: StudentLanguage } {
  return {
    username: account.fullName,
    email: account.email,
    gradeTitle: account.gradeTitle,
    gradeId: account.gradeId,
    studentId: account.studentNo,
    isAttemptEarned: account.contestAttempts > 0,
    isProfileCompleted: isProfileCompleted(account, flags),
    emailVerified: account.emailVerified,
    language: account.language,
  };
}

export function toProfile(
  account: repo.StudentAccount,
  flags: SystemFlags,
): StudentProfile & { language: StudentLanguage } {
  return {
    _id: account.id,
    studentId: account.studentNo,
    fullName: account.fullName,
    fatherName: account.fatherName,
    email: account.email,
    pendingEmail: account.pendingEmail,
    emailVerified: account.emailVerified,
    phone: account.phone,
    gender: account.gender,
    city: account.city,
    schoolName: account.schoolName,
    grade: account.gradeId && account.gradeTitle ? { _id: account.gradeId, title: account.gradeTitle } : null,
    referralSource: account.referralSource,
    isProfileCompleted: isProfileCompleted(account, flags),
    verification: {
      status: account.verificationStatus,
      reason: account.verificationReason,
      documentUploaded: Boolean(account.documentUploaded),
    },
    contestAttempts: account.contestAttempts,
    createdAt: account.createdAt.toISOString(),
    language: account.language,
  };
}

export async function loadAccount(db: Db, id: string): Promise<repo.StudentAccount> {
  const account = await repo.findStudentAccount(db, id);
  if (!account) {
    throw new HttpError(404, 'Student not found');
  }
  return account;
}

const link = (config: Readonly<Config>, path: string, token: string) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;

async function queueVerification(
  deps: StudentDeps,
  trx: Executor,
  student: { id: string; fullName: string; language: StudentLanguage },
  email: string,
): Promise<OutboxEvent> {
  const token = await issueStudentToken(trx, 'VERIFY_EMAIL', student.id, email);
  const { event } = await queueMail(trx, 'verifyEmail', email, {
    name: student.fullName,
    language: student.language,
    link: link(deps.config, '/student-verification', token),
  });
  return event;
}

/** A change stays pending until confirmed, so its address may have gone to another account since. */
const PENDING_EMAIL_TAKEN =
  'This e-mail address is now used by another account, so it cannot be confirmed. Keep your current address or choose another one in your profile.';

const isUniqueViolation = (err: unknown) => isPgError(err, PG.uniqueViolation);

/** `language`: what the child reads the sign-up page in (Accept-Language), saved on the account. */
export async function signup(
  deps: StudentDeps,
  body: SignupData,
  flags: SystemFlags,
  ip: string,
  language: StudentLanguage = 'en',
) {
  if (!(await repo.isActiveGrade(deps.db, body.gradeId))) {
    throw fieldError('gradeId', 'must be one of the grades offered');
  }
  if (await repo.emailUsedByOther(deps.db, body.email, null)) {
    throw new HttpError(409, 'An account with this e-mail already exists. Log in, or reset your password.');
  }
  const passwordHash = await hashPassword(body.password);
  const verify = flags.isEmailVerificationEnabled;
  try {
    const events = await deps.db.transaction().execute(async (trx) => {
      const student = await repo.insertStudent(trx, {
        fullName: body.fullName,
        fatherName: body.fatherName,
        email: body.email,
        passwordHash,
        phone: body.phone,
        gender: body.gender,
        city: body.city,
        schoolName: body.schoolName,
        gradeId: body.gradeId,
        referralSource: body.referralSource,
        termsAcceptedAt: new Date(),
        // The versions published now: what the sign-up form linked to.
        ...(await currentPolicyVersions(trx)),
        language,
      });
      await writeAudit(trx, { actorType: 'student', actorId: student.id, action: 'student.signup', ip });
      return verify ? [await queueVerification(deps, trx, student, body.email)] : [];
    });
    await dispatchAfterCommit(deps, events);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, 'An account with this e-mail already exists. Log in, or reset your password.');
    }
    throw err;
  }
  return { emailVerificationRequired: verify };
}

export async function verifyEmail(db: Db, token: string): Promise<'verified' | 'alreadyVerified'> {
  return db.transaction().execute(async (trx) => {
    const result = await consumeStudentToken(trx, 'VERIFY_EMAIL', token);
    if (!result.ok) {
      if (result.reason === 'used' && result.ownerId) {
        const student = await repo.findEmailState(trx, result.ownerId);
        if (student?.emailVerified && !student.pendingEmail) {
          return 'alreadyVerified';
        }
      }
      throw new HttpError(400, 'This link is invalid or has expired. Log in and ask for a new one.');
    }
    const student = await repo.lockStudentEmails(trx, result.ownerId);
    if (student.pendingEmail && student.pendingEmail.toLowerCase() === result.email.toLowerCase()) {
      if (await repo.emailUsedByOther(trx, student.pendingEmail, result.ownerId)) {
        throw conflict(PENDING_EMAIL_TAKEN);
      }
      await repo
        .updateStudent(trx, result.ownerId, {
          email: student.pendingEmail,
          pendingEmail: null,
          emailVerified: true,
        })
        .catch((err: unknown) => {
          // Taken between the check and the update: the unique index decides, the transaction rolls back.
          throw isUniqueViolation(err) ? conflict(PENDING_EMAIL_TAKEN) : err;
        });
    } else if (student.email.toLowerCase() === result.email.toLowerCase()) {
      await repo.updateStudent(trx, result.ownerId, { emailVerified: true });
    } else {
      throw new HttpError(400, 'This link is for an e-mail address your account no longer uses.');
    }
    await writeAudit(trx, { actorType: 'student', actorId: result.ownerId, action: 'student.verifyEmail' });
    return 'verified';
  });
}

export async function resendVerification(deps: StudentDeps, studentId: string): Promise<void> {
  const account = await loadAccount(deps.db, studentId);
  const target = account.pendingEmail ?? (account.emailVerified ? null : account.email);
  if (!target) {
    throw new HttpError(409, 'Your e-mail address is already confirmed.');
  }
  if (account.pendingEmail && (await repo.emailUsedByOther(deps.db, account.pendingEmail, account.id))) {
    throw conflict(PENDING_EMAIL_TAKEN);
  }
  const event = await deps.db
    .transaction()
    .execute((trx) =>
      queueVerification(
        deps,
        trx,
        { id: account.id, fullName: account.fullName, language: account.language },
        target,
      ),
    );
  await dispatchAfterCommit(deps, [event]);
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: StudentDeps, email: string): Promise<void> {
  const row = await repo.findStudentByEmail(deps.db, email);
  if (!row?.isActive) {
    return;
  }
  const event = await deps.db.transaction().execute(async (trx) => {
    const token = await issueStudentToken(trx, 'RESET_PASSWORD', row.id, row.email);
    const { event } = await queueMail(trx, 'resetPassword', row.email, {
      name: row.fullName,
      link: link(deps.config, '/reset-password', token),
      minutes: TOKEN_LIFETIME_MINUTES.RESET_PASSWORD,
      language: row.language,
    });
    return event;
  });
  await dispatchAfterCommit(deps, [event]);
}

/** A successful reset ends every session of the student. */
export async function resetPassword(
  { db, revocations }: SessionDeps,
  token: string,
  password: string,
  ip: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const revocation = await db.transaction().execute(async (trx) => {
    const result = await consumeStudentToken(trx, 'RESET_PASSWORD', token);
    if (!result.ok) {
      throw new HttpError(400, 'This link is invalid or has expired. Ask for a new one.');
    }
    const problem = passwordProblem(password, result.email);
    if (problem) {
      throw fieldError('password', problem);
    }
    await repo.updateStudent(trx, result.ownerId, { passwordHash, passwordChangedAt: new Date() });
    await writeAudit(trx, {
      actorType: 'student',
      actorId: result.ownerId,
      action: 'student.resetPassword',
      ip,
    });
    return endEverySession(trx, 'student', result.ownerId);
  });
  await revocations.announce(revocation);
}
