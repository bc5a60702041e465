import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Each student's standing per phase and grade: their best finished contest play there, ranked
    -- (score desc, then that play's total time asc, then its finish asc). Rebuilt from plays at any
    -- time; the ranking worker rewrites one phase and grade at a time.
    CREATE TABLE phase_standings (
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      play_id uuid NOT NULL,
      score numeric(10, 4) NOT NULL,
      total_time_ms integer NOT NULL,
      finished_at timestamptz NOT NULL,
      rank integer NOT NULL CHECK (rank >= 1),
      PRIMARY KEY (phase_id, grade_id, student_id)
    );
    CREATE INDEX phase_standings_rank_idx ON phase_standings (phase_id, grade_id, rank);
    CREATE INDEX phase_standings_student_idx ON phase_standings (student_id);

    -- When each phase and grade was last ranked (and how many plays it took), for the admin page.
    CREATE TABLE phase_rankings (
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      ranked_count integer NOT NULL DEFAULT 0,
      computed_at timestamptz NOT NULL DEFAULT now(),
      duration_ms integer NOT NULL DEFAULT 0,
      PRIMARY KEY (phase_id, grade_id)
    );

    -- How many of a grade's toppers a phase carries to the next phase (phase 1: 100/150/200,
    -- phase 2: 10/20/30). A missing row means the phase's default (200 for phase 1, 30 for phase 2).
    CREATE TABLE phase_cutoffs (
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      top_n integer NOT NULL CHECK (top_n IN (10, 20, 30, 100, 150, 200)),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (phase_id, grade_id)
    );

    -- Qualifiers told by e-mail that they may take the next phase (once per student and phase).
    CREATE TABLE phase_qualifications (
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      rank integer NOT NULL,
      notified_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (phase_id, student_id)
    );

    -- Winners of a phase and grade: a student is a winner of a phase and grade once.
    CREATE TABLE phase_winners (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE RESTRICT,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE RESTRICT,
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE RESTRICT,
      position integer CHECK (position >= 1),
      score numeric(10, 4),
      method text NOT NULL CHECK (method IN ('AUTOMATIC', 'MANUAL')),
      created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (phase_id, grade_id, student_id)
    );
    CREATE INDEX phase_winners_phase_idx ON phase_winners (phase_id, grade_id, position);

    -- A frozen public board: students keep seeing the snapshot (per grade, as served) while the
    -- ranking continues underneath; revealing removes the freeze.
    CREATE TABLE board_freezes (
      phase_id uuid PRIMARY KEY REFERENCES phases (id) ON DELETE CASCADE,
      frozen_at timestamptz NOT NULL DEFAULT now(),
      frozen_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      snapshot jsonb NOT NULL DEFAULT '{}'
    );

    -- What the public boards show of a child (students are minors) and the home page announcement.
    CREATE TABLE public_display_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      name_style text NOT NULL DEFAULT 'FIRST_INITIAL'
        CHECK (name_style IN ('FULL', 'FIRST_INITIAL', 'STUDENT_NO')),
      show_school boolean NOT NULL DEFAULT true,
      show_city boolean NOT NULL DEFAULT true,
      announcement_title text NOT NULL DEFAULT '' CHECK (length(announcement_title) <= 120),
      announcement_body text NOT NULL DEFAULT '' CHECK (length(announcement_body) <= 2000),
      announcement_ends_at timestamptz,
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE public_display_settings, board_freezes, phase_winners, phase_qualifications,
      phase_cutoffs, phase_rankings, phase_standings;
  `.execute(db);
}
