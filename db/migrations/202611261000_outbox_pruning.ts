import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The workers delete events enqueued long ago, oldest first, in batches: by enqueued_at, so it is indexed
// (only enqueued rows; the pending ones have outbox_events_pending_idx).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX outbox_events_enqueued_idx ON outbox_events (enqueued_at) WHERE enqueued_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX outbox_events_enqueued_idx;`.execute(db);
}
