// Student CSV export of 100,000 students in database riyazi_bench (created and migrated when
// missing; students are added up to --students, never removed, since other benchmarks share it),
// measured on the real thing: the workers bundled as `npm start` runs them (node
// workers/dist/main.mjs), the export enqueued on BullMQ as the api does, written by the export
// process the workers fork. Prints, per run and as medians: time from enqueue to SUCCEEDED, the
// peak RSS of the workers process and of the export process (sampled from /proc every 50 ms,
// and the export process's own maxRSS), against the workers' idle RSS measured in the same run.
// Targets: under 15 s, every process under 150 MB.
//
//   npx tsx loadtest/src/students-export.ts [--students 100000] [--runs 3]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
// REDIS_URL (default redis://127.0.0.1:6379) the Redis, used under a prefix of this run's own.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeQueues, createQueues, enqueue } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
// @ts-expect-error: a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';
import { benchDatabaseUrl, openBenchDatabase, redisUrl } from './bench-database.js';
import { rssMb, startBundledWorkers, stopChild } from './bundled-process.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: { students: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const STUDENTS = Number(values.students);
const RUNS = Number(values.runs);
const TARGET_MS = 15_000;
const TARGET_MB = 150;

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

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Samples the workers process and its children (the export process) every 50 ms. */
function sampleMemory(pid: number) {
  const peak = { workers: 0, exportProcess: 0 };
  const timer = setInterval(() => {
    peak.workers = Math.max(peak.workers, rssMb(pid) ?? 0);
    for (const child of childrenOf(pid)) {
      peak.exportProcess = Math.max(peak.exportProcess, rssMb(child) ?? 0);
    }
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

function waitFor<T>(what: string, check: () => Promise<T | null> | T | null, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      const found = await check();
      if (found !== null) {
        resolve(found);
      } else if (Date.now() > deadline) {
        reject(new Error(`timed out waiting for ${what}`));
      } else {
        setTimeout(poll, 50);
      }
    };
    void poll();
  });
}

const mb = (value: number) => `${value.toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const db = await openBenchDatabase(4);
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'riyazi-export-bench-'));
  const prefix = `bench-export-${Date.now().toString(36)}`;
  const redis = createRedis(redisUrl, 'riyazi-export-bench');
  const queues = createQueues(redis, prefix);
  let workers: ChildProcess | null = null;
  try {
    await migrateToLatest(db);
    const added = await topUp(db);
    if (added > 0) {
      console.log(`added ${added} students`);
    }
    await buildServer();
    const reported = new Map<string, number>();
    workers = await startBundledWorkers(
      {
        DATABASE_URL: benchDatabaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        UPLOAD_DIR: uploadDir,
      },
      (line) => {
        if (line.msg === 'student export process finished') {
          reported.set(String(line.jobId), Number(line.peakRssMb));
        }
      },
    );
    const pid = workers.pid ?? 0;
    await sleep(3000); // timers and connections settle
    const idle = rssMb(pid) ?? 0;
    console.log(`workers process idle: ${mb(idle)} RSS`);

    const runs: { ms: number; workers: number; exportProcess: number; selfReported: number }[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const job = await db
        .insertInto('backgroundJobs')
        .values({ kind: 'STUDENT_EXPORT', params: '{}', expiresAt: new Date(Date.now() + 86_400_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const memory = sampleMemory(pid);
      const t0 = performance.now();
      await enqueue(queues, 'exports', 'students.export', { jobId: job.id }, { jobId: job.id });
      const row = await waitFor('the export', async () => {
        const found = await db
          .selectFrom('backgroundJobs')
          .select(['status', 'result'])
          .where('id', '=', job.id)
          .executeTakeFirstOrThrow();
        return found.status === 'SUCCEEDED' || found.status === 'FAILED' ? found : null;
      });
      const ms = performance.now() - t0;
      const selfReported = await waitFor(
        'the export process report',
        () => reported.get(job.id) ?? null,
        5000,
      );
      const peak = memory.stop();
      await db.deleteFrom('backgroundJobs').where('id', '=', job.id).execute();
      if (row.status !== 'SUCCEEDED') {
        throw new Error(`export ${row.status}`);
      }
      runs.push({ ms, workers: peak.workers, exportProcess: peak.exportProcess, selfReported });
      console.log(
        `run ${run}: ${JSON.stringify(row.result)} in ${(ms / 1000).toFixed(2)} s; peak RSS workers ${mb(peak.workers)}, export process ${mb(peak.exportProcess)} (its own maxRSS ${mb(selfReported)})`,
      );
    }
    const median = (pick: (r: (typeof runs)[number]) => number) => summarize(runs.map(pick)).median;
    const ms = median((r) => r.ms);
    const workersPeak = Math.max(...runs.map((r) => r.workers));
    const exportPeak = Math.max(...runs.map((r) => Math.max(r.exportProcess, r.selfReported)));
    console.log(`\nmedian of ${RUNS}: ${(ms / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s)`);
    console.log(
      `workers process: idle ${mb(idle)}, peak while exporting ${mb(workersPeak)} (+${mb(workersPeak - idle)}; target < ${TARGET_MB} MB)`,
    );
    console.log(`export process: peak ${mb(exportPeak)} (target < ${TARGET_MB} MB)`);
    if (ms > TARGET_MS || workersPeak > TARGET_MB || exportPeak > TARGET_MB) {
      console.error('target missed');
      process.exitCode = 1;
    }
  } finally {
    await stopChild(workers);
    await closeQueues(queues);
    redis.disconnect();
    await rm(uploadDir, { recursive: true, force: true });
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
