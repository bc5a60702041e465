// What the pacing of a network's logins (README "Sign-in and sign-up limits") costs a class and an
// attacker, on the real app in this process (inject, each request from a network of its own):
//   baseline  40 classmates log in, 10 at a time, from a network with no failures;
//   attacked  100 wrong passwords from another network (4 at a time), then the same 40 classmates
//             from it, 10 at a time: every one must get in (status 200), and how much slower;
//   guessing  that network goes on guessing with 8 requests at a time for --guess-seconds: how many
//             guesses the places let through.
// Three runs (each with new networks); prints each and the median and range, the class's time as a
// ratio against the baseline of the same run.
//
//   npx tsx loadtest/src/login-pace.ts [--runs 3] [--guess-seconds 30]
//
// Uses its own database riyazi_bench_login (created and migrated when missing) and a Redis prefix
// of its own, deleted at the end.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '@riyazi/api/app';
import { loadConfig } from '@riyazi/api/config';
import { createEngine } from '@riyazi/api/engine';
import { closeQueues, createQueues } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { hashPassword, migrateToLatest } from '@riyazi/db';
import { resetDatabase } from '../../test/databases.js';
import { deleteRedisKeys } from '../../test/helpers-redis.js';
import { openBenchDatabase, redisUrl } from './bench-database.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'guess-seconds': { type: 'string', default: '30' } },
});
const RUNS = Number(values.runs);
const GUESS_SECONDS = Number(values['guess-seconds']);
const PASSWORD = 'Counting-to-100-again';
const CLASS = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const range = (xs: number[], digits = 1) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main() {
  const db = await openBenchDatabase(5, 'riyazi_bench_login');
  const prefix = `riyazi-bench-login-${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: new URL(
      '/riyazi_bench_login',
      process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    ).toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });
  const redis = createRedis(config.REDIS_URL, 'riyazi-bench-login');
  const queues = createQueues(redis, config.REDIS_PREFIX);
  await migrateToLatest(db);
  await resetDatabase(db);
  const passwordHash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: CLASS }, (_, i) => `pupil${i}@bench.example`);
  await db
    .insertInto('students')
    .values(emails.map((email, i) => ({ fullName: `Pupil ${i}`, email, passwordHash, emailVerified: true })))
    .execute();
  const app = await buildApp({
    config,
    db,
    redis,
    queues,
    engine: createEngine({ db, queues }),
    logger: false,
  });
  await app.ready();

  const login = (ip: string, email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/student/login',
      remoteAddress: ip,
      payload: { email, password },
    });
  const wrong = (ip: string) => login(ip, `nobody-${randomBytes(4).toString('hex')}@bench.example`, 'wrong');

  /** The class from `ip`, 10 at a time: the wall time, the slowest login, and how many got in. */
  async function classLogsIn(ip: string) {
    const started = performance.now();
    let slowest = 0;
    let admitted = 0;
    for (let start = 0; start < CLASS; start += 10) {
      await Promise.all(
        emails.slice(start, start + 10).map(async (email) => {
          const t0 = performance.now();
          const res = await login(ip, email, PASSWORD);
          slowest = Math.max(slowest, performance.now() - t0);
          admitted += res.statusCode === 200 ? 1 : 0;
        }),
      );
    }
    return { seconds: (performance.now() - started) / 1000, slowest: slowest / 1000, admitted };
  }

  const rows: {
    base: number;
    attacked: number;
    slowest: number;
    admitted: number;
    fail100: number;
    perMinute: number;
  }[] = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const base = await classLogsIn(`198.51.100.${run}`);
      const school = `203.0.113.${run}`;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = 0; i < 25; i += 1) {
            await wrong(school);
          }
        }),
      );
      const fail100 = (performance.now() - t0) / 1000;
      const attacked = await classLogsIn(school);
      let guesses = 0;
      let waitedOut = 0;
      const until = performance.now() + GUESS_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < until) {
            const status = (await wrong(school)).statusCode;
            guesses += status === 401 ? 1 : 0;
            waitedOut += status === 429 ? 1 : 0;
          }
        }),
      );
      const row = {
        base: base.seconds,
        attacked: attacked.seconds,
        slowest: attacked.slowest,
        admitted: attacked.admitted,
        fail100,
        perMinute: (guesses / GUESS_SECONDS) * 60,
      };
      rows.push(row);
      console.log(
        `run ${run}: class of ${CLASS} ${row.base.toFixed(1)} s on a clean network; after 100 failures (which took ${fail100.toFixed(1)} s) ${row.admitted}/${CLASS} in, ${row.attacked.toFixed(1)} s (slowest login ${row.slowest.toFixed(1)} s, ${(row.attacked / row.base).toFixed(1)}×); guessing on with 8 at a time: ${row.perMinute.toFixed(0)} guesses a minute judged, ${waitedOut} sent back with 429 after waiting`,
      );
    }
    console.log(
      `median (range) of ${RUNS}: class after 100 failures ${range(rows.map((r) => r.attacked / r.base))}× the clean network, slowest login ${range(rows.map((r) => r.slowest))} s, admitted ${range(
        rows.map((r) => r.admitted),
        0,
      )}/${CLASS}; 100 failures took ${range(rows.map((r) => r.fail100))} s; further guesses ${range(
        rows.map((r) => r.perMinute),
        0,
      )} a minute`,
    );
  } finally {
    await app.close();
    await closeQueues(queues);
    await deleteRedisKeys(redis, prefix);
    redis.disconnect();
    await db.destroy();
  }
}

await main();
