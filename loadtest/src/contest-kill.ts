// Contest day with crashes: virtual students play the contest while the workers and the api are
// killed (SIGKILL) and restarted; afterwards every acknowledged answer must be stored as sent and
// scored exactly once, every play finished, every standing right. Self-contained: a database and
// Redis prefix of its own, the api and workers bundled and run as `npm start` runs them.
//
//   npx tsx loadtest/src/contest-kill.ts --students 300 --kills 6
//
// Prints the figures and exits 1 when an acknowledged answer is lost or something is counted twice.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { createDb, migrateToLatest } from '@riyazi/db';
import { seedDemoData } from '@riyazi/db/seed';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { createVirtualStudents, openContest, randomAnswer, type ServedQuestion } from './contest-fixtures.js';
import { type Acknowledged, settled, verify } from './contest-verify.js';
import { type Response, request } from './http-client.js';
import { adminStatement, deleteRedisPrefix } from './run-resources.js';
import { openStudentSessions } from './student-tokens.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '300' },
    think: { type: 'string', default: '300:2500' },
    // Kills during the contest, taking turns: workers, api, workers, …
    kills: { type: 'string', default: '6' },
    // How long a killed process stays down before it is started again.
    down: { type: 'string', default: '2000' },
    grade: { type: 'string', default: 'Grade 3' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    // Keep the database afterwards (its name is printed) to look into it.
    keep: { type: 'boolean', default: false },
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = `${Date.now().toString(36)}_${randomInt(1e6).toString(36)}`;
const dbName = `riyazi_kill_${RUN}`;
const [thinkMin, thinkMax] = values.think.split(':').map(Number) as [number, number];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseUrl = (() => {
  const url = new URL(values['admin-url']);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'riyazi-kill-'));
const port = 41_000 + randomInt(9000);
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: `riyazi-kill-${RUN}`,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  UPLOAD_DIR: uploadDir,
};
const config = loadConfig(env);
const base = `http://127.0.0.1:${port}`;

/** The api or the workers as a process that can be killed and started again. */
class Service {
  private child: ChildProcess | null = null;
  starts = 0;
  constructor(
    readonly name: string,
    private readonly script: string,
  ) {}

  start() {
    this.starts += 1;
    const child = spawn(process.execPath, [this.script], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d}`));
    this.child = child;
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return;
    }
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await gone;
  }
}

async function apiReady() {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if ((await request(base, 'GET', '/api/health/ready', null)).status === 200) {
      return;
    }
    await sleep(50);
  }
  throw new Error('the api did not become ready within 30 s');
}

let unanswered = 0;
/**
 * What a phone does: a request that got no answer (connection refused or reset, a 5xx from a dying
 * node) is sent again with backoff, for up to two minutes; the api is idempotent.
 */
async function persistent(send: () => Promise<Response>): Promise<Response> {
  let wait = 200;
  for (const deadline = Date.now() + 120_000; ; ) {
    const res = await send();
    if ((res.status !== 0 && res.status < 500) || Date.now() > deadline) {
      return res;
    }
    unanswered += 1;
    await sleep(wait);
    wait = Math.min(2000, wait * 2);
  }
}

const refusals = new Map<string, number>();
const refused = (what: string, res: Response) => {
  const key = `${what} ${res.status} ${(res.body as { code?: string } | null)?.code ?? ''}`.trim();
  refusals.set(key, (refusals.get(key) ?? 0) + 1);
};

/** One student: start, 15 × (fetch, think, answer); every answer the api acknowledged goes to `acked`. */
async function student(token: string, quizId: string, acked: Acknowledged[], plays: string[]) {
  const started = await persistent(() =>
    request(base, 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' }),
  );
  if (started.status !== 200) {
    refused('start', started);
    return;
  }
  const play = (started.body as { play: { _id: string; questions: { _id: string }[] } }).play;
  plays.push(play._id);
  for (const { _id: questionId } of play.questions) {
    const served = await persistent(() =>
      request(base, 'GET', `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`, token),
    );
    if (served.status !== 200) {
      refused('question', served);
      return;
    }
    const answers = randomAnswer(served.body as ServedQuestion);
    await sleep(thinkMin + randomInt(Math.max(1, thinkMax - thinkMin + 1)));
    const body = { playId: play._id, questionId, answers, timeTaken: 1000 };
    const submitted = await persistent(() =>
      request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body),
    );
    if (submitted.status !== 200) {
      refused('submit-answer', submitted);
      return;
    }
    acked.push({ playId: play._id, questionId, answers });
  }
}

async function main() {
  console.log('→ bundling the api and the workers');
  const bundled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (bundled.status !== 0) {
    throw new Error('bundling failed');
  }
  await adminStatement(values['admin-url'], `CREATE DATABASE ${dbName}`);
  const db = createDb({ connectionString: databaseUrl, max: 4 });
  const api = new Service('api', 'api/dist/server.mjs');
  const workers = new Service('workers', 'workers/dist/main.mjs');
  let failed = true;
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { adminPassword: `kill-${RUN}-Admin!` });
    const { gradeId, quizId } = await openContest(db, values.grade);
    const count = Number(values.students);
    const studentIds = await createVirtualStudents(db, gradeId, count, `kill-${RUN}`);
    const tokens = await openStudentSessions(db, config.JWT_SECRET, studentIds);

    api.start();
    workers.start();
    await apiReady();
    console.log(`→ ${count} students start the ${values.grade} contest on ${base} (database ${dbName})`);

    const acked: Acknowledged[] = [];
    const plays: string[] = [];
    const t0 = Date.now();
    let playing = true;
    const contest = Promise.all(tokens.map((token) => student(token, quizId, acked, plays))).finally(() => {
      playing = false;
    });

    // Kills spread over the expected length of a play (15 × mean think), taking turns.
    const kills = Number(values.kills);
    const expectedMs = 15 * ((thinkMin + thinkMax) / 2 + 50);
    const log: string[] = [];
    for (let k = 0; k < kills && playing; k += 1) {
      await sleep(expectedMs / (kills + 1) - (k === 0 ? 0 : Number(values.down)));
      if (!playing) {
        break;
      }
      const target = k % 2 === 0 ? workers : api;
      const ackedBefore = acked.length;
      await target.kill('SIGKILL');
      log.push(
        `${target.name} killed at ${((Date.now() - t0) / 1000).toFixed(1)} s (${ackedBefore} answers acknowledged)`,
      );
      await sleep(Number(values.down));
      target.start();
      if (target === api) {
        await apiReady();
      }
    }
    await contest;
    const contestSeconds = (Date.now() - t0) / 1000;
    const allSettled = await settled(db, plays);
    let result = await verify(db, acked, plays);
    // Standings are recomputed in 2 s windows after the plays finish: give them a minute.
    const rankedFrom = Date.now();
    while (result.standings.wrong > 0 && Date.now() - rankedFrom < 60_000) {
      await sleep(1000);
      result = await verify(db, acked, plays);
    }
    const rankingSeconds = (Date.now() - rankedFrom) / 1000;

    for (const line of log) {
      console.log(`  ${line}`);
    }
    const lost = acked.length - result.stored;
    const changed = result.stored - result.sameAnswer;
    const unscored = result.stored - result.scored;
    console.log(
      `\ncontest with crashes: ${count} students, think ${thinkMin}–${thinkMax} ms, ${contestSeconds.toFixed(1)} s`,
    );
    console.log(
      `  kills: workers ×${workers.starts - 1}, api ×${api.starts - 1} (SIGKILL, down ${values.down} ms each)`,
    );
    console.log(`  requests that got no answer and were sent again: ${unanswered}`);
    console.log(
      `  plays started ${plays.length}, finished ${result.finished}${allSettled ? '' : ' (NOT settled after 3 minutes)'}`,
    );
    console.log(
      `  answers acknowledged ${acked.length}: stored ${result.stored}, as sent ${result.sameAnswer}, scored ${result.scored}`,
    );
    console.log(
      `  lost ${lost}, stored differently ${changed}, unscored ${unscored}, plays whose totals ≠ their answers ${result.mismatched}`,
    );
    console.log(
      `  standings: ${result.standings.students} students with a finished play, ${result.standings.wrong} without their best score (${rankingSeconds.toFixed(0)} s after the plays were scored)`,
    );
    const refusedList = [...refusals].map(([k, n]) => `${k} ×${n}`);
    console.log(`  refused: ${refusedList.length === 0 ? 0 : refusedList.join(', ')}`);
    failed =
      lost + changed + unscored + result.mismatched + result.standings.wrong > 0 ||
      !allSettled ||
      result.finished !== plays.length ||
      refusedList.length > 0;
    console.log(
      failed
        ? '\n✗ something was lost or counted twice'
        : '\n✓ every acknowledged answer stored once and scored once',
    );
  } finally {
    await Promise.all([api.kill('SIGTERM'), workers.kill('SIGTERM')]);
    await db.destroy();
    await deleteRedisPrefix(config.REDIS_URL, config.REDIS_PREFIX);
    rmSync(uploadDir, { recursive: true, force: true });
    if (values.keep) {
      console.log(`database kept: ${databaseUrl}`);
    } else {
      await adminStatement(values['admin-url'], `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
