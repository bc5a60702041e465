import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE grades (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 60),
      sort_order integer NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT grades_title_key UNIQUE (title),
      CONSTRAINT grades_sort_order_key UNIQUE (sort_order)
    );

    CREATE TABLE phases (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
      number integer NOT NULL CHECK (number BETWEEN 1 AND 20),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'UPCOMING' CHECK (status IN ('UPCOMING', 'ACTIVE', 'CLOSED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT phases_number_key UNIQUE (number),
      CONSTRAINT phases_window_check CHECK (ends_at > starts_at)
    );

    CREATE TABLE categories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX categories_name_key ON categories (lower(name));

    CREATE TABLE sub_categories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT sub_categories_id_category_key UNIQUE (id, category_id)
    );
    CREATE UNIQUE INDEX sub_categories_name_key ON sub_categories (category_id, lower(name));

    CREATE TABLE staff_roles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 60),
      is_super_admin boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX staff_roles_name_key ON staff_roles (lower(name));

    CREATE TABLE role_permissions (
      role_id uuid NOT NULL REFERENCES staff_roles (id) ON DELETE CASCADE,
      module text NOT NULL CHECK (module ~ '^[a-zA-Z]{2,40}$'),
      action text NOT NULL CHECK (action IN ('read', 'create', 'update', 'delete')),
      PRIMARY KEY (role_id, module, action)
    );

    CREATE TABLE staff_users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email ~ '^[^@\\s]+@[^@\\s]+$' AND length(email) <= 254),
      username text NOT NULL DEFAULT 'Admin' CHECK (length(btrim(username)) BETWEEN 1 AND 80),
      password_hash text NOT NULL,
      role_id uuid NOT NULL REFERENCES staff_roles (id) ON DELETE RESTRICT,
      is_active boolean NOT NULL DEFAULT true,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX staff_users_email_key ON staff_users (lower(email));

    CREATE TABLE students (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      student_no bigint GENERATED ALWAYS AS IDENTITY (START WITH 100001) UNIQUE,
      full_name text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 120),
      father_name text CHECK (length(father_name) <= 120),
      email text NOT NULL CHECK (email ~ '^[^@\\s]+@[^@\\s]+$' AND length(email) <= 254),
      password_hash text NOT NULL,
      phone text CHECK (phone ~ '^03[0-9]{9}$'),
      gender text CHECK (gender IN ('MALE', 'FEMALE', 'OTHER')),
      city text CHECK (length(city) <= 80),
      school_name text CHECK (length(school_name) <= 160),
      grade_id uuid REFERENCES grades (id) ON DELETE RESTRICT,
      referral_source text CHECK (length(referral_source) <= 40),
      short_description text CHECK (length(short_description) <= 120),
      is_active boolean NOT NULL DEFAULT true,
      email_verified boolean NOT NULL DEFAULT false,
      auto_email_verified boolean NOT NULL DEFAULT false,
      registered_through_bulk boolean NOT NULL DEFAULT false,
      contest_attempts integer NOT NULL DEFAULT 0 CHECK (contest_attempts >= 0),
      is_payment_made boolean NOT NULL DEFAULT false,
      code_entered boolean NOT NULL DEFAULT false,
      terms_accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX students_email_key ON students (lower(email));
    CREATE INDEX students_grade_idx ON students (grade_id);

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash bytea NOT NULL UNIQUE,
      audience text NOT NULL CHECK (audience IN ('student', 'staff')),
      student_id uuid REFERENCES students (id) ON DELETE CASCADE,
      staff_user_id uuid REFERENCES staff_users (id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      family_expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT refresh_tokens_owner_check CHECK (
        (audience = 'student' AND student_id IS NOT NULL AND staff_user_id IS NULL)
        OR (audience = 'staff' AND staff_user_id IS NOT NULL AND student_id IS NULL)
      ),
      CONSTRAINT refresh_tokens_expiry_check CHECK (expires_at <= family_expires_at)
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE questions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      question_no bigint GENERATED ALWAYS AS IDENTITY (START WITH 1001) UNIQUE,
      question_html text NOT NULL CHECK (length(question_html) BETWEEN 1 AND 20000),
      question_image text,
      type text NOT NULL DEFAULT 'MCQS' CHECK (type IN ('MCQS', 'OPEN_ENDED')),
      select_multiple boolean NOT NULL DEFAULT false,
      tag text NOT NULL CHECK (tag IN ('PRACTICE', 'CONTEST', 'BOTH')),
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE RESTRICT,
      category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
      sub_category_id uuid NOT NULL,
      score numeric(6, 2) NOT NULL DEFAULT 1 CHECK (score > 0),
      answer_hint_text text NOT NULL CHECK (length(answer_hint_text) BETWEEN 1 AND 20000),
      answer_hint_image text,
      answer_hint_video text,
      answer_hint_thumbnail text,
      accepted_answers text[] NOT NULL DEFAULT '{}',
      comments_internal text,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
      created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT questions_sub_category_fk FOREIGN KEY (sub_category_id, category_id)
        REFERENCES sub_categories (id, category_id) ON DELETE RESTRICT,
      CONSTRAINT questions_open_ended_answers_check CHECK (type <> 'OPEN_ENDED' OR cardinality(accepted_answers) > 0)
    );
    CREATE INDEX questions_draw_idx ON questions (grade_id, status, tag);

    CREATE TABLE question_options (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      question_id uuid NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 8),
      text_html text NOT NULL DEFAULT '' CHECK (length(text_html) <= 5000),
      image text,
      is_correct boolean NOT NULL DEFAULT false,
      CONSTRAINT question_options_position_key UNIQUE (question_id, position)
    );

    CREATE TABLE question_phases (
      question_id uuid NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE RESTRICT,
      PRIMARY KEY (question_id, phase_id)
    );
    CREATE INDEX question_phases_phase_idx ON question_phases (phase_id);

    CREATE TABLE quizzes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 160),
      kind text NOT NULL CHECK (kind IN ('PRACTICE', 'CONTEST')),
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE RESTRICT,
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE RESTRICT,
      question_count integer NOT NULL DEFAULT 15 CHECK (question_count BETWEEN 1 AND 100),
      seconds_per_question integer NOT NULL DEFAULT 180 CHECK (seconds_per_question BETWEEN 10 AND 3600),
      attempts_allowed integer NOT NULL DEFAULT 2 CHECK (attempts_allowed BETWEEN 1 AND 100),
      opens_at timestamptz,
      closes_at timestamptz,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT quizzes_window_check CHECK (opens_at IS NULL OR closes_at IS NULL OR closes_at > opens_at)
    );
    CREATE INDEX quizzes_grade_phase_idx ON quizzes (grade_id, phase_id, kind);

    CREATE TABLE plays (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE RESTRICT,
      quiz_id uuid NOT NULL REFERENCES quizzes (id) ON DELETE RESTRICT,
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE RESTRICT,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE RESTRICT,
      kind text NOT NULL CHECK (kind IN ('PRACTICE', 'CONTEST')),
      status text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (status IN ('IN_PROGRESS', 'FINISHED', 'CANCELLED')),
      question_count integer NOT NULL CHECK (question_count BETWEEN 1 AND 100),
      score numeric(10, 4) NOT NULL DEFAULT 0 CHECK (score >= 0),
      correct_count integer NOT NULL DEFAULT 0 CHECK (correct_count >= 0),
      total_time_ms bigint NOT NULL DEFAULT 0 CHECK (total_time_ms >= 0),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT plays_finished_check CHECK ((status = 'FINISHED') = (finished_at IS NOT NULL) OR status = 'CANCELLED')
    );
    CREATE INDEX plays_student_idx ON plays (student_id, kind, status);
    CREATE INDEX plays_ranking_idx ON plays (phase_id, grade_id, kind, status);
    CREATE UNIQUE INDEX plays_one_open_contest_key ON plays (student_id) WHERE kind = 'CONTEST' AND status = 'IN_PROGRESS';

    CREATE TABLE play_questions (
      play_id uuid NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position >= 0),
      question_id uuid NOT NULL REFERENCES questions (id) ON DELETE RESTRICT,
      option_order uuid[] NOT NULL DEFAULT '{}',
      served_at timestamptz,
      deadline_at timestamptz,
      PRIMARY KEY (play_id, position),
      CONSTRAINT play_questions_question_key UNIQUE (play_id, question_id),
      CONSTRAINT play_questions_deadline_check CHECK ((served_at IS NULL) = (deadline_at IS NULL))
    );

    CREATE TABLE play_answers (
      play_id uuid NOT NULL,
      question_id uuid NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('ANSWERED', 'NO_ANSWER')),
      selected_option_ids uuid[] NOT NULL DEFAULT '{}',
      answer_text text CHECK (length(answer_text) <= 200),
      answered_at timestamptz NOT NULL DEFAULT now(),
      time_taken_ms integer NOT NULL CHECK (time_taken_ms BETWEEN 0 AND 3600000),
      client_time_taken_ms integer,
      is_correct boolean,
      score numeric(8, 4),
      PRIMARY KEY (play_id, question_id),
      FOREIGN KEY (play_id, question_id) REFERENCES play_questions (play_id, question_id) ON DELETE CASCADE
    );

    CREATE TABLE outbox_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      type text NOT NULL CHECK (type ~ '^[a-z]+(\\.[a-z]+)+$'),
      payload jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      enqueued_at timestamptz,
      relay_attempts integer NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_events_pending_idx ON outbox_events (created_at) WHERE enqueued_at IS NULL;

    CREATE TABLE system_flags (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      flags jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(flags) = 'object'),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE flag_presets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
      flags jsonb NOT NULL CHECK (jsonb_typeof(flags) = 'object'),
      created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX flag_presets_name_key ON flag_presets (lower(name));

    CREATE TABLE background_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('STUDENT_EXPORT', 'STUDENT_BULK_UPLOAD')),
      status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      total_rows integer CHECK (total_rows >= 0),
      processed_rows integer NOT NULL DEFAULT 0 CHECK (processed_rows >= 0),
      requested_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      params jsonb NOT NULL DEFAULT '{}',
      result jsonb,
      error text,
      file_path text,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX background_jobs_requested_idx ON background_jobs (requested_by, created_at DESC);

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_type text NOT NULL CHECK (actor_type IN ('staff', 'student', 'system')),
      actor_id uuid,
      action text NOT NULL CHECK (action ~ '^[a-z]+(\\.[a-zA-Z]+)+$'),
      target_type text,
      target_id text,
      ip inet,
      details jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_log, background_jobs, flag_presets, system_flags, outbox_events, play_answers,
      play_questions, plays, quizzes, question_phases, question_options, questions, refresh_tokens,
      students, staff_users, role_permissions, staff_roles, sub_categories, categories, phases, grades;
  `.execute(db);
}
