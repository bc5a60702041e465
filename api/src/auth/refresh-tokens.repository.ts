import type { Executor, Trx } from '../lib/db.js';
import { ownerColumns } from './sessions.repository.js';
import type { Audience } from './tokens.js';

export interface NewRefreshToken {
  tokenHash: Buffer;
  audience: Audience;
  ownerId: string;
  familyId: string;
  expiresAt: Date;
  familyExpiresAt: Date;
}

export function insertRefreshToken(db: Executor, token: NewRefreshToken) {
  return db
    .insertInto('refreshTokens')
    .values({
      tokenHash: token.tokenHash,
      audience: token.audience,
      ...ownerColumns(token.audience, token.ownerId),
      familyId: token.familyId,
      expiresAt: token.expiresAt,
      familyExpiresAt: token.familyExpiresAt,
    })
    .execute();
}

/** The token with its session: whether it was revoked, and whether the account has moved past it. */
export async function findRefreshTokenForUpdate(trx: Trx, tokenHash: Buffer, audience: Audience) {
  const row = await trx
    .selectFrom('refreshTokens as rt')
    .innerJoin('sessions as s', 's.id', 'rt.familyId')
    .leftJoin('students as st', 'st.id', 's.studentId')
    .leftJoin('staffUsers as su', 'su.id', 's.staffUserId')
    .select([
      'rt.id',
      'rt.familyId',
      'rt.expiresAt',
      'rt.familyExpiresAt',
      'rt.usedAt',
      's.revokedAt',
      's.accountVersion',
      's.studentId',
      's.staffUserId',
      'st.sessionVersion as studentVersion',
      'su.sessionVersion as staffVersion',
    ])
    .where('rt.tokenHash', '=', tokenHash)
    .where('rt.audience', '=', audience)
    .forUpdate('rt')
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  const { studentId, staffUserId, studentVersion, staffVersion, ...token } = row;
  return {
    ...token,
    ownerId: (audience === 'staff' ? staffUserId : studentId) as string,
    currentVersion: audience === 'staff' ? staffVersion : studentVersion,
  };
}

export function markRefreshTokenUsed(trx: Trx, id: string) {
  return trx.updateTable('refreshTokens').set({ usedAt: new Date() }).where('id', '=', id).execute();
}

export async function findRefreshTokenSession(db: Executor, tokenHash: Buffer, audience: Audience) {
  const row = await db
    .selectFrom('refreshTokens')
    .select(['familyId', 'studentId', 'staffUserId'])
    .where('tokenHash', '=', tokenHash)
    .where('audience', '=', audience)
    .executeTakeFirst();
  return row ? { sessionId: row.familyId, ownerId: (row.staffUserId ?? row.studentId) as string } : null;
}
