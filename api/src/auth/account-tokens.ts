import type { Executor, Trx } from '../lib/db.js';
import * as repo from './account-tokens.repository.js';
import { type Audience, hashOpaqueToken, newOpaqueToken } from './tokens.js';

export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60,
  RESET_PASSWORD: 30,
};

/** A new single-use link token; earlier unused ones of the same purpose and owner stop working. */
export async function issueAccountToken(
  db: Executor,
  purpose: TokenPurpose,
  audience: Audience,
  ownerId: string,
  email: string,
): Promise<string> {
  await repo.voidOpenTokens(db, purpose, audience, ownerId);
  const token = newOpaqueToken();
  await repo.insertAccountToken(db, {
    tokenHash: hashOpaqueToken(token),
    purpose,
    audience,
    ownerId,
    email,
    lifetimeMinutes: TOKEN_LIFETIME_MINUTES[purpose],
  });
  return token;
}

export const issueStudentToken = (db: Executor, purpose: TokenPurpose, studentId: string, email: string) =>
  issueAccountToken(db, purpose, 'student', studentId, email);

export type ConsumeResult =
  | { ok: true; ownerId: string; email: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'used'; ownerId?: string };

/** Spends a token inside the caller's transaction (row locked, so a double click spends it once). */
export async function consumeAccountToken(
  trx: Trx,
  purpose: TokenPurpose,
  audience: Audience,
  token: string,
): Promise<ConsumeResult> {
  const row = await repo.lockAccountToken(trx, hashOpaqueToken(token), purpose, audience);
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
  await repo.markTokenUsed(trx, row.id);
  return { ok: true, ownerId, email: row.email };
}

export const consumeStudentToken = (trx: Trx, purpose: TokenPurpose, token: string) =>
  consumeAccountToken(trx, purpose, 'student', token);
