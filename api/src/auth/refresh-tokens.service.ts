import { randomUUID } from 'node:crypto';
import type { Db } from '@riyazi/db';
import * as repo from './refresh-tokens.repository.js';
import { type Audience, hashOpaqueToken, newOpaqueToken } from './tokens.js';

const DAY_MS = 86_400_000;

export interface RefreshPolicy {
  ttlDays: number;
  absoluteDays: number;
  /**
   * A spent token presented again within this many seconds of its first use still gets a new
   * token of its family: the response that carried the successor was lost (a reload, a tab closed
   * mid-request, a dropped mobile connection). Later replays mean a leak and revoke the family.
   */
  reuseGraceSeconds: number;
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotateResult =
  | { ok: true; ownerId: string; next: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

export async function issueRefreshToken(
  db: Db,
  audience: Audience,
  ownerId: string,
  policy: RefreshPolicy,
): Promise<IssuedRefreshToken> {
  const now = Date.now();
  const token = newOpaqueToken();
  const familyExpiresAt = new Date(now + policy.absoluteDays * DAY_MS);
  const expiresAt = new Date(Math.min(now + policy.ttlDays * DAY_MS, familyExpiresAt.getTime()));
  await repo.insertRefreshToken(db, {
    tokenHash: hashOpaqueToken(token),
    audience,
    ownerId,
    familyId: randomUUID(),
    expiresAt,
    familyExpiresAt,
  });
  return { token, expiresAt };
}

/**
 * Single use: the presented token is spent and a new one of the same family returned. A token
 * presented again after the grace window means it leaked, so the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  audience: Audience,
  presented: string,
  policy: RefreshPolicy,
): Promise<RotateResult> {
  const result = await db.transaction().execute(async (trx): Promise<RotateResult | { reuse: string }> => {
    const row = await repo.findRefreshTokenForUpdate(trx, hashOpaqueToken(presented), audience);
    if (!row) {
      return { ok: false, reason: 'unknown' };
    }
    if (row.revokedAt) {
      return { ok: false, reason: 'revoked' };
    }
    const now = Date.now();
    if (row.usedAt && now - row.usedAt.getTime() > policy.reuseGraceSeconds * 1000) {
      return { reuse: row.familyId };
    }
    if (row.expiresAt.getTime() <= now) {
      return { ok: false, reason: 'expired' };
    }
    if (!row.usedAt) {
      await repo.markRefreshTokenUsed(trx, row.id);
    }
    const token = newOpaqueToken();
    const expiresAt = new Date(Math.min(now + policy.ttlDays * DAY_MS, row.familyExpiresAt.getTime()));
    const ownerId = (audience === 'staff' ? row.staffUserId : row.studentId) as string;
    await repo.insertRefreshToken(trx, {
      tokenHash: hashOpaqueToken(token),
      audience,
      ownerId,
      familyId: row.familyId,
      expiresAt,
      familyExpiresAt: row.familyExpiresAt,
    });
    return { ok: true, ownerId, next: { token, expiresAt } };
  });
  if ('reuse' in result) {
    await repo.revokeFamily(db, result.reuse);
    return { ok: false, reason: 'reused' };
  }
  return result;
}

export async function revokeRefreshToken(db: Db, audience: Audience, presented: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findRefreshTokenForUpdate(trx, hashOpaqueToken(presented), audience);
    if (row) {
      await repo.revokeFamily(trx, row.familyId);
    }
  });
}
