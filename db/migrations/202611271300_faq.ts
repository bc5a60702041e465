import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The public FAQ: groups in order, each with its questions in order; only published answers are public.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE faq_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      position integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
  await sql`
    CREATE TABLE faq_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- RESTRICT: a group with questions is emptied first, so no answer is lost by accident.
      group_id uuid NOT NULL REFERENCES faq_groups (id) ON DELETE RESTRICT,
      question text NOT NULL CHECK (length(question) BETWEEN 1 AND 300),
      -- Sanitised rich text (the question editor's allowlist).
      answer_html text NOT NULL,
      position integer NOT NULL,
      is_published boolean NOT NULL DEFAULT false,
      created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
  await sql`CREATE INDEX faq_entries_group_position ON faq_entries (group_id, position);`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE faq_entries;`.execute(db);
  await sql`DROP TABLE faq_groups;`.execute(db);
}
