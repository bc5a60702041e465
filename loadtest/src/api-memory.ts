// An api node's memory through contest day: starts the bundled api and workers (as `npm start` runs
// them) on a database of their own, runs the contest-day scenario against them, samples the api
// process's RSS (/proc/<pid>/status VmRSS) all along and for a while after, and prints the peak and
// the idle figure. Targets: peak under 400 MB, idle under 250 MB.
//
//   npx tsx loadtest/src/api-memory.ts --students 10000 --think 5000:15000 --idle 30
//
// Exits 1 when a target is missed or the scenario fails.
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
import { rssMb } from './bundled-process.js';
import { adminStatement, deleteRedisPrefix } from './run-resources.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    // Compressed think time: a contest-day's traffic shape in minutes rather than its 45.
    think: { type: 'string', default: '5000:15000' },
    // Seconds of sampling after the scenario ends (the node idle).
    idle: { type: 'string', default: '30' },
    interval: { type: 'string', default: '250' },
    // Questions each student answers (15 is the contest; 1 measures the start burst alone, quickly).
    questions: { type: 'string', default: '15' },
    'peak-target': { type: 'string', default: '400' },
    'idle-target': { type: 'string', default: '250' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    // Node and V8 flags for the api process only (e.g. --max-semi-space-size=4), given before its
    // script (some V8 flags are refused in NODE_OPTIONS), to compare settings.
    'api-node-options': { type: 'string', default: '' },
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = `${Date.now().toString(36)}_${randomInt(1e6).toString(36)}`;
const dbName = `riyazi_mem_${RUN}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const databaseUrl = (() => {
  const url = new URL(values['admin-url']);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const uploadDir = mkdtempSync(path.join(tmpdir(), 'riyazi-mem-'));
const port = 41_000 + randomInt(9000);
const metricsPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: `riyazi-mem-${RUN}`,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  UPLOAD_DIR: uploadDir,
};
// The api's own view of its memory (prom-client's process metrics), on a loopback port of its own.
const apiEnv = { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' };
const config = loadConfig(env);

interface Sample {
  at: number;
  mb: number;
  phase: 'start' | 'contest' | 'idle';
}

/** What the api says of itself: V8's heap, memory outside it (Buffers), and open handles (sockets). */
interface Inside {
  at: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  handles: number;
}

async function insideOf(t0: number): Promise<Inside | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const value = (name: string) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    return {
      at: Date.now() - t0,
      heapUsedMb: value('nodejs_heap_size_used_bytes') / 2 ** 20,
      heapTotalMb: value('nodejs_heap_size_total_bytes') / 2 ** 20,
      externalMb: value('nodejs_external_memory_bytes') / 2 ** 20,
      handles: value('nodejs_active_handles_total'),
    };
  } catch {
    return null;
  }
}

const describeInside = (i: Inside | undefined) =>
  i === undefined
    ? 'not measured'
    : `V8 heap ${i.heapUsedMb.toFixed(0)} MB used of ${i.heapTotalMb.toFixed(0)} MB, external ${i.externalMb.toFixed(0)} MB, ${i.handles} open handles`;

function sampler(pid: number, intervalMs: number) {
  const samples: Sample[] = [];
  let phase: Sample['phase'] = 'start';
  const inside: Inside[] = [];
  const t0 = Date.now();
  let tick = 0;
  const timer = setInterval(() => {
    const mb = rssMb(pid);
    if (mb !== null) {
      samples.push({ at: Date.now() - t0, mb, phase });
    }
    // Every 2 s: a scrape costs the api a little, and these move slowly.
    tick += 1;
    if (tick % Math.max(1, Math.round(2000 / intervalMs)) === 0) {
      void insideOf(t0).then((i) => i && inside.push(i));
    }
  }, intervalMs);
  return {
    samples,
    inside,
    setPhase: (next: Sample['phase']) => {
      phase = next;
    },
    stop: () => clearInterval(timer),
  };
}

function run(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function apiReady() {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const ok = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await sleep(100);
  }
  throw new Error('the api did not become ready within 60 s');
}

const peakOf = (samples: Sample[]) => samples.reduce((max, s) => Math.max(max, s.mb), 0);

async function main() {
  console.log('→ bundling the api and the workers');
  if (
    spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0
  ) {
    throw new Error('bundling failed');
  }
  await adminStatement(values['admin-url'], `CREATE DATABASE ${dbName}`);
  const db = createDb({ connectionString: databaseUrl, max: 2 });
  let api: ChildProcess | undefined;
  let workers: ChildProcess | undefined;
  let failed = true;
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { adminPassword: `mem-${RUN}-Admin!` });
    const spawnService = (script: string, extra: Record<string, string> = {}, flags: string[] = []) =>
      spawn(process.execPath, [...flags, script], {
        cwd: root,
        env: { ...env, ...extra },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    const apiFlags = values['api-node-options'].split(' ').filter((flag) => flag !== '');
    api = spawnService('api/dist/server.mjs', apiEnv, apiFlags);
    workers = spawnService('workers/dist/main.mjs');
    await apiReady();
    const rss = sampler(api.pid!, Number(values.interval));
    await sleep(2000);
    const afterStart = rssMb(api.pid!) ?? 0;

    rss.setPhase('contest');
    console.log(`→ contest day: ${values.students} students, think ${values.think} ms, api pid ${api.pid}`);
    const t0 = Date.now();
    const scenario = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'loadtest/src/contest-day.ts',
        '--students',
        values.students,
        '--think',
        values.think,
        '--saturate',
        '0',
        '--questions',
        values.questions,
        '--base',
        base,
      ],
      { cwd: root, env, stdio: 'inherit' },
    );
    const scenarioCode = await run(scenario);
    const contestSeconds = (Date.now() - t0) / 1000;

    rss.setPhase('idle');
    console.log(`→ idle for ${values.idle} s`);
    await sleep(Number(values.idle) * 1000);
    rss.stop();

    const contest = rss.samples.filter((s) => s.phase === 'contest');
    const idle = rss.samples.filter((s) => s.phase === 'idle');
    const peak = peakOf(contest);
    const idleEnd = idle.at(-1)?.mb ?? 0;
    const peakAt = contest.find((s) => s.mb === peak)?.at ?? 0;
    console.log(
      `\napi memory through contest day (${values.students} students, ${contestSeconds.toFixed(0)} s):`,
    );
    console.log(`  RSS after start ${afterStart.toFixed(0)} MB`);
    console.log(
      `  peak ${peak.toFixed(0)} MB (${(peakAt / 1000).toFixed(0)} s after sampling began; target < ${values['peak-target']} MB)`,
    );
    console.log(
      `  idle ${values.idle} s after: ${idleEnd.toFixed(0)} MB (lowest ${Math.min(...idle.map((s) => s.mb)).toFixed(0)} MB; target < ${values['idle-target']} MB)`,
    );
    const nearest = (at: number) =>
      rss.inside.reduce<Inside | undefined>(
        (best, i) => (best === undefined || Math.abs(i.at - at) < Math.abs(best.at - at) ? i : best),
        undefined,
      );
    console.log(`  at the peak: ${describeInside(nearest(peakAt))}`);
    console.log(`  at the end: ${describeInside(rss.inside.at(-1))}`);
    failed =
      scenarioCode !== 0 || peak >= Number(values['peak-target']) || idleEnd >= Number(values['idle-target']);
    console.log(failed ? '\n✗ a target was missed or the scenario failed' : '\n✓ within both targets');
  } finally {
    api?.kill('SIGTERM');
    workers?.kill('SIGTERM');
    await Promise.all([api, workers].map((c) => (c && c.exitCode === null ? run(c) : null)));
    await db.destroy();
    await deleteRedisPrefix(config.REDIS_URL, config.REDIS_PREFIX);
    rmSync(uploadDir, { recursive: true, force: true });
    await adminStatement(values['admin-url'], `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
  process.exit(failed ? 1 : 0);
}

await main();
