import type { Database, Db } from '@riyazi/db';
import { sql, type Transaction } from 'kysely';
import { type Audience, hashOpaqueToken, newOpaqueToken } from './tokens.js';

type Executor = Db | Transaction<Database>;
export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60,
  RESET_PASSWORD: 30,
};

const ownerColumn = (audience: Audience) => (audience === 'student' ? 'studentId' : 'staffUserId');

/** A new single-use link token; earlier unused ones of the same purpose and owner stop working. */
export async function issueAccountToken(
  db: Executor,
  purpose: TokenPurpose,
  audience: Audience,
  ownerId: string,
  email: string,
): Promise<string> {
  await db
    .updateTable('accountTokens')
    .set({ usedAt: new Date() })
    .where(ownerColumn(audience), '=', ownerId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
  const token = newOpaqueToken();
  await db
    .insertInto('accountTokens')
    .values({
      tokenHash: hashOpaqueToken(token),
      purpose,
      audience,
      studentId: audience === 'student' ? ownerId : null,
      staffUserId: audience === 'staff' ? ownerId : null,
      email,
      expiresAt: sql<Date>`now() + make_interval(mins => ${TOKEN_LIFETIME_MINUTES[purpose]})`,
    })
    .execute();
  return token;
}

export const issueStudentToken = (db: Executor, purpose: TokenPurpose, studentId: string, email: string) =>
  issueAccountToken(db, purpose, 'student', studentId, email);

export type ConsumeResult =
  | { ok: true; ownerId: string; email: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'used'; ownerId?: string };

/** Spends a token inside the caller's transaction (row locked, so a double click spends it once). */
export async function consumeAccountToken(
  trx: Transaction<Database>,
  purpose: TokenPurpose,
  audience: Audience,
  token: string,
): Promise<ConsumeResult> {
  const row = await trx
    .selectFrom('accountTokens')
    .select(['id', 'studentId', 'staffUserId', 'email', 'expiresAt', 'usedAt'])
    .where('tokenHash', '=', hashOpaqueToken(token))
    .where('purpose', '=', purpose)
    .where('audience', '=', audience)
    .forUpdate()
    .executeTakeFirst();
  const ownerId = audience === 'student' ? row?.studentId : row?.staffUserId;
  if (!row || !ownerId) {
    return { ok: false, reason: 'unknown' };
  }
  if (row.usedAt) {
    return { ok: false, reason: 'used', ownerId };
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    return { ok: false, reason: 'expired', ownerId };
  }
  await trx.updateTable('accountTokens').set({ usedAt: new Date() }).where('id', '=', row.id).execute();
  return { ok: true, ownerId, email: row.email };
}

export const consumeStudentToken = (trx: Transaction<Database>, purpose: TokenPurpose, token: string) =>
  consumeAccountToken(trx, purpose, 'student', token);
