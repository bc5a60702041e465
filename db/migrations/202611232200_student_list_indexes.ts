import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The admin students list: newest sign-ups first, and the "contains" and city filters (see
// loadtest/src/students-list.ts for the figures they were chosen by).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    -- Room on each page so the contest start's attempt update stays a HOT update (no entry in any
    -- of these indexes): contest_attempts itself is never indexed.
    ALTER TABLE students SET (fillfactor = 90);
    CREATE INDEX students_created_idx ON students (created_at DESC, id DESC);
    CREATE INDEX students_city_idx ON students (lower(city));
    CREATE INDEX students_full_name_trgm_idx ON students USING gin (full_name gin_trgm_ops);
    CREATE INDEX students_father_name_trgm_idx ON students USING gin (father_name gin_trgm_ops);
    CREATE INDEX students_email_trgm_idx ON students USING gin (email gin_trgm_ops);
    CREATE INDEX students_school_name_trgm_idx ON students USING gin (school_name gin_trgm_ops);
    CREATE INDEX students_phone_trgm_idx ON students USING gin (phone gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE students RESET (fillfactor);
    DROP INDEX students_phone_trgm_idx, students_school_name_trgm_idx, students_email_trgm_idx,
      students_father_name_trgm_idx, students_full_name_trgm_idx, students_city_idx, students_created_idx;
  `.execute(db);
}
