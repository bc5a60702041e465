import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// Certificates revoked and re-issued (#30). A revoked certificate keeps its row and code (the public
// page says it was revoked and when); `revoked_by` is the staff member, NULL when the app revoked it
// (a disqualification or a removed winner, in the same transaction). A re-issue is a new row with a
// new code that names the one it replaces; so one student holds at most one unrevoked certificate
// per phase and level, and any number of revoked ones.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE certificates
      ADD COLUMN revoked_at timestamptz,
      ADD COLUMN revoked_reason text CHECK (revoked_reason IS NULL OR length(revoked_reason) BETWEEN 1 AND 500),
      ADD COLUMN revoked_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      ADD COLUMN replaces_id uuid REFERENCES certificates (id) ON DELETE SET NULL,
      ADD CONSTRAINT certificates_revoked_check CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL)),
      DROP CONSTRAINT certificates_student_id_phase_id_kind_key;
    CREATE UNIQUE INDEX certificates_held_idx ON certificates (student_id, phase_id, kind) WHERE revoked_at IS NULL;
    CREATE INDEX certificates_student_idx ON certificates (student_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM certificates WHERE revoked_at IS NOT NULL;
    DROP INDEX certificates_student_idx;
    DROP INDEX certificates_held_idx;
    ALTER TABLE certificates
      DROP CONSTRAINT certificates_revoked_check,
      DROP COLUMN replaces_id,
      DROP COLUMN revoked_by,
      DROP COLUMN revoked_reason,
      DROP COLUMN revoked_at,
      ADD CONSTRAINT certificates_student_id_phase_id_kind_key UNIQUE (student_id, phase_id, kind);
  `.execute(db);
}
