// A province's contest day on several hosts of this machine, and its fault drills (issue #31 items
// 2, 4, 5). As root: builds a network namespace per host (hosts.ts), runs PostgreSQL primary +
// replica, PgBouncer, Redis primary + replica + three Sentinels, two app hosts (api + workers each,
// the workers watched by a supervisor polling their liveness), nginx; plays the contest from
// rz-client through nginx (contest.ts); verifies every acknowledged answer stored and scored once;
// measures CPU per answer and connections; removes everything it made, also on failure and Ctrl-C.
//
//   sudo npx tsx loadtest/src/rehearsal/run.ts                         # the rehearsal
//   sudo npx tsx loadtest/src/rehearsal/run.ts --drill redis-primary   # + a fault while it runs
//   (drills: redis-primary, app-host, pgbouncer-restart, pg-replica, workers-freeze;
//   --cleanup removes what a killed run left)
//
// Ends with one line `rehearsal: N acknowledged, N scored once, 0 lost, …` and exit code 0/1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { rooms } from '@riyazi/api/contracts';
import { createDb, type Db } from '@riyazi/db';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import { createVirtualStudents, openContest } from '../contest-fixtures.js';
import { verifyOnceRanked } from '../contest-verify.js';
import { request } from '../http-client.js';
import { bundleServer, migrateAndSeed, repoRoot, sleep } from '../own-stack.js';
import { summarize } from '../stats.js';
import { openStudentSessions } from '../student-tokens.js';
import { writeNginxConfig } from '../two-nodes-nginx.js';
import type { ContestBrief, ContestOutcome } from './contest.js';
import { buildHosts, HOSTS, type Host, leftovers, onHost, removeHosts, setHostLink } from './hosts.js';
import {
  API_PORT,
  BOUNCER_PORT,
  PG_PORT,
  type PoolMode,
  Proc,
  SENTINEL_MASTER,
  SENTINELS,
  type Stack,
  startNginx,
  startPgBouncer,
  startPostgres,
  startRedis,
  treeCpuMs,
  until,
  WORKER_HEALTH_PORT,
} from './services.js';

const DRILLS = [
  'none',
  'redis-primary',
  'app-host',
  'pgbouncer-restart',
  'pg-replica',
  'workers-freeze',
] as const;
type Drill = (typeof DRILLS)[number];

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '300' },
    think: { type: 'string', default: '1000:3000' },
    ramp: { type: 'string', default: '30' },
    grade: { type: 'string', default: 'Grade 3' },
    drill: { type: 'string', default: 'none' },
    // Seconds after the contest opens; default: once three boards were heard (plays finishing,
    // boards moving, answers still flowing) and 20 s at least.
    'drill-at': { type: 'string' },
    // PgBouncer's pool mode for api and workers; prepared statements on only in session mode.
    pool: { type: 'string', default: 'transaction' },
    'pool-size': { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
    cleanup: { type: 'boolean', default: false },
  },
});

const drill = values.drill as Drill;
const poolMode = values.pool as PoolMode;
const JWT_SECRET = 'riyazi-rehearsal-secret-not-for-production-0123456789';
const PRIMARY_URL = `postgres://postgres@${HOSTS['rz-db1']}:${PG_PORT}`;
const BOUNCER_URL = `postgres://postgres@${HOSTS['rz-bouncer']}:${BOUNCER_PORT}`;
const NGINX_URL = `http://${HOSTS['rz-lb']}`;
const APP_HOSTS = ['rz-app1', 'rz-app2'] as const;
type AppHost = (typeof APP_HOSTS)[number];

if (values.cleanup) {
  const left = removeHosts();
  console.log(left.length ? `left: ${left.join(', ')}` : 'rehearsal: nothing of a previous run is left');
  process.exit(left.length ? 1 : 0);
}
if (process.getuid?.() !== 0) {
  console.error('the rehearsal builds network namespaces: run it as root');
  process.exit(2);
}
if (!DRILLS.includes(drill) || !['transaction', 'session'].includes(poolMode)) {
  console.error(`--drill one of ${DRILLS.join(', ')}; --pool transaction or session`);
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), 'rz-rehearsal-'));
const stack: Stack = { procs: new Map(), work };
const proc = (name: string) => stack.procs.get(name) as Proc;
const t = () => new Date().toISOString().slice(11, 19);
const say = (line: string) => console.log(`${t()} ${line}`);

// ---------------------------------------------------------------------------------------------
// Cleaning up: at the end, on failure, on Ctrl-C. Nothing of the run may stay.

let cleaned = false;
async function cleanUp() {
  if (cleaned) {
    return;
  }
  cleaned = true;
  for (const supervisor of supervisors) {
    supervisor.stop();
  }
  contestChild?.kill('SIGKILL');
  await Promise.all([...stack.procs.values()].map((p) => p.stop('SIGTERM', 5000).catch(() => {})));
  const left = removeHosts();
  if (values.keep) {
    console.log(`logs kept in ${work}`);
  } else {
    rmSync(work, { recursive: true, force: true });
  }
  if (left.length) {
    console.error(`NOT removed: ${left.join(', ')} (run again with --cleanup)`);
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: removing the rehearsal's hosts`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// App hosts: an api node and a workers node each, and a supervisor restarting unhealthy workers.

function appEnv(host: AppHost): Record<string, string> {
  const prepared = poolMode === 'session';
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    HOST: HOSTS[host],
    PORT: String(API_PORT),
    NODE_NAME: host.slice(3),
    DATABASE_URL: `${BOUNCER_URL}/riyazi`,
    DATABASE_PREPARED_STATEMENTS: String(prepared),
    DATABASE_DIRECT_URL: `${BOUNCER_URL}/riyazi_session`,
    // Boards, reports and exports read the replica when the rules allow (README "Read replica").
    DATABASE_READ_URL: `postgres://postgres@${HOSTS['rz-db2']}:${PG_PORT}/riyazi`,
    REDIS_URL: 'redis://sentinel-named-master:6379',
    REDIS_SENTINELS: SENTINELS,
    REDIS_SENTINEL_NAME: SENTINEL_MASTER,
    REDIS_PREFIX: 'riyazi',
    JWT_SECRET,
    TRUST_PROXY: 'true',
    PUBLIC_URL: NGINX_URL,
    UPLOAD_DIR: path.join(work, 'uploads'),
    LOG_LEVEL: 'warn',
    WORKER_HEALTH_PORT: String(WORKER_HEALTH_PORT),
  };
}

/**
 * What k8s' liveness probe or compose's healthcheck does for a workers node: polls its
 * GET /health/live every 2 s (1.5 s timeout); three failures in a row (503, or no answer once the
 * 30 s start grace is over), or the process gone, and the node is killed and started again. A host
 * whose cable was pulled is not watched (its processes are gone with it).
 */
class Supervisor {
  static readonly PERIOD_MS = 2000;
  static readonly FAILURES = 3;
  static readonly GRACE_MS = 30_000;
  restarts: { at: number; why: string }[] = [];
  unhealthy: number[] = [];
  refused = 0;
  beats: { at: number; ago: number }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private bad = 0;
  private startedAt = Date.now();
  private busy = false;
  dead = false;
  constructor(
    readonly host: AppHost,
    readonly workers: Proc,
  ) {}

  start() {
    this.startedAt = Date.now();
    this.timer = setInterval(() => {
      if (!this.busy) {
        this.busy = true;
        void this.check().finally(() => {
          this.busy = false;
        });
      }
    }, Supervisor.PERIOD_MS);
  }

  stop() {
    if (this.timer) {
      clearInterval(this.timer);
    }
  }

  private async probe(): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetch(`http://${HOSTS[this.host]}:${WORKER_HEALTH_PORT}/health/live`, {
        signal: AbortSignal.timeout(1500),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    } catch {
      return { status: 0, body: null };
    }
  }

  private async check() {
    if (this.dead) {
      return;
    }
    if (!this.workers.alive) {
      await this.restart('exited');
      return;
    }
    const res = await this.probe();
    if (res.status === 200) {
      this.bad = 0;
      const ago = (res.body as { lastHeartbeatMsAgo?: number } | null)?.lastHeartbeatMsAgo;
      if (typeof ago === 'number') {
        this.beats.push({ at: Date.now(), ago });
      }
      return;
    }
    if (res.status === 0) {
      this.refused += 1;
      if (Date.now() - this.startedAt < Supervisor.GRACE_MS) {
        return;
      }
    } else {
      this.unhealthy.push(Date.now());
    }
    this.bad += 1;
    if (this.bad >= Supervisor.FAILURES) {
      await this.restart(res.status === 0 ? 'no answer 3 times' : `${res.status} 3 times`);
    }
  }

  /** The stalest heartbeat a 200 reported at or after `from` (ms), or null. */
  stalestSince(from: number): number | null {
    const agos = this.beats.filter((b) => b.at >= from).map((b) => b.ago);
    return agos.length ? Math.max(...agos) : null;
  }

  private async restart(why: string) {
    say(`supervisor ${this.host}: restarting workers (${why})`);
    this.restarts.push({ at: Date.now(), why });
    this.bad = 0;
    await this.workers.stop('SIGKILL');
    this.workers.start();
    this.startedAt = Date.now();
  }
}
const supervisors: Supervisor[] = [];

function startApp(host: AppHost) {
  const env = appEnv(host);
  const api = new Proc(`api-${host.slice(3)}`, host, [process.execPath, 'api/dist/server.mjs'], work, env);
  const workers = new Proc(
    `workers-${host.slice(3)}`,
    host,
    [process.execPath, 'workers/dist/main.mjs'],
    work,
    env,
  );
  stack.procs.set(api.name, api.start());
  stack.procs.set(workers.name, workers.start());
  const supervisor = new Supervisor(host, workers);
  supervisors.push(supervisor);
  return supervisor;
}

// ---------------------------------------------------------------------------------------------
// Measuring: CPU per process group, connections.

const GROUPS: Record<string, { procs: string[]; host: (name: string) => Host }> = {
  api: { procs: ['api-app1', 'api-app2'], host: (n) => `rz-${n.slice(4)}` as Host },
  workers: { procs: ['workers-app1', 'workers-app2'], host: (n) => `rz-${n.slice(8)}` as Host },
  'PostgreSQL primary': { procs: ['postgres-primary'], host: () => 'rz-db1' },
  'PostgreSQL replica': { procs: ['postgres-replica'], host: () => 'rz-db2' },
  PgBouncer: { procs: ['pgbouncer'], host: () => 'rz-bouncer' },
  'Redis primary': { procs: ['redis-primary'], host: () => 'rz-redis1' },
  'Redis replica': { procs: ['redis-replica'], host: () => 'rz-redis2' },
  'Sentinels (3)': {
    procs: ['sentinel-sent1', 'sentinel-sent2', 'sentinel-sent3'],
    host: (n) => `rz-${n.slice(9)}` as Host,
  },
  nginx: { procs: ['nginx'], host: () => 'rz-lb' },
};

/** CPU ms of each group now; per process (pid) so a restarted one is not subtracted from another. */
function cpuSnapshot(): Map<string, number> {
  const snap = new Map<string, number>();
  for (const group of Object.values(GROUPS)) {
    for (const name of group.procs) {
      const p = stack.procs.get(name);
      if (p?.pid) {
        snap.set(`${name}:${p.pid}`, treeCpuMs(p.pid, group.host(name)));
      }
    }
  }
  return snap;
}

function cpuPerGroup(before: Map<string, number>, after: Map<string, number>) {
  const out: Record<string, number> = {};
  for (const [group, { procs }] of Object.entries(GROUPS)) {
    let ms = 0;
    for (const [key, value] of after) {
      if (procs.includes(key.split(':')[0] as string)) {
        ms += value - (before.get(key) ?? 0);
      }
    }
    out[group] = ms;
  }
  return out;
}

async function connections() {
  const result: Record<string, string> = {};
  const bouncer = new pg.Client({ connectionString: `${BOUNCER_URL}/pgbouncer` });
  try {
    await bouncer.connect();
    const pools = await bouncer.query('SHOW POOLS');
    result['PgBouncer pools (cl_active/cl_waiting/sv_active/sv_idle/maxwait)'] = pools.rows
      .filter((r) => r.database !== 'pgbouncer')
      .map((r) => `${r.database}: ${r.cl_active}/${r.cl_waiting}/${r.sv_active}/${r.sv_idle}/${r.maxwait}s`)
      .join('; ');
  } catch (err) {
    result.PgBouncer = `unreachable (${(err as Error).message})`;
  } finally {
    await bouncer.end().catch(() => {});
  }
  const primary = new pg.Client({ connectionString: `${PRIMARY_URL}/postgres` });
  try {
    await primary.connect();
    const { rows } = await primary.query(
      `SELECT coalesce(nullif(application_name, ''), backend_type) AS who, state, count(*)::int AS n
       FROM pg_stat_activity GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    result['pg_stat_activity on the primary (who/state ×n)'] = rows
      .map((r) => `${r.who}/${r.state ?? '-'} ×${r.n}`)
      .join(', ');
  } finally {
    await primary.end().catch(() => {});
  }
  const sentinel = new Redis({ host: HOSTS['rz-sent1'], port: 26379, lazyConnect: true });
  try {
    const [host, port] = (await sentinel.call(
      'SENTINEL',
      'get-master-addr-by-name',
      SENTINEL_MASTER,
    )) as string[];
    const master = new Redis({ host, port: Number(port), lazyConnect: true });
    const list = String(await master.call('CLIENT', 'LIST'));
    master.disconnect();
    const byName = new Map<string, number>();
    for (const line of list.trim().split('\n')) {
      const name = /\bname=(\S*)/.exec(line)?.[1] || '(unnamed)';
      const who = name.replace(/[:-][0-9a-f-]{8,}.*$/, '');
      byName.set(who, (byName.get(who) ?? 0) + 1);
    }
    result[`Redis master ${host} CLIENT LIST (${list.trim().split('\n').length})`] = [...byName]
      .map(([n, c]) => `${n} ×${c}`)
      .join(', ');
  } catch (err) {
    result.Redis = `unreachable (${(err as Error).message})`;
  } finally {
    sentinel.disconnect();
  }
  return result;
}

/** Bytes of WAL the primary has written so far. */
async function walBytes(db: Db): Promise<number> {
  const { rows } = await sql<{
    b: string;
  }>`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS b`.execute(db);
  return Number(rows[0]?.b ?? 0);
}

/** PgBouncer's running totals for the `riyazi` pool (SHOW STATS), or null when it cannot be asked. */
async function bouncerTotals() {
  const bouncer = new pg.Client({ connectionString: `${BOUNCER_URL}/pgbouncer` });
  try {
    await bouncer.connect();
    const { rows } = await bouncer.query('SHOW STATS');
    const row = rows.find((r) => r.database === 'riyazi');
    return row
      ? {
          xacts: Number(row.total_xact_count),
          queries: Number(row.total_query_count),
          xactUs: Number(row.total_xact_time),
          waitUs: Number(row.total_wait_time),
        }
      : null;
  } catch {
    return null;
  } finally {
    await bouncer.end().catch(() => {});
  }
}

async function sentinelMaster(): Promise<string | null> {
  const sentinel = new Redis({
    host: HOSTS['rz-sent2'],
    port: 26379,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
  });
  try {
    const [host] = (await sentinel.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER)) as string[];
    return host ?? null;
  } catch {
    return null;
  } finally {
    sentinel.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// The drills.

interface DrillRecord {
  at: number;
  what: string;
  notes: string[];
}

async function runDrill(): Promise<DrillRecord> {
  const record: DrillRecord = { at: Date.now(), what: drill, notes: [] };
  if (drill === 'redis-primary') {
    say('drill: SIGKILL to the Redis primary on rz-redis1');
    await proc('redis-primary').stop('SIGKILL');
    void until(
      'Sentinel promoting rz-redis2',
      async () => (await sentinelMaster()) === HOSTS['rz-redis2'],
      60_000,
    )
      .then(() => record.notes.push(`Sentinel named rz-redis2 master after ${secs(Date.now() - record.at)}`))
      .catch(() => record.notes.push('Sentinel did NOT promote rz-redis2 within 60 s'));
  } else if (drill === 'app-host') {
    say('drill: rz-app2 dies: its api and workers SIGKILLed, its link down');
    const supervisor = supervisors.find((s) => s.host === 'rz-app2') as Supervisor;
    supervisor.dead = true;
    setHostLink('rz-app2', false);
    await Promise.all([proc('api-app2').stop('SIGKILL'), proc('workers-app2').stop('SIGKILL')]);
  } else if (drill === 'pgbouncer-restart') {
    say('drill: PgBouncer restarted (SIGTERM: immediate shutdown, then started again)');
    const bouncer = proc('pgbouncer');
    await bouncer.stop('SIGTERM');
    bouncer.start();
    record.notes.push(`PgBouncer down ${secs(Date.now() - record.at)}`);
  } else if (drill === 'workers-freeze') {
    // A workers node that is there but does nothing (what a dead queue connection looks like from
    // outside): SIGSTOP. Its liveness stops answering; the supervisor must restart it.
    say('drill: the workers on rz-app1 frozen (SIGSTOP)');
    const pid = proc('workers-app1').pid;
    if (pid) {
      process.kill(pid, 'SIGSTOP');
    }
    record.notes.push(
      'jobs the frozen node held are taken over once BullMQ finds them stalled (its lock expires)',
    );
  } else if (drill === 'pg-replica') {
    say('drill: the PostgreSQL replica on rz-db2 stopped (fast shutdown)');
    await proc('postgres-replica').stop('SIGINT');
    record.notes.push(
      'the boards read the replica (DATABASE_READ_URL) until it stops, then the primary: the HTTP board reads above must stay 200',
    );
  }
  return record;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Seconds from the fault until acknowledgements come at ≥ 50 % of the 10 s before it (1 s buckets). */
function recovery(times: number[], at: number) {
  const before = times.filter((x) => x >= at - 10_000 && x < at).length / 10;
  const after = times.filter((x) => x >= at).sort((a, b) => a - b);
  // Until 95 % of the answers were in: the contest's tail (a few stragglers) has gaps of its own.
  const bulkEnd = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? at;
  let longestGap = 0;
  let prev = at;
  for (const x of after) {
    if (x > bulkEnd) {
      break;
    }
    longestGap = Math.max(longestGap, x - prev);
    prev = x;
  }
  let back: number | null = null;
  for (let s = 0; s < 120; s += 1) {
    const n = after.filter((x) => x >= at + s * 1000 && x < at + (s + 1) * 1000).length;
    if (n >= before * 0.5) {
      back = s;
      break;
    }
  }
  return { ratePerSecond: before, longestGapMs: longestGap, backAfterS: back };
}

// ---------------------------------------------------------------------------------------------

let contestChild: ChildProcess | null = null;

async function main(): Promise<number> {
  say(`work folder ${work}; drill ${drill}; PgBouncer ${poolMode} mode`);
  bundleServer();
  buildHosts();
  say(`hosts: ${Object.keys(HOSTS).join(' ')} on bridge 10.77.0.0/16`);
  await startPostgres(stack);
  startRedis(stack);
  say('PostgreSQL primary + replica ready; Redis primary + replica + 3 Sentinels started');
  const admin = new pg.Client({ connectionString: `${PRIMARY_URL}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE riyazi');
  await admin.end();
  const db: Db = createDb({ connectionString: `${PRIMARY_URL}/riyazi`, max: 4 });
  try {
    await migrateAndSeed(db, 'rehearsal-Admin-1234!');
    const { gradeId, quizId } = await openContest(db, values.grade);
    const { phaseId } = await db
      .selectFrom('quizzes')
      .select('phaseId')
      .where('id', '=', quizId)
      .executeTakeFirstOrThrow();
    const count = Number(values.students);
    const studentIds = await createVirtualStudents(db, gradeId, count, 'rehearsal');
    const tokens = await openStudentSessions(db, JWT_SECRET, studentIds);

    startPgBouncer(stack, poolMode, Number(values['pool-size']));
    await until('PgBouncer accepting', async () => {
      const c = new pg.Client({ connectionString: `${BOUNCER_URL}/riyazi` });
      await c.connect();
      await c.end();
      return true;
    });
    await until('Sentinels agreeing (2 others, 1 replica each)', async () => {
      const s = new Redis({ host: HOSTS['rz-sent1'], port: 26379, lazyConnect: true });
      try {
        const flat = (await s.call('SENTINEL', 'master', SENTINEL_MASTER)) as string[];
        const info = Object.fromEntries(flat.flatMap((v, i) => (i % 2 ? [] : [[v, flat[i + 1]]])));
        return info['num-other-sentinels'] === '2' && info['num-slaves'] === '1';
      } finally {
        s.disconnect();
      }
    });
    say('PgBouncer and Sentinels ready');

    for (const host of APP_HOSTS) {
      startApp(host);
    }
    const nginxDir = path.join(work, 'nginx');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(nginxDir);
    const nginxConf = writeNginxConfig({
      nginx: '/usr/sbin/nginx',
      work: nginxDir,
      ports: { nginx: 80, a: API_PORT, b: API_PORT },
      upstreams: APP_HOSTS.map((h) => `${HOSTS[h]}:${API_PORT}`),
      listen: `${HOSTS['rz-lb']}:80`,
      testPrefix: ['ip', 'netns', 'exec', 'rz-lb'],
    });
    startNginx(stack, nginxConf, nginxDir);
    const ready = async (base: string, what: string) =>
      until(
        what,
        async () => (await request(base, 'GET', '/api/health/ready', null)).status === 200,
        120_000,
      );
    await Promise.all([
      ...APP_HOSTS.map((h) => ready(`http://${HOSTS[h]}:${API_PORT}`, `api on ${h}`)),
      ready(NGINX_URL, 'nginx'),
    ]);
    for (const s of supervisors) {
      s.start();
    }
    say(`api on both app hosts ready behind nginx ${NGINX_URL}`);
    // What everything costs with nobody playing (timers, polls, replication, Sentinels' pings):
    // subtracted below to leave what the answers cost.
    await sleep(3000);
    const idleBefore = cpuSnapshot();
    const idleFrom = Date.now();
    await sleep(10_000);
    const idle = cpuPerGroup(idleBefore, cpuSnapshot());
    const idleSeconds = (Date.now() - idleFrom) / 1000;
    const idlePerSecond = Object.fromEntries(Object.entries(idle).map(([g, ms]) => [g, ms / idleSeconds]));

    const briefFile = path.join(work, 'contest.json');
    const brief: ContestBrief = {
      base: NGINX_URL,
      tokens,
      quizId,
      room: rooms.leaderboard(phaseId, gradeId),
      boardPath: `/api/leaderboard?phaseId=${phaseId}&gradeId=${gradeId}&limit=10`,
      think: values.think,
      rampSeconds: Number(values.ramp),
    };
    writeFileSync(briefFile, JSON.stringify(brief));
    const [cmd, args] = onHost('rz-client', process.execPath, [
      '--import',
      'tsx',
      path.join(repoRoot, 'loadtest/src/rehearsal/contest.ts'),
      briefFile,
    ]);
    const child = spawn(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    contestChild = child;
    const lines = createInterface({ input: child.stdout! });
    const seen = (line: string) =>
      new Promise<void>((resolve) => lines.on('line', (l) => l === line && resolve()));
    let boardsHeard = 0;
    lines.on('line', (l) => {
      boardsHeard += l === 'board' ? 1 : 0;
    });
    const playing = seen('playing');
    const played = seen('played');
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
    );
    await playing;
    say(
      `${count} students play from rz-client through nginx (start ramp ${values.ramp} s, think ${values.think} ms)`,
    );
    const cpuBefore = cpuSnapshot();
    const bouncerBefore = await bouncerTotals();
    const walBefore = await walBytes(db);
    const t0 = Date.now();
    let conns: Record<string, string> = {};
    const drillAtMs = values['drill-at'] === undefined ? null : Number(values['drill-at']) * 1000;
    const drillTime = async () => {
      while (
        drillAtMs === null
          ? !(boardsHeard >= 3 && Date.now() - t0 >= 20_000) && Date.now() - t0 < 120_000
          : Date.now() - t0 < drillAtMs
      ) {
        await sleep(250);
      }
    };
    // Connections are counted just before the fault (mid-contest in a rehearsal without one).
    const sampled = (drill === 'none' ? sleep(30_000) : drillTime()).then(async () => {
      conns = await connections();
    });
    let record: DrillRecord | null = null;
    const drilled =
      drill === 'none'
        ? sampled
        : sampled.then(async () => {
            record = await runDrill();
          });
    await played;
    await drilled;
    say('the last student is done; waiting for every answer to be scored and ranked');
    const outcomeLater = exited;
    // The answers the children were acknowledged: read once they are all in (the child keeps them).
    child.kill('SIGTERM');
    const how = await outcomeLater;
    if (how !== 'code 0') {
      say(
        `the contest runner on rz-client ended with ${how}: reading what it saved when the last student was done`,
      );
    }
    const outcome = JSON.parse(readFileSync(`${briefFile}.out`, 'utf8')) as ContestOutcome;
    const verified = await verifyOnceRanked(db, outcome.acked, outcome.plays);
    const cpuAfter = cpuSnapshot();
    const bouncerAfter = await bouncerTotals();
    const wal = (await walBytes(db)) - walBefore;
    conns['PostgreSQL WAL written, contest start → all scored'] =
      `${(wal / 1e6).toFixed(1)} MB, ${(wal / Math.max(1, outcome.acked.length) / 1024).toFixed(1)} kB per answer`;
    if (bouncerBefore && bouncerAfter) {
      const n = Math.max(1, outcome.acked.length);
      const xacts = bouncerAfter.xacts - bouncerBefore.xacts;
      conns['PgBouncer, contest start → all scored (per answer)'] =
        `${(xacts / n).toFixed(1)} transactions, ${((bouncerAfter.queries - bouncerBefore.queries) / n).toFixed(1)} queries; ` +
        `mean transaction ${((bouncerAfter.xactUs - bouncerBefore.xactUs) / Math.max(1, xacts) / 1000).toFixed(2)} ms; ` +
        `clients waited ${((bouncerAfter.waitUs - bouncerBefore.waitUs) / n / 1000).toFixed(2)} ms per answer for a server connection`;
    }
    const cpu = cpuPerGroup(cpuBefore, cpuAfter);
    const wall = (Date.now() - t0) / 1000;
    return report({ count, outcome, verified, cpu, idlePerSecond, conns, record, wall });
  } finally {
    await db.destroy();
  }
}

interface ReportInput {
  count: number;
  outcome: ContestOutcome;
  verified: Awaited<ReturnType<typeof verifyOnceRanked>>;
  cpu: Record<string, number>;
  idlePerSecond: Record<string, number>;
  conns: Record<string, string>;
  record: DrillRecord | null;
  wall: number;
}

function report({ count, outcome, verified, cpu, idlePerSecond, conns, record, wall }: ReportInput): number {
  const { result, lost, changed, unscored, allSettled } = verified;
  const acked = outcome.acked.length;
  const scoredOnce = result.scored - result.mismatched;
  const answer = summarize(outcome.answerMs);
  const errorKinds = new Map<string, number>();
  for (const e of outcome.errors) {
    errorKinds.set(e.key, (errorKinds.get(e.key) ?? 0) + 1);
  }
  const contestS = (outcome.t1 - outcome.t0) / 1000;
  console.log(`\n| figure | value |\n|---|---|`);
  console.log(`| students, plays started/finished | ${count}, ${outcome.plays.length}/${result.finished} |`);
  console.log(`| contest | ${contestS.toFixed(1)} s (${(acked / contestS).toFixed(0)} answers/s average) |`);
  console.log(
    `| submit-answer (first send → 200, retries included) | p50 ${answer.median.toFixed(0)} ms, p99 ${answer.p99.toFixed(0)} ms, max ${answer.max.toFixed(0)} ms |`,
  );
  console.log(
    `| errors the children saw | ${outcome.errors.length === 0 ? 0 : [...errorKinds].map(([k, n]) => `${k} ×${n}`).join(', ')} |`,
  );
  console.log(`| requests given up on | ${outcome.refused.length} |`);
  console.log(
    `| boards heard through nginx | ${outcome.boards.length}, socket disconnects ${outcome.boardDisconnects.length} |`,
  );
  console.log(
    `| board read over HTTP once a second (the replica's reads) | ${boardReadLine(outcome.boardReads)} |`,
  );
  console.log(
    `\n| CPU, contest start → every answer scored (${wall.toFixed(0)} s) | ms total | idle ms/s (10 s before) | ms per answer | ms per answer above idle |\n|---|---:|---:|---:|---:|`,
  );
  for (const [group, ms] of Object.entries(cpu)) {
    const idleMs = (idlePerSecond[group] ?? 0) * wall;
    console.log(
      `| ${group} | ${ms.toFixed(0)} | ${(idlePerSecond[group] ?? 0).toFixed(1)} | ${(ms / Math.max(1, acked)).toFixed(2)} | ${((ms - idleMs) / Math.max(1, acked)).toFixed(2)} |`,
    );
  }
  console.log('\n| connections (mid-contest) and pooling | |\n|---|---|');
  for (const [k, v] of Object.entries(conns)) {
    console.log(`| ${k} | ${v} |`);
  }
  const workersRestarts = supervisors.flatMap((s) =>
    s.restarts.map((r) => `${s.host} ${r.why} at +${secs(r.at - (record?.at ?? outcome.t0))}`),
  );
  const refusedProbes = supervisors.map((s) => `${s.host} ${s.refused}`).join(', ');
  const stalest = supervisors
    .map((s) => {
      const ms = s.stalestSince(record?.at ?? outcome.t0);
      return `${s.host} ${ms === null ? '-' : secs(ms)}`;
    })
    .join(', ');
  let drillLine = '';
  if (record) {
    const r = recovery(
      outcome.acked.map((a) => a.at),
      record.at,
    );
    const boardsAfter = outcome.boards.filter((b) => b >= record!.at);
    const boardsBefore = outcome.boards.filter((b) => b < record!.at);
    const boardGapBefore =
      boardsBefore.length > 1
        ? (boardsBefore.at(-1)! - boardsBefore[0]!) / (boardsBefore.length - 1)
        : Number.NaN;
    const boardBack = boardsAfter.length ? boardsAfter[0]! - record.at : null;
    const errorsAfter = outcome.errors.filter((e) => e.at >= record!.at && e.at < record!.at + 60_000).length;
    console.log(`\n| drill ${record.what} | |\n|---|---|`);
    console.log(`| answers/s in the 10 s before | ${r.ratePerSecond.toFixed(0)} |`);
    console.log(
      `| longest gap between acknowledged answers after the fault (until 95 % were in) | ${secs(r.longestGapMs)} |`,
    );
    console.log(
      `| answers flowing again (≥ 50 % of the rate before, 1 s buckets) | ${r.backAfterS === null ? 'NOT within 120 s' : `after ${r.backAfterS} s`} |`,
    );
    console.log(
      `| boards moving again (first board after the fault; before it one every ${secs(boardGapBefore)}) | ${boardBack === null ? 'NO board after the fault' : `after ${secs(boardBack)}`} |`,
    );
    console.log(`| errors the children saw in the minute after the fault | ${errorsAfter} |`);
    for (const note of record.notes) {
      console.log(`| note | ${note} |`);
    }
    drillLine = `, drill ${record.what}: answers back after ${r.backAfterS ?? '>120'} s, boards after ${boardBack === null ? 'never' : secs(boardBack)}, ${errorsAfter} errors seen`;
  }
  console.log(
    `\n| workers supervisor | restarts: ${workersRestarts.length ? workersRestarts.join('; ') : 'none'}; liveness probes unanswered: ${refusedProbes}; stalest heartbeat a 200 reported ${record ? 'after the fault' : 'during the contest'} (503 past 30 s): ${stalest}; 503s: ${supervisors.map((s) => `${s.host} ${s.unhealthy.length}`).join(', ')} |`,
  );
  const failed =
    lost + changed + unscored + result.mismatched + result.standings.wrong > 0 ||
    !allSettled ||
    outcome.refused.length > 0 ||
    result.finished !== outcome.plays.length ||
    outcome.plays.length !== count;
  console.log(
    `\nrehearsal: ${acked} acknowledged, ${scoredOnce} scored once, ${lost} lost, ${changed} changed, ${unscored} unscored, ${result.standings.wrong} wrong standings, ${outcome.errors.length} errors seen (${outcome.refused.length} given up), answer p50 ${answer.median.toFixed(0)} ms p99 ${answer.p99.toFixed(0)} ms${drillLine} → ${failed ? 'FAILED' : 'passed'}`,
  );
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`rehearsal failed: ${(err as Error).stack ?? err}`);
  for (const p of stack.procs.values()) {
    if (!p.alive) {
      console.error(`--- ${p.name} (exited) ---\n${p.tail()}`);
    }
  }
} finally {
  await cleanUp();
  const left = leftovers();
  console.log(left.length ? `left behind: ${left.join(', ')}` : 'cleaned up: no rz-* namespace or link left');
}
process.exit(code);

/** The visitor's HTTP board reads: how many, how many not 200, and how old their data was (asOf). */
function boardReadLine(reads: { status: number; ageMs: number | null }[]): string {
  const failed = reads.filter((r) => r.status !== 200).length;
  const ages = reads
    .map((r) => r.ageMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  const at = (q: number) => ages[Math.min(ages.length - 1, Math.floor(q * ages.length))] ?? 0;
  return `${reads.length} reads, ${failed} not 200; data age (asOf) p50 ${at(0.5)} ms, max ${at(1)} ms`;
}
