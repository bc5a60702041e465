import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Actions are named module.verb, and module names are camelCase (studentVerification.approve).
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check,
      ADD CONSTRAINT audit_log_action_check CHECK (action ~ '^[a-z][a-zA-Z]*(\\.[a-zA-Z]+)+$');

    ALTER TABLE students
      ADD COLUMN pending_email text CHECK (pending_email ~ '^[^@\\s]+@[^@\\s]+$' AND length(pending_email) <= 254),
      ADD COLUMN verification_status text NOT NULL DEFAULT 'NOT_SUBMITTED'
        CHECK (verification_status IN ('NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED')),
      ADD COLUMN verification_reason text CHECK (length(verification_reason) <= 500),
      ADD COLUMN verified_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      ADD COLUMN verified_at timestamptz,
      ADD COLUMN password_changed_at timestamptz;

    -- Single-use, expiring tokens sent by e-mail (verification, password reset), stored hashed.
    CREATE TABLE account_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash bytea NOT NULL UNIQUE,
      purpose text NOT NULL CHECK (purpose IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
      audience text NOT NULL CHECK (audience IN ('student', 'staff')),
      student_id uuid REFERENCES students (id) ON DELETE CASCADE,
      staff_user_id uuid REFERENCES staff_users (id) ON DELETE CASCADE,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT account_tokens_owner_check CHECK (
        (audience = 'student' AND student_id IS NOT NULL AND staff_user_id IS NULL)
        OR (audience = 'staff' AND staff_user_id IS NOT NULL AND student_id IS NULL)
      )
    );
    CREATE INDEX account_tokens_student_idx ON account_tokens (student_id, purpose);
    CREATE INDEX account_tokens_staff_idx ON account_tokens (staff_user_id, purpose);

    CREATE TABLE student_documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('SCHOOL_ID', 'B_FORM')),
      storage_key text NOT NULL UNIQUE,
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
      original_name text CHECK (length(original_name) <= 200),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'REPLACED')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX student_documents_student_idx ON student_documents (student_id, created_at DESC);

    -- One row: the SMTP relay. The password is AES-GCM encrypted with ENCRYPTION_KEY, never returned.
    CREATE TABLE smtp_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      host text NOT NULL CHECK (length(host) BETWEEN 1 AND 253),
      port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
      secure boolean NOT NULL DEFAULT false,
      username text CHECK (length(username) <= 254),
      password_encrypted text,
      from_name text NOT NULL DEFAULT 'Riyazi' CHECK (length(from_name) BETWEEN 1 AND 120),
      from_email text NOT NULL CHECK (from_email ~ '^[^@\\s]+@[^@\\s]+$'),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Every e-mail the platform sends: the mail worker delivers it, retries, and records the outcome.
    CREATE TABLE mail_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      template text NOT NULL CHECK (template ~ '^[a-z][a-zA-Z]+$'),
      to_email text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX mail_messages_created_idx ON mail_messages (created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check,
      ADD CONSTRAINT audit_log_action_check CHECK (action ~ '^[a-z]+(\\.[a-zA-Z]+)+$');
    DROP TABLE mail_messages, smtp_settings, student_documents, account_tokens;
    ALTER TABLE students DROP COLUMN pending_email, DROP COLUMN verification_status,
      DROP COLUMN verification_reason, DROP COLUMN verified_by, DROP COLUMN verified_at,
      DROP COLUMN password_changed_at;
  `.execute(db);
}
