import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// A practice question paused on one device stays paused on every device: the server keeps when it
// was paused (contests never pause; the api refuses them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE play_questions ADD COLUMN paused_at timestamptz;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE play_questions DROP COLUMN paused_at;`.execute(db);
}
