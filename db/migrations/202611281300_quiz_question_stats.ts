import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The quiz performance report's per-question figures read these counts instead of every answer of
// every finished play (1.5 M answers at 100,000 plays: 535 ms). A finished play is counted once,
// off the answer path (plays.question_stats_at says when). add_question_stats is the one place the
// counts are worked out: the catch-up adds plays (+1), a rescore takes its play off and adds it
// back, and deleting a counted play takes it off (its answers still exist before the delete).
// phase_id is NOT NULL on plays, so a primary key is the unique key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE quiz_question_stats (
      quiz_id uuid NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
      phase_id uuid NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
      grade_id uuid NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
      question_id uuid NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
      answers integer NOT NULL,
      correct integer NOT NULL,
      answered integer NOT NULL,
      time_sum_ms bigint NOT NULL,
      PRIMARY KEY (quiz_id, phase_id, grade_id, question_id)
    );
    ALTER TABLE plays ADD COLUMN question_stats_at timestamptz;
    CREATE INDEX plays_question_stats_due_idx ON plays (id) WHERE status = 'FINISHED' AND question_stats_at IS NULL;

    -- Rows in key order: two passes upserting the same rows lock them in the same order.
    CREATE FUNCTION add_question_stats(play_ids uuid[], direction integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO quiz_question_stats AS s (quiz_id, phase_id, grade_id, question_id, answers, correct, answered,
        time_sum_ms)
      SELECT p.quiz_id, p.phase_id, p.grade_id, a.question_id, direction * count(*),
        direction * count(*) FILTER (WHERE a.is_correct),
        direction * count(*) FILTER (WHERE a.outcome = 'ANSWERED'),
        direction * coalesce(sum(a.time_taken_ms) FILTER (WHERE a.outcome = 'ANSWERED'), 0)
      FROM plays p JOIN play_answers a ON a.play_id = p.id
      WHERE p.id = ANY (play_ids)
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (quiz_id, phase_id, grade_id, question_id) DO UPDATE SET
        answers = s.answers + excluded.answers,
        correct = s.correct + excluded.correct,
        answered = s.answered + excluded.answered,
        time_sum_ms = s.time_sum_ms + excluded.time_sum_ms;
    $$;

    CREATE FUNCTION take_off_question_stats() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_question_stats(ARRAY[OLD.id], -1);
      RETURN OLD;
    END $$;
    CREATE TRIGGER plays_question_stats_delete BEFORE DELETE ON plays
      FOR EACH ROW WHEN (OLD.question_stats_at IS NOT NULL) EXECUTE FUNCTION take_off_question_stats();

    UPDATE plays SET question_stats_at = now() WHERE status = 'FINISHED';
    SELECT add_question_stats(array(SELECT id FROM plays WHERE question_stats_at IS NOT NULL), 1);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER plays_question_stats_delete ON plays;
    DROP FUNCTION take_off_question_stats();
    DROP FUNCTION add_question_stats(uuid[], integer);
    DROP INDEX plays_question_stats_due_idx;
    ALTER TABLE plays DROP COLUMN question_stats_at;
    DROP TABLE quiz_question_stats;
  `.execute(db);
}
