// The phase-wide certificate run on a contest's volume, measured on the real thing: the workers
// bundled as `npm start` runs them (node workers/dist/main.mjs), the run enqueued on BullMQ as the
// api does ('certificates.run' on the exports queue), every certificate drawn in English and Urdu,
// written to disk storage and e-mailed through the mail queue (no SMTP here: the mail worker logs
// them, as it does in development, in the same process while the run goes on).
//
// Database riyazi_bench_certificates (created, migrated and seeded when missing; --reseed replaces
// its data): 8 grades, --students students (a quarter with Urdu names, a third reading Urdu) who
// each finished the qualifier (phase 1); the top tenth of each grade qualified and finished the
// final (phase 2), whose top 3 per grade are its winners.
//
// Prints, in one run: drawing alone (one student's two PDFs in this process, median of 200), the
// workers' idle RSS, then for the final (about a tenth of the students: the baseline size) and the
// qualifier (every student): time from enqueue to SUCCEEDED, certificates per second, the
// workers' peak RSS sampled from /proc every 50 ms, and the ratios (time per certificate against
// drawing alone; the qualifier's peak against the final's, which stays flat when memory is bounded
// by the batch, not the phase; the workers' RSS still rises with the phase's e-mails, sent by the
// same process meanwhile, and V8's lazy collection, which is why the drawing's own heap is measured
// after a full collection too). Target: 10,000 students under 10 minutes, peak RSS under 300 MB.
//
//   npx tsx loadtest/src/certificates-bench.ts [--students 10000] [--reseed]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
// REDIS_URL (default redis://127.0.0.1:6379) the Redis, used under a prefix of this run's own.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { renderCertificatePdf } from '@riyazi/api/certificates';
import { closeQueues, createQueues, enqueue } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
// @ts-expect-error: a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';
import { openBenchDatabase, redisUrl } from './bench-database.js';
import { rssMb, startBundledWorkers, stopChild } from './bundled-process.js';
import { deleteRedisPrefix } from './run-resources.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: { students: { type: 'string', default: '10000' }, reseed: { type: 'boolean', default: false } },
});
const STUDENTS = Number(values.students);
const GRADES = 8;
const WINNERS_PER_GRADE = 3;
const TARGET_MS = 10 * 60_000;
const TARGET_MB = 300;
const BENCH_DB = 'riyazi_bench_certificates';
const PUBLIC_URL = 'https://riyazi.example.pk';
const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
})();

const URDU_NAMES = ['عائشہ خان', 'محمد علی رضا', 'فاطمہ زہرا', 'عبداللہ ملک', 'زینب بتول', 'حسن عسکری'];
const LATIN_NAMES = ['Ayesha Siddiqui', 'Muhammad Hamza Qureshi', 'Zainab Tariq', 'Ali Raza', 'Hira Baig'];

/** Finished plays of phase `number` by `who` (a query of student ids and grades), ranked per grade. */
async function playPhase(db: Db, phaseNumber: number, who: ReturnType<typeof sql>) {
  await sql`
    INSERT INTO plays (student_id, quiz_id, phase_id, grade_id, kind, status, question_count, started_at,
      finished_at, correct_count, score, total_time_ms)
    SELECT w.student_id, q.id, q.phase_id, w.grade_id, 'CONTEST', 'FINISHED', 15, ph.ends_at - interval '2 hours',
      ph.ends_at - interval '1 hour', c.correct, c.correct, 60000 + (random() * 2000000)::int
    FROM (${who}) w
    JOIN phases ph ON ph.number = ${phaseNumber}
    JOIN quizzes q ON q.phase_id = ph.id
    CROSS JOIN LATERAL (SELECT (random() * 15)::int AS correct WHERE w.student_id IS NOT NULL) c
  `.execute(db);
  await sql`
    INSERT INTO phase_standings (phase_id, grade_id, student_id, play_id, score, total_time_ms, finished_at, rank)
    SELECT p.phase_id, p.grade_id, p.student_id, p.id, p.score, p.total_time_ms, p.finished_at,
      row_number() OVER (PARTITION BY p.grade_id ORDER BY p.score DESC, p.total_time_ms, p.id)
    FROM plays p JOIN phases ph ON ph.id = p.phase_id AND ph.number = ${phaseNumber}
  `.execute(db);
}

async function seed(db: Db) {
  await sql`TRUNCATE certificates, phase_winners, phase_qualifications, phase_standings, plays, students, quizzes,
    phases, grades, background_jobs, outbox_events, mail_messages CASCADE`.execute(db);
  await sql`INSERT INTO grades (title, sort_order) SELECT 'Grade ' || (g + 1), g FROM generate_series(1, ${GRADES}) g`.execute(
    db,
  );
  await sql`
    INSERT INTO phases (name, number, starts_at, ends_at) VALUES
      ('Qualifier', 1, now() - interval '30 days', now() - interval '20 days'),
      ('Final', 2, now() - interval '10 days', now() - interval '2 days')
  `.execute(db);
  await sql`INSERT INTO quizzes (title, kind, phase_id) SELECT name || ' contest', 'CONTEST', id FROM phases`.execute(
    db,
  );
  await sql`
    INSERT INTO students (full_name, email, password_hash, grade_id, language)
    SELECT CASE WHEN i % 4 = 0 THEN (${URDU_NAMES}::text[])[1 + i % ${URDU_NAMES.length}]
      ELSE (${LATIN_NAMES}::text[])[1 + i % ${LATIN_NAMES.length}] END,
      'cert-bench-' || i || '@bench.invalid', 'no-login',
      (SELECT id FROM grades ORDER BY sort_order OFFSET (i % ${GRADES}) LIMIT 1),
      CASE WHEN i % 3 = 0 THEN 'ur' ELSE 'en' END
    FROM generate_series(0, ${STUDENTS - 1}) i
  `.execute(db);
  await playPhase(db, 1, sql`SELECT id AS student_id, grade_id FROM students`);
  await sql`
    INSERT INTO phase_qualifications (phase_id, grade_id, student_id, rank)
    SELECT (SELECT id FROM phases WHERE number = 2), s.grade_id, s.student_id, s.rank
    FROM phase_standings s JOIN phases ph ON ph.id = s.phase_id AND ph.number = 1
    WHERE s.rank <= ${Math.max(1, Math.round(STUDENTS / GRADES / 10))}
  `.execute(db);
  await playPhase(db, 2, sql`SELECT student_id, grade_id FROM phase_qualifications`);
  await sql`
    INSERT INTO phase_winners (phase_id, grade_id, student_id, position, score, method)
    SELECT s.phase_id, s.grade_id, s.student_id, s.rank, s.score, 'AUTOMATIC'
    FROM phase_standings s JOIN phases ph ON ph.id = s.phase_id AND ph.number = 2
    WHERE s.rank <= ${WINNERS_PER_GRADE}
  `.execute(db);
  await sql`ANALYZE`.execute(db);
}

/**
 * Drawing alone: one student's English and Urdu PDFs in this process, median of `runs`; and the
 * heap after a full collection before and after `runs` × 10 more students (a leak in the drawing
 * would grow it with the phase, whatever the batch size).
 */
async function drawingAlone(runs: number) {
  const printed = {
    code: 'K7M2Q9XD4T',
    kind: 'QUALIFIER' as const,
    name: URDU_NAMES[1] ?? 'محمد علی',
    grade: 'Grade 5',
    phase: 'Qualifier',
    rank: 12,
    issuedOn: '2026-11-27',
    verifyUrl: `${PUBLIC_URL}/certificates/K7M2Q9XD4T`,
  };
  await renderCertificatePdf(printed, 'en');
  await renderCertificatePdf(printed, 'ur');
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await renderCertificatePdf(printed, 'en');
    await renderCertificatePdf(printed, 'ur');
    samples.push(performance.now() - started);
  }
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  const heapMb = () => {
    collect();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const heapBefore = heapMb();
  for (let i = 0; i < runs * 10; i += 1) {
    const name =
      i % 2 === 0 ? `${URDU_NAMES[i % URDU_NAMES.length]}` : `${LATIN_NAMES[i % LATIN_NAMES.length]}`;
    await renderCertificatePdf({ ...printed, name, rank: i }, 'en');
    await renderCertificatePdf({ ...printed, name, rank: i }, 'ur');
  }
  return { median: summarize(samples).median, heapBefore, heapAfter: heapMb(), heapStudents: runs * 10 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (value: number) => `${value.toFixed(1)} MB`;

interface RunFigures {
  phase: string;
  certificates: number;
  emailed: number;
  ms: number;
  peakMb: number;
}

/** One phase's run from a clean slate (no certificates, no files), enqueued as the api does. */
async function measureRun(
  db: Db,
  queues: ReturnType<typeof createQueues>,
  pid: number,
  phaseNumber: number,
): Promise<RunFigures> {
  const phase = await db
    .selectFrom('phases')
    .select(['id', 'name'])
    .where('number', '=', phaseNumber)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('certificates').where('phaseId', '=', phase.id).execute();
  const job = await db
    .insertInto('backgroundJobs')
    .values({ kind: 'CERTIFICATE_RUN', params: JSON.stringify({ phaseId: phase.id, publicUrl: PUBLIC_URL }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  let peakMb = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid) ?? 0);
  }, 50);
  const t0 = performance.now();
  await enqueue(queues, 'exports', 'certificates.run', { jobId: job.id }, { jobId: job.id });
  let lastShown = -10;
  for (;;) {
    const row = await db
      .selectFrom('backgroundJobs')
      .select(['status', 'progress', 'result', 'error'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (row.status === 'FAILED') {
      clearInterval(sampler);
      throw new Error(`certificate run failed: ${row.error}`);
    }
    if (row.status === 'SUCCEEDED') {
      const ms = performance.now() - t0;
      clearInterval(sampler);
      const result = row.result as { issued: number; drawn: number; emailed: number };
      return { phase: phase.name, certificates: result.drawn, emailed: result.emailed, ms, peakMb };
    }
    if (row.progress - lastShown >= 10) {
      lastShown = row.progress;
      console.log(
        `  ${phase.name}: ${row.progress} % after ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
    await sleep(200);
  }
}

async function main() {
  const db = await openBenchDatabase(4, BENCH_DB);
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'riyazi-certificates-bench-'));
  const prefix = `bench-certs-${Date.now().toString(36)}`;
  const redis = createRedis(redisUrl, 'riyazi-certificates-bench');
  const queues = createQueues(redis, prefix);
  let workers: ChildProcess | null = null;
  try {
    await migrateToLatest(db);
    const have = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM plays p JOIN phases ph ON ph.id = p.phase_id AND ph.number = 1
    `.execute(db);
    if (values.reseed || have.rows[0]?.n !== STUDENTS) {
      const started = performance.now();
      await seed(db);
      console.log(`seeded ${STUDENTS} students in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await db.deleteFrom('backgroundJobs').execute();
    const drawing = await drawingAlone(200);
    const draw = drawing.median;
    console.log(`drawing alone: ${draw.toFixed(1)} ms per student (English + Urdu PDF), median of 200`);
    console.log(
      `drawing holds nothing: heap after a full collection ${mb(drawing.heapBefore)}, then ${mb(drawing.heapAfter)} after ${drawing.heapStudents} more students`,
    );

    await buildServer();
    workers = await startBundledWorkers({
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      UPLOAD_DIR: uploadDir,
    });
    const pid = workers.pid ?? 0;
    await sleep(3000); // timers and connections settle
    const idle = rssMb(pid) ?? 0;
    console.log(`workers process idle: ${mb(idle)} RSS`);

    const runs = [await measureRun(db, queues, pid, 2), await measureRun(db, queues, pid, 1)];
    for (const run of runs) {
      console.log(
        `${run.phase}: ${run.certificates} certificates (${run.certificates * 2} PDFs, ${run.emailed} e-mails) in ${(run.ms / 1000).toFixed(1)} s, ` +
          `${((run.certificates / run.ms) * 1000).toFixed(1)} per s, ${(run.ms / run.certificates).toFixed(1)} ms each ` +
          `(${(run.ms / run.certificates / draw).toFixed(2)}× drawing alone); peak RSS ${mb(run.peakMb)} (+${mb(run.peakMb - idle)} over idle)`,
      );
    }
    const [small, whole] = runs as [RunFigures, RunFigures];
    const dir = path.join(uploadDir, 'certificates');
    const files = readdirSync(dir);
    const bytes = files.reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
    console.log(
      `storage: ${files.length} PDFs, ${mb(bytes / 1024 / 1024)} (${(bytes / files.length / 1024).toFixed(1)} KB each)`,
    );
    console.log(
      `\n${whole.certificates} vs ${small.certificates} certificates: time ×${(whole.ms / small.ms).toFixed(1)}, ` +
        `peak RSS ×${(whole.peakMb / small.peakMb).toFixed(2)} (flat when the batch, not the phase, bounds memory)`,
    );
    const ok = whole.ms < TARGET_MS && whole.peakMb < TARGET_MB;
    console.log(
      ok
        ? `OK: ${whole.certificates} students in ${(whole.ms / 60_000).toFixed(1)} min (< ${TARGET_MS / 60_000}), peak ${mb(whole.peakMb)} (< ${TARGET_MB} MB)`
        : `MISSED: ${(whole.ms / 60_000).toFixed(1)} min (target < ${TARGET_MS / 60_000}), peak ${mb(whole.peakMb)} (target < ${TARGET_MB} MB)`,
    );
    if (!ok) {
      process.exitCode = 1;
    }
  } finally {
    await stopChild(workers);
    await closeQueues(queues);
    redis.disconnect();
    await deleteRedisPrefix(redisUrl, prefix);
    await rm(uploadDir, { recursive: true, force: true });
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
