import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The admin dashboard counts pending and approved students every few seconds on a contest day:
// an index on the status makes those counts index-only instead of reading every student.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX students_verification_idx ON students (verification_status);`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX students_verification_idx;`.execute(db);
}
