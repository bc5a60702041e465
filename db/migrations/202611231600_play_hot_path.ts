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
    DROP INDEX plays_one_open_practice_key;
    DROP INDEX play_answers_unscored_idx;
    DROP INDEX plays_contest_clock_idx;
    CREATE INDEX plays_open_contest_idx ON plays (id) WHERE status = 'IN_PROGRESS' AND kind = 'CONTEST';
    ALTER TABLE plays DROP COLUMN clock_deadline_at;
    ALTER TABLE plays DROP COLUMN scored_count;
  `.execute(db);
}
