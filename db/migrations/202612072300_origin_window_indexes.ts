import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The per-play SHARED_ORIGIN check reads the plays of one address or device in a time window, in
// finish order and at most a bounded number (#32): with (finished_at, id) in the index that is a range
// scan that stops at its LIMIT, however many children share the address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX plays_origin_ip_finished_idx ON plays (phase_id, origin_ip_hash, finished_at, id)
      WHERE kind = 'CONTEST' AND origin_ip_hash IS NOT NULL;
    CREATE INDEX plays_origin_device_finished_idx ON plays (phase_id, origin_device_hash, finished_at, id)
      WHERE kind = 'CONTEST' AND origin_device_hash IS NOT NULL;
    DROP INDEX plays_origin_ip_idx;
    DROP INDEX plays_origin_device_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX plays_origin_ip_idx ON plays (phase_id, origin_ip_hash)
      WHERE kind = 'CONTEST' AND origin_ip_hash IS NOT NULL;
    CREATE INDEX plays_origin_device_idx ON plays (phase_id, origin_device_hash)
      WHERE kind = 'CONTEST' AND origin_device_hash IS NOT NULL;
    DROP INDEX plays_origin_ip_finished_idx;
    DROP INDEX plays_origin_device_finished_idx;
  `.execute(db);
}
