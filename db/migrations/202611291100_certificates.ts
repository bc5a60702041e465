import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// Certificates (#21). One row per student, phase and level (participant, qualifier, winner), with
// what is printed on it frozen at issue (name, grade, phase title, rank) so a later rename never
// changes a certificate already handed out. `code` is what the QR and the public verification page
// use: 10 characters of Crockford base32 (50 random bits). A phase-wide run is a background_jobs row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE background_jobs DROP CONSTRAINT background_jobs_kind_check;
    ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_kind_check
      CHECK (kind IN ('STUDENT_EXPORT', 'STUDENT_BULK_UPLOAD', 'CERTIFICATE_RUN'));

    CREATE TABLE certificates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{10}$'),
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('PARTICIPANT', 'QUALIFIER', 'WINNER')),
      rank integer CHECK (rank IS NULL OR rank > 0),
      printed_name text NOT NULL,
      printed_grade text NOT NULL,
      printed_phase text NOT NULL,
      issued_at timestamptz NOT NULL DEFAULT now(),
      run_id uuid REFERENCES background_jobs (id) ON DELETE SET NULL,
      file_key_en text,
      file_key_ur text,
      emailed_at timestamptz,
      UNIQUE (student_id, phase_id, kind)
    );
    CREATE INDEX certificates_phase_idx ON certificates (phase_id, id);
    CREATE INDEX certificates_pending_files_idx ON certificates (phase_id, id) WHERE file_key_en IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE certificates;
    DELETE FROM background_jobs WHERE kind = 'CERTIFICATE_RUN';
    ALTER TABLE background_jobs DROP CONSTRAINT background_jobs_kind_check;
    ALTER TABLE background_jobs ADD CONSTRAINT background_jobs_kind_check
      CHECK (kind IN ('STUDENT_EXPORT', 'STUDENT_BULK_UPLOAD'));
  `.execute(db);
}
