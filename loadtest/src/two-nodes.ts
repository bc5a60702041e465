// Two api nodes and two worker processes behind nginx, as docker-compose.yml runs them with
// `--scale api=2 --scale workers=2`: the contest-day scenario goes through nginx, then the script
// checks that nothing was lost or counted twice, that both nodes served, and that boards computed
// by a worker reach Socket.IO clients of either node (WebSocket to node A directly, WebSocket and
// long-polling through nginx). Self-contained: a database and Redis prefix of its own, nginx run
// from deploy/nginx/riyazi.conf with its upstream servers replaced by the two local api ports.
//
//   apt-get install -y nginx      # once (Debian); the script runs it as a plain process
//   npx tsx loadtest/src/two-nodes.ts --students 1000
//
// Prints a table of figures and exits 1 when a check fails.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import { createDb, type Db, migrateToLatest } from '@riyazi/db';
import { seedDemoData } from '@riyazi/db/seed';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { createVirtualStudents, openContest, randomAnswer, type ServedQuestion } from './contest-fixtures.js';
import { type Acknowledged, settled, verify } from './contest-verify.js';
import { type Response, request } from './http-client.js';
import { adminStatement, deleteRedisPrefix } from './run-resources.js';
import { summarize } from './stats.js';
import { openStudentSessions } from './student-tokens.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    think: { type: 'string', default: '1000:3000' },
    grade: { type: 'string', default: 'Grade 3' },
    nginx: { type: 'string', default: 'nginx' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    // Keep the database afterwards (its name is printed) to look into it.
    keep: { type: 'boolean', default: false },
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = `${Date.now().toString(36)}_${randomInt(1e6).toString(36)}`;
const dbName = `riyazi_nodes_${RUN}`;
const [thinkMin, thinkMax] = values.think.split(':').map(Number) as [number, number];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseUrl = (() => {
  const url = new URL(values['admin-url']);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const work = mkdtempSync(path.join(tmpdir(), 'riyazi-nodes-'));
const firstPort = 42_000 + randomInt(8000);
const ports = { nginx: firstPort, a: firstPort + 1, b: firstPort + 2 };
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: `riyazi-nodes-${RUN}`,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Shared by both nodes and both workers, as the compose volume is.
  UPLOAD_DIR: path.join(work, 'uploads'),
  TRUST_PROXY: 'true',
  PUBLIC_URL: `http://127.0.0.1:${ports.nginx}`,
};
const config = loadConfig(env);
const urls = {
  nginx: `http://127.0.0.1:${ports.nginx}`,
  a: `http://127.0.0.1:${ports.a}`,
  b: `http://127.0.0.1:${ports.b}`,
};

/** A child process whose stderr is shown with its name. */
class Service {
  private child: ChildProcess | null = null;
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  start() {
    const child = spawn(this.command, this.args, {
      cwd: root,
      env: { ...env, ...this.extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d}`));
    // Warnings and errors only (LOG_LEVEL=warn): the Redis durability warning among them.
    child.stdout?.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d}`));
    child.on('error', (err) => process.stderr.write(`[${this.name}] ${err.message}\n`));
    this.child = child;
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return;
    }
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }
}

/** deploy/nginx/riyazi.conf with the two local api nodes as its upstream servers, in a config of its own. */
function writeNginxConfig(): string {
  const site = readFileSync(path.join(root, 'deploy/nginx/riyazi.conf'), 'utf8');
  let replaced = 0;
  const adapted = site
    .replace(/server api:3000 resolve([^;]*);/g, (_line, options: string) => {
      replaced += 1;
      return `server 127.0.0.1:${ports.a}${options};\n    server 127.0.0.1:${ports.b}${options};`;
    })
    .replace('listen 80;', `listen 127.0.0.1:${ports.nginx} backlog=65535;`)
    .replace('/var/log/nginx/access.log', path.join(work, 'access.log'));
  if (replaced !== 2 || !adapted.includes(`:${ports.nginx}`)) {
    throw new Error(
      'deploy/nginx/riyazi.conf changed shape: two `server api:3000 resolve …;` and `listen 80;` expected',
    );
  }
  writeFileSync(path.join(work, 'riyazi.conf'), adapted);
  for (const dir of ['client_body', 'proxy']) {
    mkdirSync(path.join(work, dir));
  }
  const main = `worker_processes 1;
worker_rlimit_nofile 65535;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 16384; }
http {
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  include ${work}/riyazi.conf;
}
`;
  const file = path.join(work, 'nginx.conf');
  writeFileSync(file, main);
  const tested = spawnSync(values.nginx, ['-t', '-p', work, '-c', file], { encoding: 'utf8' });
  if (tested.status !== 0) {
    throw new Error(`nginx -t failed (is nginx installed? apt-get install -y nginx):\n${tested.stderr}`);
  }
  return file;
}

async function ready(url: string, what: string) {
  // Two cores shared by two api nodes, two workers, nginx and this script: starting takes a while.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if ((await request(url, 'GET', '/api/health/ready', null)).status === 200) {
      return;
    }
    await sleep(100);
  }
  throw new Error(`${what} did not become ready within 2 minutes`);
}

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

/** One student: the contest page, start, 15 × (fetch, think, answer), results until scored. */
async function student(base: string, token: string, quizId: string, think: () => number) {
  await timed(base, 'contest page', 'GET', '/api/play-quiz/available?type=CONTEST', token);
  const started = await timed(base, 'start', 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' });
  if (!started) {
    return null;
  }
  const play = (started.body as { play: { _id: string; questions: { _id: string }[] } }).play;
  played.plays.push(play._id);
  for (const { _id: questionId } of play.questions) {
    const served = await timed(
      base,
      'question',
      'GET',
      `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`,
      token,
    );
    if (!served) {
      return null;
    }
    const answers = randomAnswer(served.body as ServedQuestion);
    await sleep(think());
    const body = { playId: play._id, questionId, answers, timeTaken: 1000 };
    if (!(await timed(base, 'submit-answer', 'POST', '/api/play-quiz/question/submit-answer', token, body))) {
      return null;
    }
    played.acked.push({ playId: play._id, questionId, answers });
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

// ---------------------------------------------------------------------------------------------
// Board watchers.

interface Watcher {
  name: string;
  socket: Socket;
  boards: { at: number; board: Leaderboard }[];
  disconnects: number;
}

async function watch(name: string, url: string, room: string, transport: 'websocket' | 'polling') {
  const socket = connect(url, {
    transports: [transport],
    forceNew: true,
    reconnection: false,
    // Node's client keeps cookies only with this: nginx's affinity cookie for long-polling.
    withCredentials: true,
  });
  const watcher: Watcher = { name, socket, boards: [], disconnects: 0 };
  socket.on('leaderboard:updated', (board: Leaderboard) => watcher.boards.push({ at: Date.now(), board }));
  socket.on('disconnect', () => {
    watcher.disconnects += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(10_000).emitWithAck('room:join', room)) as { ok: boolean };
  if (!ack.ok) {
    throw new Error(`${name}: could not join ${room}`);
  }
  return watcher;
}

/**
 * The control for nginx's affinity cookie: a long-polling client that drops cookies has each request
 * hashed anew, so one lands on the node without its session within a few requests. Milliseconds
 * until it broke, or null when it held for 10 s (each request is a coin toss: rare, not impossible).
 */
async function pollingWithoutCookie(room: string): Promise<number | null> {
  const t0 = Date.now();
  const socket = connect(urls.nginx, { transports: ['polling'], forceNew: true, reconnection: false });
  const broke = new Promise<number>((resolve) => {
    socket.once('connect_error', () => resolve(Date.now() - t0));
    socket.once('disconnect', () => resolve(Date.now() - t0));
  });
  socket.once('connect', () => {
    socket.timeout(10_000).emit('room:join', room, () => {});
  });
  const result = await Promise.race([broke, sleep(10_000).then(() => null)]);
  socket.disconnect();
  return result;
}

/**
 * Which client address the api counted a failed login against, for a login sent to nginx from
 * 127.0.0.2 with a made-up X-Forwarded-For: 127.0.0.2 when nginx replaces the header and the api
 * trusts it (TRUST_PROXY), 127.0.0.1 (nginx itself) when it does not trust it, the made-up one when
 * a client could choose its address.
 */
async function loginCountedAgainst(): Promise<string[]> {
  const body = JSON.stringify({ email: 'nobody@loadtest.invalid', password: 'not-the-password-1' });
  await new Promise<void>((resolve) => {
    const req = http.request(
      `${urls.nginx}/api/student/login`,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', () => resolve());
    req.end(body);
  });
  const redis = new Redis(config.REDIS_URL);
  const prefix = `${env.REDIS_PREFIX}:rl:student-login:fail:net:`;
  const keys = await redis.keys(`${prefix}*`);
  redis.disconnect();
  return keys.map((key) => key.slice(prefix.length));
}

/** The first board after `since` ranking `count` students, or null after `ms`. */
async function boardRanking(watcher: Watcher, since: number, count: number, ms = 15_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const found = watcher.boards.find((b) => b.at >= since && b.board.rankedCount === count);
    if (found) {
      return found;
    }
    await sleep(20);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

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

/**
 * Where a request's time went, from nginx's access log (its `rt` and `urt` fields, seconds): the
 * time nginx held it and the time the api took. The rest of what the client measured was spent
 * before nginx read the request (the connection waiting to be accepted) or in the client itself.
 */
function nginxTimes(pathPrefix: string): { nginx: number[]; upstream: number[] } {
  const nginx: number[] = [];
  const upstream: number[] = [];
  const log = readFileSync(path.join(work, 'access.log'), 'utf8');
  for (const line of log.split('\n')) {
    if (!line.includes(` ${pathPrefix}`)) {
      continue;
    }
    const rt = /\brt=([\d.]+)/.exec(line)?.[1];
    const urt = /\burt=([\d.]+)/.exec(line)?.[1];
    if (rt !== undefined) {
      nginx.push(Number(rt) * 1000);
    }
    if (urt !== undefined) {
      upstream.push(Number(urt) * 1000);
    }
  }
  return { nginx, upstream };
}

async function main() {
  console.log('→ bundling the api and the workers');
  const bundled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (bundled.status !== 0) {
    throw new Error('bundling failed');
  }
  let nginxConf: string;
  try {
    nginxConf = writeNginxConfig();
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  await adminStatement(values['admin-url'], `CREATE DATABASE ${dbName}`);
  const db = createDb({ connectionString: databaseUrl, max: 4 });
  const services = [
    new Service('api-a', process.execPath, ['api/dist/server.mjs'], {
      PORT: String(ports.a),
      NODE_NAME: 'a',
    }),
    new Service('api-b', process.execPath, ['api/dist/server.mjs'], {
      PORT: String(ports.b),
      NODE_NAME: 'b',
    }),
    new Service('workers-1', process.execPath, ['workers/dist/main.mjs']),
    new Service('workers-2', process.execPath, ['workers/dist/main.mjs']),
    new Service('nginx', values.nginx, ['-p', work, '-c', nginxConf, '-g', 'daemon off;']),
  ];
  const watchers: Watcher[] = [];
  let failed = true;
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { adminPassword: `nodes-${RUN}-Admin!` });
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

    const think = () => thinkMin + randomInt(Math.max(1, thinkMax - thinkMin + 1));
    const t0 = Date.now();
    await Promise.all(tokens.map((token) => student(urls.nginx, token, quizId, think)));
    const contestSeconds = (Date.now() - t0) / 1000;
    const allSettled = await settled(db, played.plays);
    let result = await verify(db, played.acked, played.plays);
    const rankedFrom = Date.now();
    while (result.standings.wrong > 0 && Date.now() - rankedFrom < 60_000) {
      await sleep(1000);
      result = await verify(db, played.acked, played.plays);
    }
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

    const control = await pollingWithoutCookie(room);
    const countedAgainst = await loginCountedAgainst();

    const lost = ackedCount - result.stored;
    const changed = result.stored - result.sameAnswer;
    const unscored = result.stored - result.scored;
    const errors = [...played.errors].map(([k, n]) => `${k} ×${n}`);
    const nodeA = played.nodes.get('a') ?? 0;
    const nodeB = played.nodes.get('b') ?? 0;
    const requests = [...played.nodes.values()].reduce((s, n) => s + n, 0);

    console.log(
      `\ntwo nodes behind nginx: ${count} students, think ${thinkMin}–${thinkMax} ms, contest ${contestSeconds.toFixed(1)} s`,
    );
    console.log('\n| request (through nginx) | n | p50 | p95 | p99 | max |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, samples] of played.samples) {
      const s = summarize(samples);
      console.log(`| ${name} | ${s.count} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`);
    }
    const page = nginxTimes('/api/play-quiz/available');
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
      console.log(`database kept: ${databaseUrl}; nginx files in ${work}`);
    } else {
      await adminStatement(values['admin-url'], `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(work, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
