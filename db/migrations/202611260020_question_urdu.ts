import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// An optional Urdu text beside the English one: stem, hint and each option. Null means "none"
// (the English one is shown instead).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE questions
      ADD COLUMN question_html_ur text CHECK (length(question_html_ur) BETWEEN 1 AND 20000),
      ADD COLUMN answer_hint_text_ur text CHECK (length(answer_hint_text_ur) BETWEEN 1 AND 20000);
    ALTER TABLE question_options
      ADD COLUMN text_html_ur text CHECK (length(text_html_ur) BETWEEN 1 AND 5000);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE question_options DROP COLUMN text_html_ur;
    ALTER TABLE questions DROP COLUMN question_html_ur, DROP COLUMN answer_hint_text_ur;
  `.execute(db);
}
