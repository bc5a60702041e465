import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A quiz may serve several grades; each student draws from the questions of their own grade.
    CREATE TABLE quiz_grades (
      quiz_id uuid NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE RESTRICT,
      PRIMARY KEY (quiz_id, grade_id)
    );
    CREATE INDEX quiz_grades_grade_idx ON quiz_grades (grade_id);
    INSERT INTO quiz_grades (quiz_id, grade_id) SELECT id, grade_id FROM quizzes;
    DROP INDEX quizzes_grade_phase_idx;
    ALTER TABLE quizzes DROP COLUMN grade_id;
    CREATE INDEX quizzes_phase_kind_idx ON quizzes (phase_id, kind);

    -- The pool: RULES draws per rule (category / sub category mix, a count each) from the eligible
    -- questions; QUESTIONS draws from a hand-picked list.
    ALTER TABLE quizzes
      ADD COLUMN pool_mode text NOT NULL DEFAULT 'RULES' CHECK (pool_mode IN ('RULES', 'QUESTIONS'));

    CREATE TABLE quiz_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quiz_id uuid NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 50),
      category_id uuid REFERENCES categories (id) ON DELETE RESTRICT,
      sub_category_id uuid,
      question_count integer NOT NULL CHECK (question_count BETWEEN 1 AND 100),
      CONSTRAINT quiz_rules_position_key UNIQUE (quiz_id, position),
      CONSTRAINT quiz_rules_sub_category_fk FOREIGN KEY (sub_category_id, category_id)
        REFERENCES sub_categories (id, category_id) ON DELETE RESTRICT,
      CONSTRAINT quiz_rules_sub_needs_category_check CHECK (sub_category_id IS NULL OR category_id IS NOT NULL)
    );
    CREATE INDEX quiz_rules_category_idx ON quiz_rules (category_id);
    CREATE INDEX quiz_rules_sub_category_idx ON quiz_rules (sub_category_id);
    -- Quizzes made before pools: one rule, any category, the whole attempt.
    INSERT INTO quiz_rules (quiz_id, position, question_count) SELECT id, 1, question_count FROM quizzes;

    CREATE TABLE quiz_questions (
      quiz_id uuid NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
      question_id uuid NOT NULL REFERENCES questions (id) ON DELETE RESTRICT,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 2000),
      PRIMARY KEY (quiz_id, question_id),
      CONSTRAINT quiz_questions_position_key UNIQUE (quiz_id, position)
    );
    CREATE INDEX quiz_questions_question_idx ON quiz_questions (question_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE quizzes ADD COLUMN grade_id uuid REFERENCES grades (id) ON DELETE RESTRICT;
    UPDATE quizzes SET grade_id = (SELECT min(grade_id::text)::uuid FROM quiz_grades g WHERE g.quiz_id = quizzes.id);
    DELETE FROM quizzes WHERE grade_id IS NULL;
    ALTER TABLE quizzes ALTER COLUMN grade_id SET NOT NULL;
    DROP INDEX quizzes_phase_kind_idx;
    CREATE INDEX quizzes_grade_phase_idx ON quizzes (grade_id, phase_id, kind);
    DROP TABLE quiz_questions, quiz_rules, quiz_grades;
    ALTER TABLE quizzes DROP COLUMN pool_mode;
  `.execute(db);
}
