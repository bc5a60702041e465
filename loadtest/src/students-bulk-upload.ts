// Bulk student upload of a 10,000-row CSV in its own database riyazi_bench (created and migrated
// when missing): times the preview (parse, check every row, store the pending upload) and the
// worker's run (students in batches of 500, one welcome e-mail and set-password link each).
//
//   npx tsx loadtest/src/students-bulk-upload.ts [--rows 10000] [--welcome true|false]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
// REDIS_URL the Redis the welcome e-mails are enqueued on (prefix riyazi-bench, emptied after).
import { parseArgs } from 'node:util';
import { createQueues } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { pino } from 'pino';
// Relative: @riyazi/api has no package export for the bulk upload module yet.
import { BULK_UPLOAD_COLUMNS } from '../../api/src/contracts/bulk-upload.js';
import { confirmUpload } from '../../api/src/modules/bulk-upload/bulk-upload.repository.js';
import { runBulkUpload } from '../../api/src/modules/bulk-upload/bulk-upload.run.js';
import { previewUpload } from '../../api/src/modules/bulk-upload/bulk-upload.service.js';
import { openBenchDatabase } from './bench-database.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    welcome: { type: 'string', default: 'true' },
  },
});
const ROWS = Number(values.rows);
const WELCOME = values.welcome !== 'false';
const TARGET_MS = 60_000;

/** A grade and a staff member for the run; earlier bench uploads and their students removed. */
async function seed(db: Db) {
  await sql`DELETE FROM students WHERE email LIKE 'bulk-bench-%'`.execute(db);
  await sql`DELETE FROM background_jobs WHERE kind = 'STUDENT_BULK_UPLOAD'`.execute(db);
  await sql`DELETE FROM mail_messages WHERE to_email LIKE 'bulk-bench-%'`.execute(db);
  await sql`DELETE FROM outbox_events WHERE type = 'mail.queued' AND enqueued_at IS NULL`.execute(db);
  const grade =
    (await db
      .selectFrom('grades')
      .select('title')
      .where('title', '=', 'Bulk bench grade')
      .executeTakeFirst()) ??
    (await db
      .insertInto('grades')
      .values({ title: 'Bulk bench grade', sortOrder: 900 })
      .returning('title')
      .executeTakeFirstOrThrow());
  const staff =
    (await db
      .selectFrom('staffUsers')
      .select('id')
      .where('email', '=', 'bulk-bench@bench.invalid')
      .executeTakeFirst()) ??
    (await db
      .insertInto('staffUsers')
      .values({
        email: 'bulk-bench@bench.invalid',
        username: 'Bulk bench',
        passwordHash: 'no-login',
        roleId: (
          await db
            .insertInto('staffRoles')
            .values({ name: `Bulk bench ${Date.now()}`, isSuperAdmin: true })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  return { grade: grade.title, staffId: staff.id };
}

function csvOf(rows: number, grade: string): Buffer {
  const cities = ['Lahore', 'Karachi', 'Islamabad', 'Multan', 'Peshawar'];
  const data = Array.from({ length: rows }, (_, i) => [
    `Bench Student ${i}`,
    `Bench Father ${i}`,
    `bulk-bench-${i}@school.pk`,
    `03${String(100_000_000 + i).slice(-9)}`,
    i % 2 ? 'Female' : 'Male',
    grade,
    cities[i % cities.length],
    `School ${i % 40}`,
    'School',
    `BENCH-${Math.floor(i / 500)}`,
  ]);
  const csv = Papa.unparse({
    fields: [...BULK_UPLOAD_COLUMNS],
    data,
  });
  return Buffer.from(csv, 'utf8');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const db = await openBenchDatabase(4);
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'riyazi-bench');
  const queues = createQueues(redis, 'riyazi-bench');
  try {
    await migrateToLatest(db);
    const { grade, staffId } = await seed(db);
    const bytes = csvOf(ROWS, grade);
    console.log(
      `${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(2)} MB CSV, welcome e-mails: ${WELCOME}`,
    );

    let started = performance.now();
    const preview = await previewUpload({ db }, { id: staffId, ip: '127.0.0.1' }, 'bench.csv', bytes);
    const previewMs = performance.now() - started;
    console.log(
      `preview: ${seconds(previewMs)} (valid ${preview.valid}, invalid ${preview.invalid}, already registered ${preview.alreadyRegistered})`,
    );

    await confirmUpload(db, preview.uploadId, staffId, {
      autoEmailVerified: true,
      sendWelcome: WELCOME,
      publicUrl: 'http://localhost:3000',
    });
    let batches = 0;
    started = performance.now();
    await runBulkUpload({ db, queues, log: pino({ level: 'warn' }) }, preview.uploadId, {
      afterBatch: () => {
        batches += 1;
      },
    });
    const runMs = performance.now() - started;
    const run = await db
      .selectFrom('backgroundJobs')
      .select(['status', 'result'])
      .where('id', '=', preview.uploadId)
      .executeTakeFirstOrThrow();
    const { created, skipped, invalid } = run.result as { created: number; skipped: number; invalid: number };
    console.log(
      `run: ${seconds(runMs)} in ${batches} batches (${run.status}: created ${created}, skipped ${skipped}, invalid ${invalid}; ${Math.round(created / (runMs / 1000))} students/s)`,
    );
    const total = previewMs + runMs;
    console.log(
      `total: ${seconds(total)} (target < ${seconds(TARGET_MS)}): ${total < TARGET_MS ? 'OK' : 'TOO SLOW'}`,
    );
    if (total >= TARGET_MS || run.status !== 'SUCCEEDED' || created !== ROWS) {
      process.exitCode = 1;
    }
  } finally {
    await queues.mail.obliterate({ force: true });
    await Promise.all(Object.values(queues).map((q) => q.close()));
    redis.disconnect();
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
