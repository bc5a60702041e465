import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';
import type { Audience } from './tokens.js';

type Executor = Db | Transaction<Database>;

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
      studentId: token.audience === 'student' ? token.ownerId : null,
      staffUserId: token.audience === 'staff' ? token.ownerId : null,
      familyId: token.familyId,
      expiresAt: token.expiresAt,
      familyExpiresAt: token.familyExpiresAt,
    })
    .execute();
}

export function findRefreshTokenForUpdate(trx: Transaction<Database>, tokenHash: Buffer, audience: Audience) {
  return trx
    .selectFrom('refreshTokens')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('audience', '=', audience)
    .forUpdate()
    .executeTakeFirst();
}

export function markRefreshTokenUsed(trx: Transaction<Database>, id: string) {
  return trx.updateTable('refreshTokens').set({ usedAt: new Date() }).where('id', '=', id).execute();
}

export function revokeFamily(db: Executor, familyId: string) {
  return db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export function revokeAllForOwner(db: Executor, audience: Audience, ownerId: string) {
  return db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where(audience === 'staff' ? 'staffUserId' : 'studentId', '=', ownerId)
    .where('revokedAt', 'is', null)
    .execute();
}
