import { randomBytes } from 'node:crypto';
import { type Db, hashPassword, verifyPassword } from '@riyazi/db';
import { queueMail } from '#modules/mail';
import { LOGIN_CODE } from '../../auth/auth-limits.js';
import { writeAudit } from '../../lib/audit.js';
import { type DispatchDeps, dispatchAfterCommit } from '../../queue/outbox.js';
import * as repo from './student-auth.repository.js';

let dummyHash: Promise<string> | undefined;

export type StudentLoginOutcome =
  | { ok: true; studentId: string; sessionVersion: number }
  | { ok: false; reason: 'invalid' | 'inactive' };

export async function checkStudentCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<StudentLoginOutcome> {
  const row = await repo.findStudentByEmail(db, email);
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  const passwordOk = await verifyPassword(row?.passwordHash ?? (await dummyHash), password);
  if (!row || !passwordOk) {
    return { ok: false, reason: 'invalid' };
  }
  return row.isActive
    ? { ok: true, studentId: row.id, sessionVersion: row.sessionVersion }
    : { ok: false, reason: 'inactive' };
}

/** An inactive account's right password is still a right password (it is told INACTIVE). */
export const isRightPassword = (outcome: StudentLoginOutcome) => outcome.ok || outcome.reason === 'inactive';

/**
 * E-mails a login code to the active student with this address, in the account's language; nothing
 * for an unknown or inactive one (the login answers the same). The audit line carries no code.
 */
export async function sendStudentLoginCode(
  deps: DispatchDeps,
  email: string,
  newCode: () => Promise<string>,
  ip: string,
): Promise<void> {
  const row = await repo.findStudentByEmail(deps.db, email);
  if (!row?.isActive) {
    return;
  }
  const code = await newCode();
  const event = await deps.db.transaction().execute(async (trx) => {
    const { event } = await queueMail(trx, 'loginCode', row.email, {
      code,
      minutes: LOGIN_CODE.lifetimeSeconds / 60,
      language: row.language,
    });
    await writeAudit(trx, { actorType: 'student', actorId: row.id, action: 'student.loginCodeSent', ip });
    return event;
  });
  await dispatchAfterCommit(deps, [event]);
}
