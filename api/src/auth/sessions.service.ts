import type { Db } from '@riyazi/db';
import type { Trx } from '../lib/db.js';
import type { Revocation, RevocationChannel } from './revocations.js';
import { endOwnerSessions } from './sessions.repository.js';
import type { Audience } from './tokens.js';

/** What a service needs to end sessions: the database, and the channel it announces them on. */
export interface SessionDeps {
  db: Db;
  revocations: RevocationChannel;
}

/**
 * Inside the transaction that changes a password or ends an account: every session of the owner
 * ends, refresh and access tokens alike. Announce the result once the transaction has committed.
 */
export async function endEverySession(trx: Trx, audience: Audience, ownerId: string): Promise<Revocation> {
  const sessionIds = await endOwnerSessions(trx, audience, ownerId);
  return { audience, ownerId, sessionIds, everySession: true };
}
