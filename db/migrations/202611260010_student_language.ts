import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The language a student reads Riyazi in: interface, api messages, e-mails and Urdu questions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE students ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ur'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE students DROP COLUMN language;`.execute(db);
}
