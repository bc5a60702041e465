import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// Integrity analytics (#21). A contest play records where it started from as keyed hashes (never
// the raw IP or device token: the players are minors). A worker computes signals per finished
// contest play (and for a whole phase on demand), one row per play and kind, with its evidence and
// a strength from 0 to 1. Staff review flagged plays; the decision is one row per play, and a
// disqualified play carries disqualified_at so rankings, winners and qualification leave it out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE plays
      ADD COLUMN origin_ip_hash text,
      ADD COLUMN origin_device_hash text,
      ADD COLUMN disqualified_at timestamptz;
    CREATE INDEX plays_origin_ip_idx ON plays (phase_id, origin_ip_hash) WHERE kind = 'CONTEST' AND origin_ip_hash IS NOT NULL;
    CREATE INDEX plays_origin_device_idx ON plays (phase_id, origin_device_hash) WHERE kind = 'CONTEST' AND origin_device_hash IS NOT NULL;

    CREATE TABLE integrity_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      thresholds jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL
    );
    INSERT INTO integrity_settings (id) VALUES (1);

    CREATE TABLE integrity_signals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      play_id uuid NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('FAST_CORRECT', 'COPIED_ANSWERS', 'SHARED_ORIGIN', 'SCRIPTED_TIMING')),
      strength numeric(4, 3) NOT NULL CHECK (strength >= 0 AND strength <= 1),
      evidence jsonb NOT NULL,
      related_play_ids uuid[] NOT NULL DEFAULT '{}',
      computed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (play_id, kind)
    );
    CREATE INDEX integrity_signals_phase_idx ON integrity_signals (phase_id, grade_id, strength DESC);

    CREATE TABLE play_reviews (
      play_id uuid PRIMARY KEY REFERENCES plays (id) ON DELETE CASCADE,
      decision text NOT NULL CHECK (decision IN ('CLEAR', 'WARN', 'DISQUALIFY')),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
      decided_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      decided_at timestamptz NOT NULL DEFAULT now(),
      student_notified_at timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE play_reviews;
    DROP TABLE integrity_signals;
    DROP TABLE integrity_settings;
    DROP INDEX plays_origin_device_idx;
    DROP INDEX plays_origin_ip_idx;
    ALTER TABLE plays DROP COLUMN disqualified_at, DROP COLUMN origin_device_hash, DROP COLUMN origin_ip_hash;
  `.execute(db);
}
