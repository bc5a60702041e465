import { randomUUID } from 'node:crypto';
import type { Db } from '@riyazi/db';
import * as repo from './refresh-tokens.repository.js';
import type { Revocation } from './revocations.js';
import { insertSession, revokeSessions } from './sessions.repository.js';
import { type AccessClaims, type Audience, hashOpaqueToken, newOpaqueToken } from './tokens.js';

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

/** A session's access-token claims and its newest refresh token. */
export interface SessionTokens {
  claims: AccessClaims;
  refresh: IssuedRefreshToken;
}

export type RotateResult =
  | ({ ok: true } & SessionTokens)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; revocation: Revocation };

/**
 * A new session (refresh family) and its first refresh token. `accountVersion` is the version read
 * with the password that was checked, so a password change committed meanwhile ends it.
 */
export async function startSession(
  db: Db,
  audience: Audience,
  ownerId: string,
  accountVersion: number,
  policy: RefreshPolicy,
): Promise<SessionTokens> {
  const now = Date.now();
  const token = newOpaqueToken();
  const sessionId = randomUUID();
  const familyExpiresAt = new Date(now + policy.absoluteDays * DAY_MS);
  const expiresAt = new Date(Math.min(now + policy.ttlDays * DAY_MS, familyExpiresAt.getTime()));
  await db.transaction().execute(async (trx) => {
    await insertSession(trx, { id: sessionId, audience, ownerId, accountVersion });
    await repo.insertRefreshToken(trx, {
      tokenHash: hashOpaqueToken(token),
      audience,
      ownerId,
      familyId: sessionId,
      expiresAt,
      familyExpiresAt,
    });
  });
  return { claims: { sub: ownerId, sid: sessionId, ver: accountVersion }, refresh: { token, expiresAt } };
}

/**
 * Single use: the presented token is spent and a new one of the same family returned. A token
 * presented again after the grace window means it leaked, so its session is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  audience: Audience,
  presented: string,
  policy: RefreshPolicy,
): Promise<RotateResult> {
  const result = await db
    .transaction()
    .execute(async (trx): Promise<RotateResult | { reuse: { ownerId: string; familyId: string } }> => {
      const row = await repo.findRefreshTokenForUpdate(trx, hashOpaqueToken(presented), audience);
      if (!row) {
        return { ok: false, reason: 'unknown' };
      }
      if (row.revokedAt || row.accountVersion !== row.currentVersion) {
        return { ok: false, reason: 'revoked' };
      }
      const now = Date.now();
      if (row.usedAt && now - row.usedAt.getTime() > policy.reuseGraceSeconds * 1000) {
        return { reuse: row };
      }
      if (row.expiresAt.getTime() <= now) {
        return { ok: false, reason: 'expired' };
      }
      if (!row.usedAt) {
        await repo.markRefreshTokenUsed(trx, row.id);
      }
      const token = newOpaqueToken();
      const expiresAt = new Date(Math.min(now + policy.ttlDays * DAY_MS, row.familyExpiresAt.getTime()));
      await repo.insertRefreshToken(trx, {
        tokenHash: hashOpaqueToken(token),
        audience,
        ownerId: row.ownerId,
        familyId: row.familyId,
        expiresAt,
        familyExpiresAt: row.familyExpiresAt,
      });
      return {
        ok: true,
        claims: { sub: row.ownerId, sid: row.familyId, ver: row.accountVersion },
        refresh: { token, expiresAt },
      };
    });
  if ('reuse' in result) {
    const { ownerId, familyId } = result.reuse;
    const sessionIds = await revokeSessions(db, audience, ownerId, [familyId]);
    return {
      ok: false,
      reason: 'reused',
      revocation: { audience, ownerId, sessionIds, everySession: false },
    };
  }
  return result;
}

/** The owner and session of a presented refresh token, whatever its state (for logout). */
export async function sessionOfRefreshToken(db: Db, audience: Audience, presented: string) {
  return repo.findRefreshTokenSession(db, hashOpaqueToken(presented), audience);
}
