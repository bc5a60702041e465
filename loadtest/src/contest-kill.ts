// Contest day with crashes: virtual students play the contest while the workers and the api are
// killed (SIGKILL) and restarted; afterwards every acknowledged answer must be stored as sent and
// scored exactly once, every play finished, every standing right. Self-contained: a database and
// Redis prefix of its own, the api and workers bundled and run as `npm start` runs them.
//
//   npx tsx loadtest/src/contest-kill.ts --students 300 --kills 6
//
// Prints the figures and exits 1 when an acknowledged answer is lost or something is counted twice.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
  thinkTimes,
} from './contest-fixtures.js';
import { type Acknowledged, verifyOnceRanked } from './contest-verify.js';
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
    students: { type: 'string', default: '300' },
    think: { type: 'string', default: '300:2500' },
    // Kills during the contest, taking turns: workers, api, workers, …
    kills: { type: 'string', default: '6' },
    // How long a killed process stays down before it is started again.
    down: { type: 'string', default: '2000' },
    grade: { type: 'string', default: 'Grade 3' },
    ...ownStackOptions,
  },
});

const own = ownResources('kill', values['admin-url']);
const RUN = own.run;
const think = thinkTimes(values.think);
const uploadDir = mkdtempSync(path.join(tmpdir(), 'riyazi-kill-'));
const port = 41_000 + randomInt(9000);
const env = own.env({ PORT: String(port), UPLOAD_DIR: uploadDir });
const config = loadConfig(env);
const base = `http://127.0.0.1:${port}`;

/** The api is back: every start and restart is awaited before the kills go on. */
const apiReady = () => untilReady(base, { pollMs: 50 });

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
    await sleep(think.next());
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
  bundleServer();
  const db = await own.createDatabase(4);
  const api = new Service('api', process.execPath, ['api/dist/server.mjs'], env);
  const workers = new Service('workers', process.execPath, ['workers/dist/main.mjs'], env);
  let failed = true;
  try {
    await migrateAndSeed(db, `kill-${RUN}-Admin!`);
    const { gradeId, quizId } = await openContest(db, values.grade);
    const count = Number(values.students);
    const studentIds = await createVirtualStudents(db, gradeId, count, `kill-${RUN}`);
    const tokens = await openStudentSessions(db, config.JWT_SECRET, studentIds);

    api.start();
    workers.start();
    await apiReady();
    console.log(`→ ${count} students start the ${values.grade} contest on ${base} (database ${own.dbName})`);

    const acked: Acknowledged[] = [];
    const plays: string[] = [];
    const t0 = Date.now();
    let playing = true;
    const contest = Promise.all(tokens.map((token) => student(token, quizId, acked, plays))).finally(() => {
      playing = false;
    });

    // Kills spread over the expected length of a play (15 × mean think), taking turns.
    const kills = Number(values.kills);
    const expectedMs = 15 * ((think.min + think.max) / 2 + 50);
    const log: string[] = [];
    for (let k = 0; k < kills && playing; k += 1) {
      await sleep(expectedMs / (kills + 1) - (k === 0 ? 0 : Number(values.down)));
      if (!playing) {
        break;
      }
      const target = k % 2 === 0 ? workers : api;
      const ackedBefore = acked.length;
      await target.stop('SIGKILL');
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
    const { allSettled, result, rankingSeconds, lost, changed, unscored } = await verifyOnceRanked(
      db,
      acked,
      plays,
    );

    for (const line of log) {
      console.log(`  ${line}`);
    }
    console.log(
      `\ncontest with crashes: ${count} students, think ${think.min}–${think.max} ms, ${contestSeconds.toFixed(1)} s`,
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
    await Promise.all([api.stop(), workers.stop()]);
    await db.destroy();
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
