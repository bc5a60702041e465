// Student CSV export of 100,000 students in database riyazi_bench (created and migrated when
// missing; students are added up to --students, never removed, since other benchmarks share it).
// Runs the export worker's function in this process and prints its time, the peak RSS of the
// process (sampled every 100 ms) and the peak heapUsed. Targets: under 15 s and 150 MB.
//
//   npx tsx loadtest/src/students-export.ts [--students 100000]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
import { pino } from 'pino';
import { runStudentExport } from '../../workers/src/processors/exports.js';

const { values } = parseArgs({ options: { students: { type: 'string', default: '100000' } } });
const STUDENTS = Number(values.students);
const BENCH_DB = 'riyazi_bench';
const TARGET_MS = 15_000;
const TARGET_RSS = 150 * 1024 * 1024;

const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${BENCH_DB}`;

async function ensureDatabase() {
  const admin = createDb({ connectionString: adminUrl, max: 1 });
  try {
    const found = await sql`SELECT 1 FROM pg_database WHERE datname = ${BENCH_DB}`.execute(admin);
    if (found.rows.length === 0) {
      await sql.raw(`CREATE DATABASE ${BENCH_DB}`).execute(admin);
      console.log(`created database ${BENCH_DB}`);
    }
  } finally {
    await admin.destroy();
  }
}

/** Adds students (with quotes, commas, Urdu names and paid grants) until there are `STUDENTS`. */
async function topUp(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM students`.execute(db);
  const missing = STUDENTS - (rows[0]?.n ?? 0);
  if (missing <= 0) {
    return 0;
  }
  const run = Date.now().toString(36);
  await sql`
    INSERT INTO students (full_name, father_name, email, password_hash, grade_id, city, school_name,
      phone, gender, short_description, code_entered, email_verified)
    SELECT CASE i % 4 WHEN 0 THEN 'علی احمد ' || i WHEN 1 THEN 'Khan, "Junior" ' || i ELSE 'Export Student ' || i END,
      'Father ' || i, 'export-' || ${run} || '-' || i || '@bench.invalid', 'no-login',
      (SELECT id FROM grades ORDER BY sort_order OFFSET (i % GREATEST((SELECT count(*) FROM grades), 1)) LIMIT 1),
      'Karachi', 'School ' || (i % 500), '0300' || lpad((i % 10000000)::text, 7, '0'),
      (ARRAY['MALE', 'FEMALE', 'OTHER'])[1 + i % 3], 'Batch ' || (i % 20), i % 5 = 0, i % 2 = 0
    FROM generate_series(1, ${missing}) i
  `.execute(db);
  await sql`
    INSERT INTO attempt_grants (student_id, attempts, source, reason)
    SELECT id, 2, 'CODE', 'bench' FROM students
    WHERE code_entered AND NOT EXISTS (SELECT 1 FROM attempt_grants g WHERE g.student_id = students.id)
  `.execute(db);
  await sql`ANALYZE students`.execute(db);
  return missing;
}

function sampleMemory() {
  const peak = { rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed };
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  await ensureDatabase();
  const db = createDb({ connectionString: benchUrl.toString(), max: 4 });
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'riyazi-export-bench-'));
  try {
    await migrateToLatest(db);
    const added = await topUp(db);
    if (added > 0) {
      console.log(`added ${added} students`);
    }
    const job = await db
      .insertInto('backgroundJobs')
      .values({ kind: 'STUDENT_EXPORT', params: '{}', expiresAt: new Date(Date.now() + 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const silentIo = { to: () => ({ emit: () => true }) } as never;
    // With --expose-gc the baseline excludes the seeding's garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    const memory = sampleMemory();
    const started = performance.now();
    await runStudentExport({ db, io: silentIo, log: pino({ level: 'silent' }), uploadDir }, job.id);
    const ms = performance.now() - started;
    const peak = memory.stop();
    const row = await db
      .selectFrom('backgroundJobs')
      .select(['status', 'result'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    console.log(`export ${row.status}: ${JSON.stringify(row.result)}`);
    console.log(`time ${(ms / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s)`);
    console.log(`rss before ${mb(before.rss)}, peak ${mb(peak.rss)} (target < ${mb(TARGET_RSS)})`);
    console.log(`heapUsed before ${mb(before.heapUsed)}, peak ${mb(peak.heapUsed)}`);
    const collect = (globalThis as { gc?: () => void }).gc;
    if (collect) {
      collect();
      console.log(`heapUsed after a full gc ${mb(process.memoryUsage().heapUsed)} (nothing retained)`);
    }
    await db.deleteFrom('backgroundJobs').where('id', '=', job.id).execute();
    if (row.status !== 'SUCCEEDED' || ms > TARGET_MS || peak.rss > TARGET_RSS) {
      console.error('target missed');
      process.exitCode = 1;
    }
  } finally {
    await rm(uploadDir, { recursive: true, force: true });
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
