import { sql } from 'kysely';
import type { Executor, Trx } from '../lib/db.js';
import type { TokenPurpose as Purpose } from './account-tokens.js';
import { ownerColumns } from './sessions.repository.js';
import type { Audience } from './tokens.js';

const ownerColumn = (audience: Audience) => (audience === 'student' ? 'studentId' : 'staffUserId');

/** Earlier unused tokens of this purpose and owner stop working. */
export async function voidOpenTokens(db: Executor, purpose: Purpose, audience: Audience, ownerId: string) {
  await db
    .updateTable('accountTokens')
    .set({ usedAt: new Date() })
    .where(ownerColumn(audience), '=', ownerId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

export async function insertAccountToken(
  db: Executor,
  token: {
    tokenHash: Buffer;
    purpose: Purpose;
    audience: Audience;
    ownerId: string;
    email: string;
    lifetimeMinutes: number;
  },
) {
  await db
    .insertInto('accountTokens')
    .values({
      tokenHash: token.tokenHash,
      purpose: token.purpose,
      audience: token.audience,
      ...ownerColumns(token.audience, token.ownerId),
      email: token.email,
      expiresAt: sql<Date>`now() + make_interval(mins => ${token.lifetimeMinutes})`,
    })
    .execute();
}

export const lockAccountToken = (trx: Trx, tokenHash: Buffer, purpose: Purpose, audience: Audience) =>
  trx
    .selectFrom('accountTokens')
    .select(['id', 'studentId', 'staffUserId', 'email', 'expiresAt', 'usedAt'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('audience', '=', audience)
    .forUpdate()
    .executeTakeFirst();

export async function markTokenUsed(trx: Trx, id: string) {
  await trx.updateTable('accountTokens').set({ usedAt: new Date() }).where('id', '=', id).execute();
}
