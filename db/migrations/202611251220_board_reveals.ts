import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A reveal keeps the phase's row (its snapshot emptied) and records when it happened: the live
    -- boards served after it carry that time, so a client holding the frozen board takes them.
    ALTER TABLE board_freezes ADD COLUMN revealed_at timestamptz;
    -- The snapshot holds students' ids and ranks only; names are applied when it is served, so
    -- a snapshot written by the first version (names as they were then) is dropped.
    UPDATE board_freezes SET snapshot = '{}'
    WHERE EXISTS (
      SELECT FROM jsonb_each(snapshot) g, jsonb_array_elements(g.value -> 'entries') e
      WHERE NOT e ? 'studentId'
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM board_freezes WHERE revealed_at IS NOT NULL;
    ALTER TABLE board_freezes DROP COLUMN revealed_at;
  `.execute(db);
}
