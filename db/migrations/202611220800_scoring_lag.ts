import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- When the scoring worker scored the answer: answered_at → scored_at is the scoring lag ops watch.
    ALTER TABLE play_answers ADD COLUMN scored_at timestamptz;
    ALTER TABLE play_answers ADD CONSTRAINT play_answers_scored_check CHECK ((is_correct IS NULL) = (scored_at IS NULL));
    -- The deadline sweep looks for open contest plays only.
    CREATE INDEX plays_open_contest_idx ON plays (id) WHERE status = 'IN_PROGRESS' AND kind = 'CONTEST';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX plays_open_contest_idx;
    ALTER TABLE play_answers DROP CONSTRAINT play_answers_scored_check;
    ALTER TABLE play_answers DROP COLUMN scored_at;
  `.execute(db);
}
