import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// Flags are saved as a patch with an optimistic check (#29): each save raises `version` in the same
// UPDATE, and a save naming an older version than the stored one is refused.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_flags ADD COLUMN version integer NOT NULL DEFAULT 0 CHECK (version >= 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_flags DROP COLUMN version`.execute(db);
}
