// Ranking recompute on a phase with 100,000 finished contest plays across 8 grades (about three
// plays per student, so best-of matters), in its own database riyazi_bench (created and migrated
// when missing; its data is replaced on every run). Prints the cold rebuild, the median of 5
// rebuilds when nothing changed and when every rank shifts, and single-grade recomputes.
//
//   npx tsx loadtest/src/ranking-recompute.ts [--plays 100000] [--grades 8] [--runs 5]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
import { parseArgs } from 'node:util';
import { rebuildPhase, recomputeStandings } from '@riyazi/api/rankings';
import { type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
import { numberedStudents, openBenchDatabase, rowsOverGrades } from './bench-database.js';

const { values } = parseArgs({
  options: {
    plays: { type: 'string', default: '100000' },
    grades: { type: 'string', default: '8' },
    runs: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '2' },
  },
});
const PLAYS = Number(values.plays);
const GRADES = Number(values.grades);
const RUNS = Number(values.runs);
const CONCURRENCY = Number(values.concurrency);
const PLAYS_PER_STUDENT = 3;

/** Fresh bench data: 8 grades, one phase, ~33,000 students, the plays, and 30,000 practice plays beside them. */
async function seed(db: Db) {
  await sql`TRUNCATE plays, students, quizzes, phases, grades CASCADE`.execute(db);
  await sql`
    INSERT INTO grades (title, sort_order) SELECT 'Bench grade ' || g, 100 + g FROM generate_series(1, ${GRADES}) g
  `.execute(db);
  const phase = await db
    .insertInto('phases')
    .values({
      name: 'Bench phase',
      number: 1,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
      status: 'ACTIVE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('quizzes')
    .values({ title: 'Bench contest', kind: 'CONTEST', phaseId: phase.id })
    .execute();
  const students = Math.ceil(PLAYS / PLAYS_PER_STUDENT);
  await sql`
    INSERT INTO students (full_name, email, password_hash, grade_id, city, school_name)
    SELECT 'Bench Student' || i, 'bench' || i || '@bench.invalid', 'no-login', g.id, 'Lahore', 'School ' || (i % 300)
    ${rowsOverGrades(students, GRADES)}
  `.execute(db);
  // Play i belongs to student (i * 7919) mod N: about three each, spread over the table as on contest day.
  // Scores to two decimals over 0..15 tie often, so the time and finish tie-breaks do real work.
  await sql`
    ${numberedStudents}
    INSERT INTO plays (student_id, quiz_id, phase_id, grade_id, kind, status, question_count, score,
      total_time_ms, started_at, finished_at)
    SELECT s.id, q.id, q.phase_id, s.grade_id, k.kind, 'FINISHED', 15, round((random() * 15)::numeric, 2),
      (random() * 2700000)::bigint, now() - interval '3 hours', now() - random() * interval '2 hours'
    FROM (
      SELECT i, 'CONTEST' AS kind FROM generate_series(0, ${PLAYS - 1}) i
      UNION ALL SELECT i, 'PRACTICE' FROM generate_series(0, ${Math.round(PLAYS * 0.3) - 1}) i
    ) k
    JOIN s ON s.n = (k.i::bigint * 7919) % ${students}
    CROSS JOIN quizzes q
  `.execute(db);
  await sql`ANALYZE`.execute(db);
  return phase.id;
}

/** Every grade gets a new top play by its last-ranked student: every rank below moves one down. */
async function shiftEveryRank(db: Db, phaseId: string, topScore: number) {
  await sql`
    INSERT INTO plays (student_id, quiz_id, phase_id, grade_id, kind, status, question_count, score,
      total_time_ms, started_at, finished_at)
    SELECT DISTINCT ON (s.grade_id) s.student_id, q.id, s.phase_id, s.grade_id, 'CONTEST', 'FINISHED', 15,
      ${topScore}, 1000, now(), now()
    FROM phase_standings s CROSS JOIN quizzes q
    WHERE s.phase_id = ${phaseId}
    ORDER BY s.grade_id, s.rank DESC
  `.execute(db);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

async function main() {
  const db = await openBenchDatabase(CONCURRENCY + 2);
  try {
    await migrateToLatest(db);
    const [phaseId, seedMs] = await timed(() => seed(db));
    console.log(
      `seeded ${PLAYS} finished contest plays (+${Math.round(PLAYS * 0.3)} practice) in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const options = { concurrency: CONCURRENCY };

    const [cold, coldMs] = await timed(() => rebuildPhase(db, phaseId, options));
    const titles = new Map(
      (await db.selectFrom('grades').select(['id', 'title']).execute()).map((g) => [g.id, g.title]),
    );
    console.log(`\nper grade (cold rebuild, empty standings):`);
    for (const g of cold.grades) {
      const plays = await db
        .selectFrom('plays')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phaseId', '=', phaseId)
        .where('gradeId', '=', g.gradeId)
        .where('kind', '=', 'CONTEST')
        .executeTakeFirstOrThrow();
      console.log(
        `  ${titles.get(g.gradeId)?.padEnd(15)} ${String(plays.n).padStart(6)} plays  ${String(g.rankedCount).padStart(5)} ranked  ${g.durationMs} ms`,
      );
    }
    console.log(`cold rebuild: ${cold.ranked} students ranked in ${coldMs.toFixed(0)} ms`);

    const unchanged: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      unchanged.push((await timed(() => rebuildPhase(db, phaseId, options)))[1]);
    }
    const shifted: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await shiftEveryRank(db, phaseId, 15.5 + i);
      shifted.push((await timed(() => rebuildPhase(db, phaseId, options)))[1]);
    }
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log(
      `rebuildPhase x${RUNS}, nothing changed:   median ${median(unchanged).toFixed(0)} ms  (${fmt(unchanged)})`,
    );
    console.log(
      `rebuildPhase x${RUNS}, every rank shifts: median ${median(shifted).toFixed(0)} ms  (${fmt(shifted)})`,
    );

    const gradeId = cold.grades[0]!.gradeId;
    const [, sameMs] = await timed(() => recomputeStandings(db, phaseId, gradeId));
    await shiftEveryRank(db, phaseId, 99);
    const [shift, shiftMs] = await timed(() => recomputeStandings(db, phaseId, gradeId));
    console.log(
      `single grade (${shift.rankedCount} ranked): ${sameMs.toFixed(0)} ms unchanged, ${shiftMs.toFixed(0)} ms when every rank shifts (${shift.changed} rows written)`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
