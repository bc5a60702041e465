import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Answers scored so far: the scoring worker adds each answer's score to the play in one
    -- statement and finishes the play when every question is scored.
    ALTER TABLE plays ADD COLUMN scored_count integer NOT NULL DEFAULT 0 CHECK (scored_count >= 0);
    UPDATE plays p SET scored_count = (
      SELECT count(*) FROM play_answers a WHERE a.play_id = p.id AND a.is_correct IS NOT NULL
    );

    -- The deadline of an open contest play's current question (the served deadline, or the previous
    -- answer + the time limit while it was not fetched): the deadline sweep reads this index only.
    ALTER TABLE plays ADD COLUMN clock_deadline_at timestamptz;
    UPDATE plays p SET clock_deadline_at = coalesce(
      (SELECT pq.deadline_at FROM play_questions pq
        WHERE pq.play_id = p.id AND NOT EXISTS (
          SELECT 1 FROM play_answers a WHERE a.play_id = pq.play_id AND a.question_id = pq.question_id)
        ORDER BY pq.position LIMIT 1),
      coalesce((SELECT max(a.answered_at) FROM play_answers a WHERE a.play_id = p.id), p.started_at)
        + make_interval(secs => q.seconds_per_question))
    FROM quizzes q
    WHERE q.id = p.quiz_id AND p.status = 'IN_PROGRESS' AND p.kind = 'CONTEST';
    DROP INDEX plays_open_contest_idx;
    CREATE INDEX plays_contest_clock_idx ON plays (clock_deadline_at)
      WHERE status = 'IN_PROGRESS' AND kind = 'CONTEST';

    -- Contest day: every start would share-lock the same quiz, phase, grade and question rows
    -- through these foreign keys, and hundreds of simultaneous lockers make PostgreSQL build and
    -- rebuild MultiXacts (measured: 151 → 378 starts/s without them). The guard moves to the
    -- parent side: deleting a quiz, phase, grade or question a play used is refused by a trigger,
    -- with the same foreign_key_violation code, so the api's 409 "still in use" is unchanged.
    ALTER TABLE plays DROP CONSTRAINT plays_quiz_id_fkey;
    ALTER TABLE plays DROP CONSTRAINT plays_phase_id_fkey;
    ALTER TABLE plays DROP CONSTRAINT plays_grade_id_fkey;
    ALTER TABLE play_questions DROP CONSTRAINT play_questions_question_id_fkey;
    CREATE FUNCTION refuse_delete_if_played() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      used boolean;
    BEGIN
      IF TG_TABLE_NAME = 'questions' THEN
        SELECT EXISTS (SELECT 1 FROM play_questions WHERE question_id = OLD.id) INTO used;
      ELSE
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM plays WHERE %I = $1)', TG_ARGV[0]) INTO used USING OLD.id;
      END IF;
      IF used THEN
        RAISE EXCEPTION 'delete on % violates played-history protection', TG_TABLE_NAME
          USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN OLD;
    END $$;
    CREATE TRIGGER quizzes_played_guard BEFORE DELETE ON quizzes
      FOR EACH ROW EXECUTE FUNCTION refuse_delete_if_played('quiz_id');
    CREATE TRIGGER phases_played_guard BEFORE DELETE ON phases
      FOR EACH ROW EXECUTE FUNCTION refuse_delete_if_played('phase_id');
    CREATE TRIGGER grades_played_guard BEFORE DELETE ON grades
      FOR EACH ROW EXECUTE FUNCTION refuse_delete_if_played('grade_id');
    CREATE TRIGGER questions_played_guard BEFORE DELETE ON questions
      FOR EACH ROW EXECUTE FUNCTION refuse_delete_if_played();

    -- The scoring safety net looks for answers left unscored.
    CREATE INDEX play_answers_unscored_idx ON play_answers (answered_at) WHERE is_correct IS NULL;

    -- One open practice play per student and quiz (a double tap resumes it), as for contests.
    UPDATE plays SET status = 'CANCELLED'
    WHERE id IN (
      SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY student_id, quiz_id ORDER BY started_at DESC) AS n
        FROM plays WHERE kind = 'PRACTICE' AND status = 'IN_PROGRESS'
      ) open WHERE n > 1
    );
    CREATE UNIQUE INDEX plays_one_open_practice_key ON plays (student_id, quiz_id)
      WHERE kind = 'PRACTICE' AND status = 'IN_PROGRESS';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER questions_played_guard ON questions;
    DROP TRIGGER grades_played_guard ON grades;
    DROP TRIGGER phases_played_guard ON phases;
    DROP TRIGGER quizzes_played_guard ON quizzes;
    DROP FUNCTION refuse_delete_if_played();
    ALTER TABLE play_questions ADD CONSTRAINT play_questions_question_id_fkey
      FOREIGN KEY (question_id) REFERENCES questions (id) ON DELETE RESTRICT;
    ALTER TABLE plays ADD CONSTRAINT plays_grade_id_fkey FOREIGN KEY (grade_id) REFERENCES grades (id) ON DELETE RESTRICT;
    ALTER TABLE plays ADD CONSTRAINT plays_phase_id_fkey FOREIGN KEY (phase_id) REFERENCES phases (id) ON DELETE RESTRICT;
    ALTER TABLE plays ADD CONSTRAINT plays_quiz_id_fkey FOREIGN KEY (quiz_id) REFERENCES quizzes (id) ON DELETE RESTRICT;
    DROP INDEX plays_one_open_practice_key;
    DROP INDEX play_answers_unscored_idx;
    DROP INDEX plays_contest_clock_idx;
    CREATE INDEX plays_open_contest_idx ON plays (id) WHERE status = 'IN_PROGRESS' AND kind = 'CONTEST';
    ALTER TABLE plays DROP COLUMN clock_deadline_at;
    ALTER TABLE plays DROP COLUMN scored_count;
  `.execute(db);
}
