// The admin students list (GET /api/student/detail/) on 100,000 students over 8 grades, in its own
// database riyazi_bench (created and migrated when missing; its data is replaced on every run).
// Measured as an admin page sees it: the api bundled as `npm start` runs it (node
// api/dist/server.mjs) on that database, a staff member with student:read signed in through
// /api/user/login, and each three-filter combination requested over HTTP one page at a time (the
// bearer check, validation, the page query, count, play counts, first payment, standings, grade
// list, flags and the JSON), --runs times after one warm-up. Prints p50/p95 per combination and the
// api's peak RSS.
//
//   npx tsx loadtest/src/students-list.ts [--students 100000] [--grades 8] [--runs 50]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
// REDIS_URL (default redis://127.0.0.1:6379) the Redis, used under a prefix of this run's own.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Db, hashPassword, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
// @ts-expect-error: a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';
import {
  benchDatabaseUrl,
  numberedStudents,
  openBenchDatabase,
  redisUrl,
  rowsOverGrades,
} from './bench-database.js';
import { rssMb, stopChild } from './bundled-process.js';
import { freePort } from './run-resources.js';
import { percentile } from './stats.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '100000' },
    grades: { type: 'string', default: '8' },
    runs: { type: 'string', default: '50' },
  },
});
const STUDENTS = Number(values.students);
const GRADES = Number(values.grades);
const RUNS = Number(values.runs);
const TARGET_P95_MS = 200;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * 100,000 students with varied profiles; 30% played contests (1–3 plays) and 40% practice; 20%
 * uploaded a document; 25% paid; phase 1 and 2 standings for the contest players.
 */
async function seed(db: Db) {
  await sql`TRUNCATE phase_standings, attempt_grants, student_documents, plays, students, quizzes, phases, grades CASCADE`.execute(
    db,
  );
  await sql`
    INSERT INTO grades (title, sort_order) SELECT 'Bench grade ' || g, 100 + g FROM generate_series(1, ${GRADES}) g
  `.execute(db);
  await sql`
    INSERT INTO phases (name, number, starts_at, ends_at, status)
    SELECT 'Bench phase ' || n, n, now() - interval '10 days', now() + interval '10 days', 'ACTIVE'
    FROM generate_series(1, 2) n
  `.execute(db);
  await sql`
    INSERT INTO quizzes (title, kind, phase_id)
    SELECT 'Bench ' || k, k, p.id FROM phases p CROSS JOIN (VALUES ('CONTEST'), ('PRACTICE')) v(k) WHERE p.number = 1
  `.execute(db);
  const cities = [
    'Lahore',
    'Karachi',
    'Islamabad',
    'Rawalpindi',
    'Faisalabad',
    'Multan',
    'Peshawar',
    'Quetta',
  ];
  const sources = ['School', 'Friend', 'Facebook', 'YouTube', 'Other'];
  await sql`
    INSERT INTO students (full_name, father_name, email, password_hash, phone, gender, city, school_name, grade_id,
      referral_source, short_description, is_active, email_verified, auto_email_verified, registered_through_bulk,
      contest_attempts, code_entered, is_payment_made, created_at)
    SELECT
      (ARRAY['Ali','Ayesha','Bilal','Fatima','Hamza','Hina','Usman','Zainab','Omar','Sana'])[1 + i % 10]
        || ' ' || (ARRAY['Khan','Ahmed','Raza','Shah','Malik','Butt','Qureshi'])[1 + (i / 10) % 7] || ' ' || i,
      'Father ' || i,
      'bench' || i || '@bench.invalid',
      'no-login',
      '03' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
      (ARRAY['MALE','FEMALE','OTHER'])[1 + i % 3],
      (${sql.val(cities)}::text[])[1 + (i / 3) % ${cities.length}],
      'School ' || (i % 400),
      g.id,
      (${sql.val(sources)}::text[])[1 + (i / 7) % ${sources.length}],
      CASE WHEN i % 5 = 0 THEN 'BATCH-' || (i % 50) END,
      i % 17 <> 0,
      i % 4 <> 0,
      i % 9 = 0,
      i % 6 = 0,
      i % 4,
      i % 4 = 1,
      i % 4 = 1,
      now() - (i || ' minutes')::interval
    ${rowsOverGrades(STUDENTS, GRADES)}
  `.execute(db);
  await sql`
    ${numberedStudents}
    INSERT INTO plays (student_id, quiz_id, phase_id, grade_id, kind, status, question_count, score, total_time_ms,
      started_at, finished_at)
    SELECT s.id, q.id, q.phase_id, s.grade_id, q.kind, 'FINISHED', 15, round((random() * 15)::numeric, 2),
      (random() * 2700000)::bigint, now() - interval '3 hours', now() - random() * interval '2 hours'
    FROM s
    JOIN quizzes q ON (q.kind = 'CONTEST' AND s.n % 10 < 3) OR (q.kind = 'PRACTICE' AND s.n % 10 >= 6)
    CROSS JOIN generate_series(1, 1 + (s.n % 3)::int) k
  `.execute(db);
  await sql`
    INSERT INTO student_documents (student_id, kind, storage_key, content_type, size_bytes)
    SELECT id, 'SCHOOL_ID', gen_random_uuid() || '.jpg', 'image/jpeg', 1000 FROM students WHERE student_no % 5 = 0
  `.execute(db);
  await sql`
    INSERT INTO attempt_grants (student_id, attempts, source, created_at)
    SELECT id, 2, CASE WHEN student_no % 8 = 1 THEN 'PAYMENT' ELSE 'CODE' END, created_at + interval '1 day'
    FROM students WHERE code_entered
  `.execute(db);
  // Standings: the best contest play per student, ranked per grade, in phase 1 and (for the top
  // half) phase 2.
  await sql`
    INSERT INTO phase_standings (phase_id, grade_id, student_id, play_id, score, total_time_ms, finished_at, rank)
    SELECT ph.id, b.grade_id, b.student_id, b.id, b.score, b.total_time_ms, b.finished_at,
      rank() OVER (PARTITION BY ph.id, b.grade_id ORDER BY b.score DESC, b.total_time_ms, b.finished_at)
    FROM (
      SELECT DISTINCT ON (student_id) * FROM plays WHERE kind = 'CONTEST'
      ORDER BY student_id, score DESC, total_time_ms, finished_at
    ) b
    JOIN phases ph ON ph.number = 1 OR (ph.number = 2 AND b.score >= 7.5)
  `.execute(db);
  await sql`
    INSERT INTO system_flags (id, flags) SELECT 1, jsonb_build_object('contestQuizPhase', id::text)
    FROM phases WHERE number = 1
    ON CONFLICT (id) DO UPDATE SET flags = excluded.flags
  `.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
}

async function scenarios(db: Db): Promise<[string, Record<string, string>, number?][]> {
  const grades = await db.selectFrom('grades').select('id').orderBy('sortOrder').execute();
  const grade = grades[3]!.id;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return [
    ['no filter, page 1', {}],
    ['no filter, page 200', {}, 200],
    ['grade + isActive + name contains', { grade, isActive: 'true', fullName: 'ayesha' }],
    ['city + paid + contest played', { city: 'Lahore', codeEntered: 'true', contestPlayed: 'true' }],
    ['phase1 top 200 + grade + gender', { phase1Toppers: '200', grade, gender: 'FEMALE' }],
    [
      'signed up range + document + verified',
      {
        signedUpFrom: day(30),
        signedUpTo: day(20),
        documentUploaded: 'true',
      },
    ],
    [
      'email + school contains + referral',
      { email: 'bench12', schoolName: 'school 12', referralSource: 'School' },
    ],
    [
      'attempts left 0 + no practice + not bulk',
      {
        contestAttemptsRemaining: '0',
        practicePlayed: 'false',
        registeredThroughBulk: 'false',
      },
    ],
    ['phone + batch id + phase 2 rank', { phone: '12', shortDescription: 'batch-1', phase2Rank: '3' }],
    ['rare name + grade + inactive', { fullName: 'zainab khan 9', grade, isActive: 'false' }],
  ];
}

const BENCH_STAFF = { email: 'bench-list-reader@bench.invalid', role: 'Bench list reader' };

/** A staff member holding student:read only, as the list page needs; replaced on every run. */
async function makeReader(db: Db): Promise<{ email: string; password: string }> {
  const password = `Bench-${Date.now().toString(36)}-list`;
  await db.deleteFrom('staffUsers').where('email', '=', BENCH_STAFF.email).execute();
  await db.deleteFrom('staffRoles').where('name', '=', BENCH_STAFF.role).execute();
  const role = await db
    .insertInto('staffRoles')
    .values({ name: BENCH_STAFF.role })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('rolePermissions')
    .values({ roleId: role.id, module: 'student', action: 'read' })
    .execute();
  await db
    .insertInto('staffUsers')
    .values({
      email: BENCH_STAFF.email,
      username: 'Bench reader',
      passwordHash: await hashPassword(password),
      roleId: role.id,
    })
    .execute();
  return { email: BENCH_STAFF.email, password };
}

async function waitUntilReady(base: string, api: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) {
      throw new Error(`the api exited with ${api.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting for the api');
}

async function main() {
  const db = await openBenchDatabase(4);
  let api: ChildProcess | null = null;
  try {
    await migrateToLatest(db);
    const started = performance.now();
    await seed(db);
    const counts = await sql<{ students: number; plays: number }>`
      SELECT (SELECT count(*) FROM students)::int AS students, (SELECT count(*) FROM plays)::int AS plays
    `.execute(db);
    console.log(
      `seeded ${counts.rows[0]?.students} students, ${counts.rows[0]?.plays} plays in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const reader = await makeReader(db);
    await buildServer();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, [path.join(root, 'api/dist/server.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: benchDatabaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `bench-list-${Date.now().toString(36)}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const pid = api.pid ?? 0;
    await waitUntilReady(base, api);
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(reader),
    });
    if (!login.ok) {
      throw new Error(`login failed: ${login.status} ${await login.text()}`);
    }
    const { accessToken } = (await login.json()) as { accessToken: string };
    const get = async (query: Record<string, string>) => {
      const res = await fetch(`${base}/api/student/detail/?${new URLSearchParams(query)}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const body = (await res.json()) as { totalStudents?: number; message?: string };
      if (!res.ok) {
        throw new Error(`${res.status}: ${body.message}`);
      }
      return body;
    };
    const idle = rssMb(pid) ?? 0;
    let peak = idle;

    console.log(
      `\n${'combination'.padEnd(44)} ${'matches'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}`,
    );
    let worst = 0;
    for (const [name, filters, page = 1] of await scenarios(db)) {
      const query = { ...filters, page: String(page), limit: '50' };
      const first = await get(query);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t0 = performance.now();
        await get(query);
        times.push(performance.now() - t0);
        peak = Math.max(peak, rssMb(pid) ?? 0);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      console.log(
        `${name.padEnd(44)} ${String(first.totalStudents).padStart(7)} ${percentile(times, 50).toFixed(1).padStart(6)}ms ${p95.toFixed(1).padStart(6)}ms`,
      );
    }
    console.log(`\napi process RSS: ${idle.toFixed(1)} MB after start, peak ${peak.toFixed(1)} MB`);
    console.log(
      `worst p95 ${worst.toFixed(1)} ms over HTTP (target < ${TARGET_P95_MS} ms): ${worst < TARGET_P95_MS ? 'PASS' : 'FAIL'}`,
    );
    if (worst >= TARGET_P95_MS) {
      process.exitCode = 1;
    }
  } finally {
    await stopChild(api);
    await db.deleteFrom('staffUsers').where('email', '=', BENCH_STAFF.email).execute();
    await db.deleteFrom('staffRoles').where('name', '=', BENCH_STAFF.role).execute();
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
