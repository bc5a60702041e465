import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// A session is one refresh family (its id is the access token's `sid`). Revoking it, or raising
// the account's session_version (the token's `ver`), ends its access tokens as well as its refresh
// tokens. Families issued before this migration become sessions of version 1.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE students ADD COLUMN session_version integer NOT NULL DEFAULT 1;
    ALTER TABLE staff_users ADD COLUMN session_version integer NOT NULL DEFAULT 1;

    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      audience text NOT NULL CHECK (audience IN ('student', 'staff')),
      student_id uuid REFERENCES students (id) ON DELETE CASCADE,
      staff_user_id uuid REFERENCES staff_users (id) ON DELETE CASCADE,
      -- The owner's session_version when the session began: older ones are over.
      account_version integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      CONSTRAINT sessions_owner_check CHECK (
        (audience = 'student' AND student_id IS NOT NULL AND staff_user_id IS NULL)
        OR (audience = 'staff' AND staff_user_id IS NOT NULL AND student_id IS NULL)
      )
    );
    CREATE INDEX sessions_student_idx ON sessions (student_id) WHERE student_id IS NOT NULL;
    CREATE INDEX sessions_staff_user_idx ON sessions (staff_user_id) WHERE staff_user_id IS NOT NULL;

    INSERT INTO sessions (id, audience, student_id, staff_user_id, account_version, created_at, revoked_at)
    SELECT family_id, min(audience), (array_agg(student_id))[1], (array_agg(staff_user_id))[1], 1,
      min(created_at), CASE WHEN bool_or(revoked_at IS NOT NULL) THEN max(revoked_at) END
    FROM refresh_tokens GROUP BY family_id;

    ALTER TABLE refresh_tokens
      ADD CONSTRAINT refresh_tokens_family_fkey FOREIGN KEY (family_id) REFERENCES sessions (id) ON DELETE CASCADE,
      DROP COLUMN revoked_at;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE refresh_tokens ADD COLUMN revoked_at timestamptz;
    UPDATE refresh_tokens r SET revoked_at = s.revoked_at FROM sessions s WHERE s.id = r.family_id;
    ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_family_fkey;
    DROP TABLE sessions;
    ALTER TABLE staff_users DROP COLUMN session_version;
    ALTER TABLE students DROP COLUMN session_version;
  `.execute(db);
}
