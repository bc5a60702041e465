// A contest while the database drops every connection: virtual students play the Grade 3 contest
// (15 questions) while every backend of the database is terminated (`pg_terminate_backend`, what a
// PostgreSQL restart, a failover or a pooler restart does), with nothing to restart the api or the
// workers. Self-contained: a database and Redis prefix of its own, the api and the workers bundled
// and run as `npm start` runs them (without its supervisor).
//
//   npx tsx loadtest/src/db-drop.ts --students 60 --drops 2
//
// Prints requests unanswered, answers acknowledged and scored, plays finished and the 5xx count;
// exits 1 when a process exited, an acknowledged answer was lost or a play was left unfinished.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { createDb, type Db } from '@riyazi/db';
import { sql } from 'kysely';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
  thinkTimes,
} from './contest-fixtures.js';
import { type Acknowledged, verify } from './contest-verify.js';
import { type Response, request } from './http-client.js';
import {
  bundleServer,
  migrateAndSeed,
  ownResources,
  ownStackOptions,
  Service,
  sleep,
  untilReady,
} from './own-stack.js';
import { deleteRedisPrefix } from './run-resources.js';
import { openStudentSessions } from './student-tokens.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '60' },
    think: { type: 'string', default: '300:2500' },
    // How many times every backend is terminated, spread over the answers.
    drops: { type: 'string', default: '2' },
    // How long a request is sent again (a phone giving up), and how long scoring may take afterwards.
    'give-up': { type: 'string', default: '60000' },
    settle: { type: 'string', default: '60000' },
    grade: { type: 'string', default: 'Grade 3' },
    ...ownStackOptions,
  },
});

const own = ownResources('dbdrop', values['admin-url']);
const think = thinkTimes(values.think);
const giveUpMs = Number(values['give-up']);
const uploadDir = mkdtempSync(path.join(tmpdir(), 'riyazi-dbdrop-'));
const port = 41_000 + randomInt(9000);
const env = own.env({ PORT: String(port), UPLOAD_DIR: uploadDir });
const config = loadConfig(env);
const base = `http://127.0.0.1:${port}`;

const counts = { unanswered: 0, unavailable: 0, otherServerErrors: 0, requests: 0 };
/** A phone: a request with no answer or a 5xx is sent again with backoff, until `--give-up` passes. */
async function persistent(send: () => Promise<Response>): Promise<Response> {
  let wait = 200;
  for (const deadline = Date.now() + giveUpMs; ; ) {
    const res = await send();
    counts.requests += 1;
    if (res.status === 0) {
      counts.unanswered += 1;
    } else if (res.status === 503) {
      counts.unavailable += 1;
    } else if (res.status >= 500) {
      counts.otherServerErrors += 1;
    }
    if ((res.status !== 0 && res.status < 500) || Date.now() > deadline) {
      return res;
    }
    await sleep(wait);
    wait = Math.min(2000, wait * 2);
  }
}

/** One student: start, 15 × (fetch, think, answer); every answer acknowledged goes to `acked`. */
async function student(token: string, quizId: string, acked: Acknowledged[], plays: string[]) {
  const started = await persistent(() =>
    request(base, 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' }),
  );
  if (started.status !== 200) {
    return;
  }
  const play = (started.body as { play: { _id: string; questions: { _id: string }[] } }).play;
  plays.push(play._id);
  for (const { _id: questionId } of play.questions) {
    const served = await persistent(() =>
      request(base, 'GET', `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`, token),
    );
    if (served.status !== 200) {
      return;
    }
    const answers = randomAnswer(served.body as ServedQuestion);
    await sleep(think.next());
    const body = { playId: play._id, questionId, answers, timeTaken: 1000 };
    const submitted = await persistent(() =>
      request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body),
    );
    if (submitted.status !== 200) {
      return;
    }
    acked.push({ playId: play._id, questionId, answers });
  }
}

/** Every backend of the run's database, from a connection to the admin database (which survives). */
async function terminateEveryBackend(admin: Db): Promise<number> {
  const { rows } = await sql`
    SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${own.dbName}`.execute(admin);
  return rows.length;
}

const state = (service: Service) => {
  const exit = service.exit;
  return exit === null ? 'running' : `exited (${exit})`;
};

/** Until every play is finished and every acknowledged answer scored, at most `--settle` ms. */
async function settle(db: Db, acked: Acknowledged[], plays: string[]) {
  let result = await verify(db, acked, plays);
  for (const deadline = Date.now() + Number(values.settle); Date.now() < deadline; ) {
    if (result.finished === plays.length && result.scored === acked.length) {
      break;
    }
    await sleep(1000);
    result = await verify(db, acked, plays);
  }
  return result;
}

async function main() {
  bundleServer();
  const setup = await own.createDatabase(4);
  const admin = createDb({ connectionString: values['admin-url'], max: 1, applicationName: 'riyazi-dbdrop' });
  const api = new Service('api', process.execPath, ['api/dist/server.mjs'], env);
  const workers = new Service('workers', process.execPath, ['workers/dist/main.mjs'], env);
  let failed = true;
  try {
    await migrateAndSeed(setup, `dbdrop-${own.run}-Admin!`);
    const { gradeId, quizId } = await openContest(setup, values.grade);
    const count = Number(values.students);
    const studentIds = await createVirtualStudents(setup, gradeId, count, `dbdrop-${own.run}`);
    const tokens = await openStudentSessions(setup, config.JWT_SECRET, studentIds);
    // This script's own connections are not part of what is measured: closed before the drops.
    await setup.destroy();

    api.start();
    workers.start();
    await untilReady(base, { pollMs: 50, timeoutMs: 120_000 });
    console.log(`→ ${count} students start the ${values.grade} contest on ${base} (database ${own.dbName})`);
    const acked: Acknowledged[] = [];
    const plays: string[] = [];
    const t0 = Date.now();
    let playing = true;
    const contest = Promise.all(tokens.map((token) => student(token, quizId, acked, plays))).finally(() => {
      playing = false;
    });

    // Drops spread over the answers (at a third and two thirds of them for two), however slow the machine.
    const drops = Number(values.drops);
    const total = count * 15;
    const log: string[] = [];
    for (let k = 1; k <= drops; k += 1) {
      while (playing && acked.length < (total * k) / (drops + 1)) {
        await sleep(20);
      }
      if (!playing) {
        log.push(`drop ${k} not reached: the students stopped at ${acked.length} answers`);
        break;
      }
      const ended = await terminateEveryBackend(admin);
      log.push(
        `every backend terminated at ${((Date.now() - t0) / 1000).toFixed(1)} s: ${ended} (${acked.length} answers acknowledged)`,
      );
    }
    await contest;
    const contestSeconds = (Date.now() - t0) / 1000;
    const db = createDb({ connectionString: own.databaseUrl, max: 2, applicationName: 'riyazi-dbdrop' });
    const result = await settle(db, acked, plays);
    await db.destroy();

    for (const line of log) {
      console.log(`  ${line}`);
    }
    console.log(
      `\ndatabase drops: ${count} students × 15 questions, think ${think.min}–${think.max} ms, ${contestSeconds.toFixed(1)} s, nothing restarting the processes`,
    );
    console.log(`  api ${state(api)}, workers ${state(workers)}`);
    console.log(
      `  requests ${counts.requests}: unanswered (no response, sent again) ${counts.unanswered}, 503 (sent again) ${counts.unavailable}, other 5xx ${counts.otherServerErrors}`,
    );
    console.log(
      `  answers acknowledged ${acked.length} of ${total}: stored ${result.stored}, scored ${result.scored}`,
    );
    console.log(`  plays finished ${result.finished} of ${count}`);
    failed =
      api.exit !== null ||
      workers.exit !== null ||
      acked.length !== total ||
      result.stored !== acked.length ||
      result.scored !== acked.length ||
      result.finished !== count ||
      counts.otherServerErrors > 0;
    console.log(
      failed
        ? '\n✗ a process exited, or an answer or a play was lost'
        : '\n✓ both processes kept running; every answer acknowledged, stored and scored; every play finished',
    );
  } finally {
    await Promise.all([api.stop(), workers.stop()]);
    await admin.destroy();
    await deleteRedisPrefix(config.REDIS_URL, config.REDIS_PREFIX);
    rmSync(uploadDir, { recursive: true, force: true });
    if (values.keep) {
      console.log(`database kept: ${own.databaseUrl}`);
    } else {
      await own.dropDatabase();
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
