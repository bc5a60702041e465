import { sql } from 'kysely';
import type { Executor } from './db.js';

/** What the replica says about itself: its clock, whether it replays WAL, how far it has got. */
export interface ReplicaSample {
  now: Date;
  inRecovery: boolean;
  /** When the last transaction it replayed committed on the primary; null before any or off recovery. */
  replayedAt: Date | null;
  /** Everything received is replayed (receive LSN = replay LSN): nothing waits, whatever replayedAt says. */
  caughtUp: boolean;
}

/** One round trip to the read database: its replay position (README "Read replica"). */
export async function sampleReplica(db: Executor): Promise<ReplicaSample> {
  const { rows } = await sql<ReplicaSample>`
    SELECT now() AS now,
           pg_is_in_recovery() AS in_recovery,
           pg_last_xact_replay_timestamp() AS replayed_at,
           coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) AS caught_up
  `.execute(db);
  const row = rows[0];
  if (!row) {
    throw new Error('the replica answered no row');
  }
  return row;
}
