import { prepared } from '@riyazi/db';
import { sql } from 'kysely';
import type { Executor, Trx } from '../lib/db.js';
import type { AccessClaims, Audience } from './tokens.js';

const ownerColumn = (audience: Audience) => (audience === 'staff' ? 'staffUserId' : 'studentId');

/** The owner columns of a session or token row: the one of its audience set, the other null. */
export const ownerColumns = (audience: Audience, ownerId: string) => ({
  studentId: audience === 'student' ? ownerId : null,
  staffUserId: audience === 'staff' ? ownerId : null,
});

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
      ...ownerColumns(session.audience, session.ownerId),
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
export async function endOwnerSessions(trx: Trx, audience: Audience, ownerId: string): Promise<string[]> {
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
 * Of these student tokens, the sessions still live (session open, its student active at the token's
 * version), each with its student. One statement for a whole batch of requests (the auth hook's
 * account check). LIMIT 1 keeps the subquery apart, so each item is two primary-key lookups
 * whatever the statistics say (flattened, PostgreSQL may hash the whole sessions table instead).
 */
export async function liveStudentSessions(
  db: Executor,
  claims: readonly AccessClaims[],
): Promise<Map<string, string>> {
  const result = await sql<{ sid: string; studentId: string }>`${prepared}
    SELECT t.sid, live.student_id FROM unnest(${claims.map((c) => c.sid)}::uuid[], ${claims.map((c) => c.ver)}::int[]) AS t (sid, ver),
    LATERAL (
      SELECT x.student_id FROM sessions x JOIN students s ON s.id = x.student_id
      WHERE x.id = t.sid AND x.revoked_at IS NULL AND s.is_active AND s.session_version = t.ver
      LIMIT 1
    ) live`.execute(db);
  return new Map(result.rows.map((row) => [row.sid, row.studentId]));
}
