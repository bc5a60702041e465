import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// Site pages (terms, privacy, …) are versioned: publishing adds a row, old versions stay readable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE site_page_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      page_key text NOT NULL
        CHECK (page_key IN ('terms', 'privacy', 'refund', 'about', 'contact', 'sponsor', 'practiceQuizInfo')),
      version integer NOT NULL CHECK (version >= 1),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      -- Sanitised rich text (the question editor's allowlist).
      body_html text NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now(),
      published_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      UNIQUE (page_key, version)
    );
  `.execute(db);
  // Which versions the family accepted at sign-up (null for children who signed up before versions).
  await sql`ALTER TABLE students ADD COLUMN terms_version integer, ADD COLUMN privacy_version integer;`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE students DROP COLUMN terms_version, DROP COLUMN privacy_version;`.execute(db);
  await sql`DROP TABLE site_page_versions;`.execute(db);
}
