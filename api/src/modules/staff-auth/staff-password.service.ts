import { hashPassword } from '@riyazi/db';
import { queueMail } from '#modules/mail';
import { consumeAccountToken, issueAccountToken, TOKEN_LIFETIME_MINUTES } from '../../auth/account-tokens.js';
import { LOGIN_CODE } from '../../auth/auth-limits.js';
import { endEverySession, type SessionDeps } from '../../auth/sessions.service.js';
import type { Config } from '../../config.js';
import { passwordProblem } from '../../contracts/accounts/schemas.js';
import { ADMIN_PREFIX } from '../../contracts/permissions.js';
import { writeAudit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { fieldError, HttpError } from '../../lib/errors.js';
import { type DispatchDeps, dispatchAfterCommit } from '../../queue/outbox.js';
import { findStaffByEmail, setStaffPassword } from './staff-auth.repository.js';

export const STAFF_PASSWORD_MIN = 10;

export function staffPasswordProblem(password: string, email: string): string | null {
  if (password.length < STAFF_PASSWORD_MIN) {
    return `must be at least ${STAFF_PASSWORD_MIN} characters`;
  }
  return passwordProblem(password, email);
}

/**
 * Queues a reset link to the staff member's own address in the caller's transaction (earlier links
 * stop working); the password stays until they use it. Answers the outbox event to dispatch.
 */
export async function queueStaffResetLink(
  trx: Trx,
  config: Readonly<Config>,
  staff: { id: string; email: string; username: string },
) {
  const token = await issueAccountToken(trx, 'RESET_PASSWORD', 'staff', staff.id, staff.email);
  const link = `${config.PUBLIC_URL.replace(/\/$/, '')}${ADMIN_PREFIX}/reset-password?token=${encodeURIComponent(token)}`;
  const { event } = await queueMail(trx, 'resetPassword', staff.email, {
    name: staff.username,
    link,
    minutes: TOKEN_LIFETIME_MINUTES.RESET_PASSWORD,
  });
  return event;
}

/** Sends a reset link to an active staff member; the caller answers the same either way. */
export async function requestStaffPasswordReset(
  deps: DispatchDeps & { config: Readonly<Config> },
  email: string,
) {
  const staff = await findStaffByEmail(deps.db, email);
  if (!staff?.isActive) {
    return;
  }
  const event = await deps.db.transaction().execute((trx) => queueStaffResetLink(trx, deps.config, staff));
  await dispatchAfterCommit(deps, [event]);
}

export async function resetStaffPassword(
  { db, revocations }: SessionDeps,
  token: string,
  password: string,
  ip: string,
) {
  const passwordHash = await hashPassword(password);
  const revocation = await db.transaction().execute(async (trx) => {
    const result = await consumeAccountToken(trx, 'RESET_PASSWORD', 'staff', token);
    if (!result.ok) {
      throw new HttpError(400, 'This link is invalid or has expired. Ask for a new one.');
    }
    const problem = staffPasswordProblem(password, result.email);
    if (problem) {
      throw fieldError('password', problem);
    }
    await setStaffPassword(trx, result.ownerId, passwordHash);
    await writeAudit(trx, { actorType: 'staff', actorId: result.ownerId, action: 'staff.resetPassword', ip });
    return endEverySession(trx, 'staff', result.ownerId);
  });
  await revocations.announce(revocation);
}

/** E-mails a login code to an active staff member (English); nothing otherwise. No code in the audit. */
export async function sendStaffLoginCode(
  deps: DispatchDeps,
  email: string,
  newCode: () => Promise<string>,
  ip: string,
): Promise<void> {
  const staff = await findStaffByEmail(deps.db, email);
  if (!staff?.isActive) {
    return;
  }
  const code = await newCode();
  const event = await deps.db.transaction().execute(async (trx) => {
    const { event } = await queueMail(trx, 'loginCode', staff.email, {
      code,
      minutes: LOGIN_CODE.lifetimeSeconds / 60,
    });
    await writeAudit(trx, { actorType: 'staff', actorId: staff.id, action: 'staff.loginCodeSent', ip });
    return event;
  });
  await dispatchAfterCommit(deps, [event]);
}
