// The quiz performance report (GET /api/reports/quiz-performance) on a contest's volume: 100,000
// finished plays of 15 answers each (1.5 million play_answers) in a scratch database of its own,
// riyazi_bench_quiz_performance (created, migrated and seeded with INSERT … SELECT generate_series
// when missing; --reseed replaces its data). The seeded plays are then counted into the per-question
// figures as the workers would count them as they finish (timed: that is the workers' catch-up).
// Then the report's queries (the service the route calls,
// without HTTP) run --runs times after one warm-up, for one quiz with no other filter and for
// quiz + grade; prints median and p95. Target: median under 500 ms.
//
//   npx tsx loadtest/src/quiz-performance-bench.ts [--plays 100000] [--runs 20] [--reseed]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server
// (bench-database.ts).
import { parseArgs } from 'node:util';
import { countFinishedPlays, quizPerformance } from '@riyazi/api/quiz-performance';
import { type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
import { numberedStudents, openBenchDatabase, rowsOverGrades } from './bench-database.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: {
    plays: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    reseed: { type: 'boolean', default: false },
  },
});
const PLAYS = Number(values.plays);
const RUNS = Number(values.runs);
const QUESTIONS = 15;
const GRADES = 8;
const TARGET_MEDIAN_MS = 500;
const BENCH_DB = 'riyazi_bench_quiz_performance';

/** One contest quiz of 15 questions over 8 grades; PLAYS finished plays, students playing 1–3 times. */
async function seed(db: Db) {
  await sql`TRUNCATE plays, students, quizzes, questions, sub_categories, categories, phases, grades CASCADE`.execute(
    db,
  );
  await sql`INSERT INTO grades (title, sort_order) SELECT 'Bench grade ' || g, 100 + g FROM generate_series(1, ${GRADES}) g`.execute(
    db,
  );
  await sql`
    INSERT INTO phases (name, number, starts_at, ends_at)
    VALUES ('Bench phase 1', 1, now() - interval '10 days', now() + interval '10 days')
  `.execute(db);
  await sql`INSERT INTO categories (name) VALUES ('Bench numbers')`.execute(db);
  await sql`INSERT INTO sub_categories (category_id, name) SELECT id, 'Bench sums' FROM categories`.execute(
    db,
  );
  await sql`
    INSERT INTO questions (grade_id, category_id, sub_category_id, question_html, answer_hint_text, tag, type,
      accepted_answers)
    SELECT (SELECT id FROM grades ORDER BY sort_order LIMIT 1), c.id, s.id, '<p>Bench question ' || n || '</p>', 'Hint',
      'CONTEST', 'OPEN_ENDED', ARRAY[n::text]
    FROM generate_series(1, ${QUESTIONS}) n, categories c JOIN sub_categories s ON s.category_id = c.id
  `.execute(db);
  await sql`INSERT INTO quizzes (title, kind, phase_id) SELECT 'Bench contest', 'CONTEST', id FROM phases`.execute(
    db,
  );
  const students = Math.ceil(PLAYS / 2);
  await sql`
    INSERT INTO students (full_name, email, password_hash, grade_id)
    SELECT 'Bench Student ' || i, 'qp-bench' || i || '@bench.invalid', 'no-login', g.id
    ${rowsOverGrades(students, GRADES)}
  `.execute(db);
  // Play i belongs to student (i * 7919) mod N: about two each, some one, some three or more; score,
  // counts and time stay 0 until the answers below are summed into them.
  await sql`
    ${numberedStudents}
    INSERT INTO plays (student_id, quiz_id, phase_id, grade_id, kind, status, question_count, started_at, finished_at)
    SELECT s.id, q.id, q.phase_id, s.grade_id, 'CONTEST', 'FINISHED', ${QUESTIONS},
      now() - (i % 7) * interval '1 day' - interval '1 hour', now() - (i % 7) * interval '1 day'
    FROM generate_series(0, ${PLAYS - 1}) i
    JOIN s ON s.n = (i::bigint * 7919) % ${students}
    CROSS JOIN (SELECT id, phase_id FROM quizzes LIMIT 1) q
  `.execute(db);
  await sql`
    WITH qs AS (SELECT id, row_number() OVER (ORDER BY question_no) AS n FROM questions)
    INSERT INTO play_questions (play_id, position, question_id, served_at, deadline_at)
    SELECT p.id, qs.n - 1, qs.id, p.started_at, p.started_at + interval '180 seconds' FROM plays p CROSS JOIN qs
  `.execute(db);
  // Question n is answered correctly with probability about 1 - n/16: a spread of easy to hard.
  await sql`
    WITH qs AS (SELECT id, row_number() OVER (ORDER BY question_no) AS n FROM questions)
    INSERT INTO play_answers (play_id, question_id, outcome, answer_text, time_taken_ms, is_correct, score, scored_at)
    SELECT p.id, qs.id, 'ANSWERED', 'x', 2000 + (random() * 60000)::int, c.ok, CASE WHEN c.ok THEN 1 ELSE 0 END,
      p.finished_at
    FROM plays p CROSS JOIN qs CROSS JOIN LATERAL (SELECT random() > qs.n / 16.0 AS ok) c
  `.execute(db);
  await sql`
    UPDATE plays p SET correct_count = a.correct, score = a.correct, total_time_ms = a.time
    FROM (SELECT play_id, count(*) FILTER (WHERE is_correct)::int AS correct, sum(time_taken_ms)::int AS time
          FROM play_answers GROUP BY play_id) a
    WHERE a.play_id = p.id
  `.execute(db);
  await sql`ANALYZE`.execute(db);
}

async function time(db: Db, label: string, filter: Parameters<typeof quizPerformance>[1]) {
  await quizPerformance(db, filter);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await quizPerformance(db, filter);
    samples.push(performance.now() - started);
  }
  const s = summarize(samples);
  console.log(`${label}: median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms (${RUNS} runs)`);
  return s;
}

async function main() {
  const db = await openBenchDatabase(4, BENCH_DB);
  try {
    await migrateToLatest(db);
    const have = await sql<{ plays: number; answers: number }>`
      SELECT (SELECT count(*) FROM plays WHERE status = 'FINISHED')::int AS plays,
        (SELECT count(*) FROM play_answers)::int AS answers
    `.execute(db);
    const seeded = have.rows[0]?.plays === PLAYS && have.rows[0]?.answers === PLAYS * QUESTIONS;
    if (values.reseed || !seeded) {
      const started = performance.now();
      await seed(db);
      console.log(`seeded ${PLAYS} finished plays in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const counting = performance.now();
    const counted = await countFinishedPlays(db);
    console.log(
      `counted ${counted} finished plays into quiz_question_stats in ${(performance.now() - counting).toFixed(0)} ms (the workers' catch-up)`,
    );
    // As autovacuum would after the catch-up updated every play.
    await sql`VACUUM ANALYZE plays, quiz_question_stats`.execute(db);
    const counts = await sql<{ plays: number; answers: number }>`
      SELECT (SELECT count(*) FROM plays)::int AS plays, (SELECT count(*) FROM play_answers)::int AS answers
    `.execute(db);
    console.log(`plays ${counts.rows[0]?.plays}, play_answers ${counts.rows[0]?.answers}`);
    const quiz = await sql<{ id: string }>`SELECT id FROM quizzes LIMIT 1`.execute(db);
    const grade = await sql<{ id: string }>`SELECT id FROM grades ORDER BY sort_order LIMIT 1`.execute(db);
    const quizId = quiz.rows[0]?.id;
    const whole = await time(db, 'one quiz, all grades', { quizId, format: 'json' });
    await time(db, 'one quiz, one grade', { quizId, gradeId: grade.rows[0]?.id, format: 'json' });
    console.log(
      whole.median < TARGET_MEDIAN_MS
        ? `OK: median under ${TARGET_MEDIAN_MS} ms`
        : `SLOW: median ${whole.median.toFixed(0)} ms, target ${TARGET_MEDIAN_MS} ms`,
    );
  } finally {
    await db.destroy();
  }
}

await main();
