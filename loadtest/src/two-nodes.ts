import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { rooms } from '@riyazi/api/contracts';
import type { Db } from '@riyazi/db';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
  thinkTimes,
} from './contest-fixtures.js';
import { answerCallsOf } from './contest-day-play.js';
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
import { summarize } from './stats.js';
import { openStudentSessions } from './student-tokens.js';
import { nginxTimes, writeNginxConfig } from './two-nodes-nginx.js';
import {
  boardRanking,
  loginCountedAgainst,
  pollingWithoutCookie,
  type Watcher,
  watch,
} from './two-nodes-probes.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    think: { type: 'string', default: '1000:3000' },
    grade: { type: 'string', default: 'Grade 3' },
    nginx: { type: 'string', default: 'nginx' },
    // nginx listens here and the two nodes on the next two ports (default: random in 42000–49999).
    port: { type: 'string' },
    // combined: each answer's acknowledgement brings the next question, as the client does;
    // separate: fetch each question, then answer it (older clients).
    answers: { type: 'string', default: 'combined' },
    ...ownStackOptions,
  },
});

const own = ownResources('nodes', values['admin-url']);
const calls = answerCallsOf(values.answers);
const RUN = own.run;
const think = thinkTimes(values.think);
const work = mkdtempSync(path.join(tmpdir(), 'riyazi-nodes-'));
const firstPort = values.port === undefined ? 42_000 + randomInt(8000) : Number(values.port);
const ports = { nginx: firstPort, a: firstPort + 1, b: firstPort + 2 };
const env = own.env({
  // Shared by both nodes and both workers, as the compose volume is.
  UPLOAD_DIR: path.join(work, 'uploads'),
  TRUST_PROXY: 'true',
  PUBLIC_URL: `http://127.0.0.1:${ports.nginx}`,
});
const config = loadConfig(env);
const urls = {
  nginx: `http://127.0.0.1:${ports.nginx}`,
  a: `http://127.0.0.1:${ports.a}`,
  b: `http://127.0.0.1:${ports.b}`,
};

// Two cores shared by two api nodes, two workers, nginx and this script: starting takes a while.
const ready = (url: string, what: string) => untilReady(url, { what, timeoutMs: 120_000 });

// ---------------------------------------------------------------------------------------------
// The contest through nginx.

interface Played {
  samples: Map<string, number[]>;
  errors: Map<string, number>;
  nodes: Map<string, number>;
  acked: Acknowledged[];
  plays: string[];
}

const played: Played = { samples: new Map(), errors: new Map(), nodes: new Map(), acked: [], plays: [] };

/** A request through `base`, timed under `name`; which node answered is counted. */
async function timed(
  base: string,
  name: string,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
): Promise<Response | null> {
  const t = performance.now();
  const res = await request(base, method, url, token, body);
  if (base === urls.nginx) {
    const samples = played.samples.get(name) ?? [];
    samples.push(performance.now() - t);
    played.samples.set(name, samples);
    played.nodes.set(res.node ?? '(none)', (played.nodes.get(res.node ?? '(none)') ?? 0) + 1);
  }
  if (res.status !== 200) {
    const key = `${name} ${res.status} ${(res.body as { code?: string } | null)?.code ?? ''}`.trim();
    played.errors.set(key, (played.errors.get(key) ?? 0) + 1);
    return null;
  }
  return res;
}

/** One student: the contest page, start, 15 × (think, answer), results until scored. */
async function student(base: string, token: string, quizId: string, think: () => number) {
  await timed(base, 'contest page', 'GET', '/api/play-quiz/available?type=CONTEST', token);
  const started = await timed(base, 'start', 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' });
  if (!started) {
    return null;
  }
  const play = (started.body as { play: { _id: string; questions: { _id: string }[] } }).play;
  played.plays.push(play._id);
  // The first question is asked for; then each answer's acknowledgement brings the next one
  // (combined), or every question is asked for (separate).
  let served: ServedQuestion | null = null;
  for (const { _id: questionId } of play.questions) {
    if (served === null) {
      const asked = await timed(
        base,
        'question',
        'GET',
        `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`,
        token,
      );
      if (!asked) {
        return null;
      }
      served = asked.body as ServedQuestion;
    }
    const answers = randomAnswer(served);
    await sleep(think());
    const body = {
      playId: play._id,
      questionId,
      answers,
      timeTaken: 1000,
      ...(calls === 'combined' ? { includeNext: true } : {}),
    };
    const name = calls === 'combined' ? 'answer + next question' : 'submit-answer';
    const acknowledged = await timed(
      base,
      name,
      'POST',
      '/api/play-quiz/question/submit-answer',
      token,
      body,
    );
    if (!acknowledged) {
      return null;
    }
    played.acked.push({ playId: play._id, questionId, answers });
    served =
      calls === 'combined' ? ((acknowledged.body as { next?: ServedQuestion | null }).next ?? null) : null;
  }
  for (let poll = 0; poll < 120; poll += 1) {
    const results = await timed(base, 'results', 'POST', '/api/play-quiz/results', token, {
      playId: play._id,
    });
    if (!results || !(results.body as { play: { pending: boolean } }).play.pending) {
      break;
    }
    await sleep(500);
  }
  return play._id;
}

const rankedIn = async (db: Db, phaseId: string, gradeId: string) =>
  Number(
    (
      await db
        .selectFrom('phaseStandings')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('phaseId', '=', phaseId)
        .where('gradeId', '=', gradeId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main() {
  bundleServer();
  let nginxConf: string;
  try {
    nginxConf = writeNginxConfig({ nginx: values.nginx, work, ports });
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  const db = await own.createDatabase(4);
  // Warnings and errors only (LOG_LEVEL=warn): the Redis durability warning among them.
  const service = (
    name: string,
    command: string,
    args: string[],
    extraEnv: Record<string, string> = {},
    niceness = 0,
  ) => new Service(name, command, args, { ...env, ...extraEnv }, true, niceness);
  const services = [
    service('api-a', process.execPath, ['api/dist/server.mjs'], { PORT: String(ports.a), NODE_NAME: 'a' }),
    service('api-b', process.execPath, ['api/dist/server.mjs'], { PORT: String(ports.b), NODE_NAME: 'b' }),
    // As compose and npm start run them: two contest workers, and the work that can wait (integrity
    // checks, certificates, statistics) in a background process at a lower CPU priority.
    service('workers-1', process.execPath, ['workers/dist/main.mjs'], { WORKER_GROUPS: 'contest' }),
    service('workers-2', process.execPath, ['workers/dist/main.mjs'], { WORKER_GROUPS: 'contest' }),
    service(
      'workers-background',
      process.execPath,
      ['workers/dist/main.mjs'],
      { WORKER_GROUPS: 'background', WORKER_METRICS_PORT: '0' },
      10,
    ),
    service('nginx', values.nginx, ['-p', work, '-c', nginxConf, '-g', 'daemon off;']),
  ];
  const watchers: Watcher[] = [];
  let failed = true;
  try {
    await migrateAndSeed(db, `nodes-${RUN}-Admin!`);
    const { gradeId, quizId } = await openContest(db, values.grade);
    const { phaseId } = await db
      .selectFrom('quizzes')
      .select('phaseId')
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    const count = Number(values.students);
    const studentIds = await createVirtualStudents(db, gradeId, count + 1, `nodes-${RUN}`);
    const tokens = await openStudentSessions(db, config.JWT_SECRET, studentIds);
    const probeToken = tokens.pop() as string;

    for (const service of services) {
      service.start();
    }
    await Promise.all([ready(urls.a, 'api a'), ready(urls.b, 'api b'), ready(urls.nginx, 'nginx')]);
    const room = rooms.leaderboard(phaseId, gradeId);
    watchers.push(
      await watch('WebSocket to node A directly', urls.a, room, 'websocket'),
      await watch('WebSocket through nginx', urls.nginx, room, 'websocket'),
      await watch('long-polling through nginx', urls.nginx, room, 'polling'),
    );
    console.log(`→ ${count} students play the ${values.grade} contest through nginx on ${urls.nginx}`);

    const t0 = Date.now();
    await Promise.all(tokens.map((token) => student(urls.nginx, token, quizId, think.next)));
    const contestSeconds = (Date.now() - t0) / 1000;
    const { allSettled, result, lost, changed, unscored } = await verifyOnceRanked(
      db,
      played.acked,
      played.plays,
    );
    // Let the last recompute's board go out before the probe.
    await sleep(3000);

    const [ackedCount, playCount] = [played.acked.length, played.plays.length];
    // The probe: one more student answers through node B alone; the worker ranks the grade again.
    const before = await rankedIn(db, phaseId, gradeId);
    const probePlay = await student(urls.b, probeToken, quizId, () => 0);
    const probeAnswered = Date.now();
    const probeBoards = await Promise.all(
      watchers.map(async (w) => ({ w, got: await boardRanking(w, probeAnswered, before + 1) })),
    );

    const control = await pollingWithoutCookie(urls.nginx, room);
    const countedAgainst = await loginCountedAgainst(urls.nginx, config.REDIS_URL, config.REDIS_PREFIX);

    const errors = [...played.errors].map(([k, n]) => `${k} ×${n}`);
    const nodeA = played.nodes.get('a') ?? 0;
    const nodeB = played.nodes.get('b') ?? 0;
    const requests = [...played.nodes.values()].reduce((s, n) => s + n, 0);

    console.log(
      `\ntwo nodes behind nginx: ${count} students, think ${think.min}–${think.max} ms, contest ${contestSeconds.toFixed(1)} s`,
    );
    console.log('\n| request (through nginx) | n | p50 | p95 | p99 | max |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, samples] of played.samples) {
      const s = summarize(samples);
      console.log(`| ${name} | ${s.count} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`);
    }
    const page = nginxTimes(work, '/api/play-quiz/available');
    console.log('\n| contest page, measured by | n | p50 | p95 | p99 | max |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, samples] of [
      ['the client', played.samples.get('contest page') ?? []],
      ['nginx (read → answered)', page.nginx],
      ['the api behind nginx (upstream time)', page.upstream],
    ] as const) {
      const s = summarize([...samples]);
      console.log(`| ${name} | ${s.count} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`);
    }
    console.log('\n| check | result |');
    console.log('|---|---|');
    console.log(`| errors | ${errors.length === 0 ? 0 : errors.join(', ')} |`);
    console.log(
      `| requests per node | a ${nodeA} (${((100 * nodeA) / requests).toFixed(0)} %), b ${nodeB} (${((100 * nodeB) / requests).toFixed(0)} %)${played.nodes.has('(none)') ? `, unnamed ${played.nodes.get('(none)')}` : ''} |`,
    );
    console.log(
      `| plays | started ${playCount}, finished ${result.finished}${allSettled ? '' : ' (NOT settled after 3 minutes)'} |`,
    );
    console.log(
      `| answers acknowledged ${ackedCount} | stored ${result.stored}, as sent ${result.sameAnswer}, scored ${result.scored}; lost ${lost}, changed ${changed}, unscored ${unscored}, plays whose totals ≠ answers ${result.mismatched} |`,
    );
    console.log(
      `| standings | ${result.standings.students} students, ${result.standings.wrong} without their best score |`,
    );
    for (const w of watchers) {
      console.log(
        `| boards heard, ${w.name} | ${w.boards.length} during the contest and probe, ${w.disconnects} disconnects |`,
      );
    }
    for (const { w, got } of probeBoards) {
      console.log(
        `| probe answered via node B → ${w.name} | ${got ? `board ranking ${before + 1} after ${ms(got.at - probeAnswered)}` : 'NO board within 15 s'} |`,
      );
    }
    console.log(
      `| control: long-polling through nginx without the cookie | ${control === null ? 'held for 10 s (each request hashed anew: a lucky run)' : `broke after ${ms(control)}, as expected`} |`,
    );
    console.log(
      `| a failed login from 127.0.0.2 claiming X-Forwarded-For 203.0.113.7 was counted against | ${countedAgainst.join(', ') || 'nothing'} |`,
    );
    failed =
      errors.length > 0 ||
      lost + changed + unscored + result.mismatched + result.standings.wrong > 0 ||
      !allSettled ||
      result.finished !== playCount ||
      playCount !== count ||
      nodeA === 0 ||
      nodeB === 0 ||
      probePlay === null ||
      probeBoards.some(({ got }) => got === null) ||
      countedAgainst.join() !== '127.0.0.2' ||
      watchers.some((w) => w.disconnects > 0);
    console.log(failed ? '\n✗ a check failed' : '\n✓ every check passed');
  } finally {
    for (const w of watchers) {
      w.socket.disconnect();
    }
    await Promise.all(services.map((s) => s.stop()));
    await db.destroy();
    await deleteRedisPrefix(config.REDIS_URL, config.REDIS_PREFIX);
    if (values.keep) {
      console.log(`database kept: ${own.databaseUrl}; nginx files in ${work}`);
    } else {
      await own.dropDatabase();
      rmSync(work, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
