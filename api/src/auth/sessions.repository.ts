import { type Database, type Db, prepared } from '@riyazi/db';
import { sql, type Transaction } from 'kysely';
import type { AccessClaims, Audience } from './tokens.js';

type Executor = Db | Transaction<Database>;

const ownerColumn = (audience: Audience) => (audience === 'staff' ? 'staffUserId' : 'studentId');

export interface NewSession {
  id: string;
  audience: Audience;
  ownerId: string;
  accountVersion: number;
}

export function insertSession(db: Executor, session: NewSession) {
  return db
    .insertInto('sessions')
    .values({
      id: session.id,
      audience: session.audience,
      studentId: session.audience === 'student' ? session.ownerId : null,
      staffUserId: session.audience === 'staff' ? session.ownerId : null,
      accountVersion: session.accountVersion,
    })
    .execute();
}

/** Revokes those of these sessions that belong to the owner and are open; the ids it revoked. */
export async function revokeSessions(
  db: Executor,
  audience: Audience,
  ownerId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', 'in', ids)
    .where(ownerColumn(audience), '=', ownerId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Raises the owner's session version and revokes every open session: a session begun under the
 * old version (a login that checked the old password while this ran) is over too. The ids revoked.
 */
export async function endOwnerSessions(
  trx: Transaction<Database>,
  audience: Audience,
  ownerId: string,
): Promise<string[]> {
  await trx
    .updateTable(audience === 'staff' ? 'staffUsers' : 'students')
    .set((eb) => ({ sessionVersion: eb('sessionVersion', '+', 1) }))
    .where('id', '=', ownerId)
    .execute();
  const rows = await trx
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where(ownerColumn(audience), '=', ownerId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The session version of an account, for a session about to begin. */
export async function accountVersion(db: Executor, audience: Audience, ownerId: string) {
  const row = await db
    .selectFrom(audience === 'staff' ? 'staffUsers' : 'students')
    .select('sessionVersion')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.sessionVersion;
}

/**
 * Of these student tokens, the sessions still live: the student active at the token's version and
 * the session open. One statement for a whole batch of requests (the auth hook's account check).
 */
export async function liveStudentSessions(
  db: Executor,
  claims: readonly AccessClaims[],
): Promise<Set<string>> {
  const result = await sql<{ sid: string }>`${prepared}
    SELECT t.sid FROM unnest(${claims.map((c) => c.sub)}::uuid[], ${claims.map((c) => c.sid)}::uuid[],
      ${claims.map((c) => c.ver)}::int[]) AS t (student_id, sid, ver)
    JOIN students s ON s.id = t.student_id AND s.is_active AND s.session_version = t.ver
    JOIN sessions x ON x.id = t.sid AND x.student_id = t.student_id AND x.revoked_at IS NULL`.execute(db);
  return new Set(result.rows.map((row) => row.sid));
}
