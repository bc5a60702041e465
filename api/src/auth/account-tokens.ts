import type { Database, Db } from '@riyazi/db';
import { sql, type Transaction } from 'kysely';
import { hashOpaqueToken, newOpaqueToken } from './tokens.js';

type Executor = Db | Transaction<Database>;
export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60,
  RESET_PASSWORD: 30,
};

/** A new single-use link token for a student; earlier unused ones of the same purpose stop working. */
export async function issueStudentToken(
  db: Executor,
  purpose: TokenPurpose,
  studentId: string,
  email: string,
): Promise<string> {
  await db
    .updateTable('accountTokens')
    .set({ usedAt: new Date() })
    .where('studentId', '=', studentId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
  const token = newOpaqueToken();
  await db
    .insertInto('accountTokens')
    .values({
      tokenHash: hashOpaqueToken(token),
      purpose,
      audience: 'student',
      studentId,
      email,
      expiresAt: sql<Date>`now() + make_interval(mins => ${TOKEN_LIFETIME_MINUTES[purpose]})`,
    })
    .execute();
  return token;
}

export type ConsumeResult =
  | { ok: true; studentId: string; email: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'used'; studentId?: string };

/** Spends a token inside the caller's transaction (row locked, so a double click spends it once). */
export async function consumeStudentToken(
  trx: Transaction<Database>,
  purpose: TokenPurpose,
  token: string,
): Promise<ConsumeResult> {
  const row = await trx
    .selectFrom('accountTokens')
    .select(['id', 'studentId', 'email', 'expiresAt', 'usedAt'])
    .where('tokenHash', '=', hashOpaqueToken(token))
    .where('purpose', '=', purpose)
    .where('audience', '=', 'student')
    .forUpdate()
    .executeTakeFirst();
  if (!row?.studentId) {
    return { ok: false, reason: 'unknown' };
  }
  if (row.usedAt) {
    return { ok: false, reason: 'used', studentId: row.studentId };
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    return { ok: false, reason: 'expired', studentId: row.studentId };
  }
  await trx.updateTable('accountTokens').set({ usedAt: new Date() }).where('id', '=', row.id).execute();
  return { ok: true, studentId: row.studentId, email: row.email };
}
