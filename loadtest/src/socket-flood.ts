// A guest's socket flood against one api node (issue #29): N guest sockets (no token) each emit
// `room:join('leaderboard:<random uuid>:<random uuid>')` J times as fast as they can, reconnecting
// whenever the node drops them. The api runs bundled, as docker-compose.yml runs it (NODE_ENV
// production, its heap flags), on a database and Redis prefix of its own; the flood comes from a
// child process at the lowest CPU priority (nice 19), while this one probes GET /api/health every 50 ms and reads the api's RSS every
// 250 ms: before (10 s quiet, the baseline), during, and for --settle seconds after the sockets close.
//
//   npx tsx loadtest/src/socket-flood.ts [--sockets 20] [--joins 50000] [--runs 3] [--settle 30]
//     [--api-node-options='--max-semi-space-size=4 --max-old-space-size=320'] [--root <checkout>]
//
// --root runs another checkout's api bundle (built there with `node scripts/build-server.mjs`), to
// measure a build without the limits the same way.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { rssMb, stopChild } from './bundled-process.js';
import { bundleServer, migrateAndSeed, ownResources, ownStackOptions, repoRoot, sleep } from './own-stack.js';
import { deleteRedisPrefix, freePort } from './run-resources.js';
import { summarize } from './stats.js';

interface FloodReport {
  sent: number;
  connects: number;
  refusedConnects: number;
  droppedByServer: number;
  ms: number;
}

// ---------------------------------------------------------------------------------------------
// Child: the flood.

async function floodFrom(base: string, joins: number): Promise<Omit<FloodReport, 'ms'>> {
  const report = { sent: 0, connects: 0, refusedConnects: 0, droppedByServer: 0 };
  const open = () =>
    new Promise<Socket | null>((resolve) => {
      const socket = connect(base, { transports: ['websocket'], reconnection: false, forceNew: true });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', () => {
        socket.close();
        resolve(null);
      });
    });
  let sent = 0;
  while (sent < joins) {
    const socket = await open();
    if (!socket) {
      report.refusedConnects += 1;
      await sleep(100);
      continue;
    }
    report.connects += 1;
    socket.once('disconnect', (reason) => {
      report.droppedByServer += reason === 'io server disconnect' ? 1 : 0;
    });
    while (socket.connected && sent < joins) {
      for (let k = 0; k < 200 && sent < joins; k += 1, sent += 1) {
        socket.emit('room:join', `leaderboard:${randomUUID()}:${randomUUID()}`);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    socket.close();
  }
  report.sent = sent;
  return report;
}

async function runChild() {
  const [base, sockets, joins] = process.argv.slice(3);
  const t0 = performance.now();
  const reports = await Promise.all(
    Array.from({ length: Number(sockets) }, () => floodFrom(base!, Number(joins))),
  );
  const total: FloodReport = { sent: 0, connects: 0, refusedConnects: 0, droppedByServer: 0, ms: 0 };
  for (const r of reports) {
    total.sent += r.sent;
    total.connects += r.connects;
    total.refusedConnects += r.refusedConnects;
    total.droppedByServer += r.droppedByServer;
  }
  total.ms = performance.now() - t0;
  process.send?.(total);
  // Let the last closes reach the node before exiting.
  setTimeout(() => process.exit(0), 500);
}

// ---------------------------------------------------------------------------------------------
// Parent: the api, the probes, the figures.

const { values } = parseArgs({
  // The child's arguments are positional (its base URL and counts).
  allowPositionals: true,
  options: {
    child: { type: 'boolean', default: false },
    ...ownStackOptions,
    sockets: { type: 'string', default: '20' },
    joins: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    baseline: { type: 'string', default: '10' },
    settle: { type: 'string', default: '30' },
    'api-node-options': { type: 'string', default: '--max-semi-space-size=4 --max-old-space-size=320' },
    root: { type: 'string', default: repoRoot },
  },
});

type Phase = 'baseline' | 'flood' | 'after';

/** CPU time a process has used (user + system), in seconds; Linux clock ticks are 1/100 s. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface RunFigures {
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  health: Record<Phase, ReturnType<typeof summarize>>;
  failedProbes: number;
  /** The api's CPU time over the flood's wall time (1 = one core busy throughout). */
  apiCpu: number;
  flood: FloodReport;
  /** Seconds into the flood when the api died, or null. */
  apiDiedAfter: number | null;
}

/** GET /api/health back to back, 50 ms apart, each timed; a failure or a 10 s wait counts as failed. */
function prober(base: string) {
  const latencies: Record<Phase, number[]> = { baseline: [], flood: [], after: [] };
  let phase: Phase = 'baseline';
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        (res) => res.ok,
        () => false,
      );
      latencies[phase].push(performance.now() - start);
      failed += ok ? 0 : 1;
      await sleep(50);
    }
  })();
  return {
    latencies,
    setPhase: (next: Phase) => {
      phase = next;
    },
    failed: () => failed,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function oneRun(run: number, env: (extra: Record<string, string>) => Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = values['api-node-options'].split(' ').filter((flag) => flag !== '');
  const api = spawn(process.execPath, [...flags, 'api/dist/server.mjs'], {
    cwd: values.root,
    env: env({ PORT: String(port), PUBLIC_URL: base }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let diedAt: number | null = null;
  const exited = new Promise<void>((resolve) =>
    api.once('exit', () => {
      diedAt = performance.now();
      resolve();
    }),
  );
  try {
    for (const deadline = Date.now() + 60_000; ; await sleep(100)) {
      if (
        await fetch(`${base}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      ) {
        break;
      }
      if (Date.now() > deadline || api.exitCode !== null || api.signalCode !== null) {
        throw new Error('the api did not become ready');
      }
    }
    const pid = api.pid!;
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(rssMb(pid) ?? 0), 250);
    const probes = prober(base);
    await sleep(Number(values.baseline) * 1000);
    const rssBefore = rssMb(pid) ?? 0;
    const from = rss.length;

    probes.setPhase('flood');
    const cpuBefore = cpuSeconds(pid);
    const floodStart = performance.now();
    console.log(`run ${run}: flooding ${base} with ${values.sockets} sockets × ${values.joins} joins`);
    const child: ChildProcess = fork(
      fileURLToPath(import.meta.url),
      ['--child', base, values.sockets, values.joins],
      { stdio: 'inherit' },
    );
    // The attacker's CPU is not the node's in a real deployment: here it yields to the api.
    setPriority(child.pid!, 19);
    const flood = await Promise.race([
      new Promise<FloodReport>((resolve) => child.once('message', (m) => resolve(m as FloodReport))),
      exited.then(() => {
        child.kill();
        return null;
      }),
    ]);
    probes.setPhase('after');
    const apiCpu = (cpuSeconds(pid) - cpuBefore) / ((performance.now() - floodStart) / 1000);
    await Promise.race([sleep(Number(values.settle) * 1000), exited]);
    clearInterval(sampler);
    await probes.stop();
    const figures: RunFigures = {
      rssBefore,
      rssPeak: Math.max(rssBefore, ...rss.slice(from)),
      rssAfter: rssMb(pid) ?? 0,
      health: {
        baseline: summarize(probes.latencies.baseline),
        flood: summarize(probes.latencies.flood),
        after: summarize(probes.latencies.after),
      },
      failedProbes: probes.failed(),
      apiCpu,
      flood: flood ?? { sent: 0, connects: 0, refusedConnects: 0, droppedByServer: 0, ms: 0 },
      apiDiedAfter: diedAt === null ? null : (diedAt - floodStart) / 1000,
    };
    return figures;
  } finally {
    // Killed by a signal (V8 aborts when its heap is full), it has no exit code and is gone already.
    if (api.signalCode === null) {
      await stopChild(api);
    }
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

function printRun(run: number, f: RunFigures) {
  const { baseline, flood, after } = f.health;
  console.log(
    [
      `run ${run}: ${f.apiDiedAfter === null ? '' : `THE API DIED ${f.apiDiedAfter.toFixed(0)} s into the flood; `}${f.flood.sent.toLocaleString('en')} joins sent in ${(f.flood.ms / 1000).toFixed(1)} s over ${f.flood.connects} connections (${f.flood.droppedByServer} dropped by the node, ${f.flood.refusedConnects} refused)`,
      `  RSS before ${mb(f.rssBefore)}, peak ${mb(f.rssPeak)} (+${mb(f.rssPeak - f.rssBefore)}), ${values.settle} s after ${mb(f.rssAfter)} (${f.rssAfter >= f.rssBefore ? '+' : ''}${mb(f.rssAfter - f.rssBefore)})`,
      `  health p50/p99/max: baseline ${ms(baseline.median)} / ${ms(baseline.p99)} / ${ms(baseline.max)} (${baseline.count}); flood ${ms(flood.median)} / ${ms(flood.p99)} / ${ms(flood.max)} (${flood.count}); after ${ms(after.median)} / ${ms(after.p99)} / ${ms(after.max)}; ${f.failedProbes} failed`,
      `  flood p99 / baseline p99: ×${(flood.p99 / baseline.p99).toFixed(1)}; the api's CPU during the flood: ${(f.apiCpu * 100).toFixed(0)}% of a core`,
    ].join('\n'),
  );
}

function printSummary(all: RunFigures[]) {
  const line = (what: string, pick: (f: RunFigures) => number, unit: (v: number) => string) => {
    const s = summarize(all.map(pick));
    const sorted = all.map(pick).sort((a, b) => a - b);
    console.log(`  ${what}: median ${unit(s.median)}, range ${unit(sorted[0]!)}–${unit(s.max)}`);
  };
  console.log(`\n${all.length} runs:`);
  line('RSS before', (f) => f.rssBefore, mb);
  line('RSS peak − before', (f) => f.rssPeak - f.rssBefore, mb);
  line(`RSS ${values.settle} s after − before`, (f) => f.rssAfter - f.rssBefore, mb);
  line('health p50 during the flood', (f) => f.health.flood.median, ms);
  line('health p99 during the flood', (f) => f.health.flood.p99, ms);
  line('health max during the flood', (f) => f.health.flood.max, ms);
  line(
    'health p99 flood / baseline',
    (f) => f.health.flood.p99 / f.health.baseline.p99,
    (v) => `×${v.toFixed(1)}`,
  );
}

async function runParent() {
  if (values.root === repoRoot) {
    bundleServer('the api');
  }
  const own = ownResources('flood', values['admin-url']);
  const db = await own.createDatabase(2);
  const secret = randomBytes(32).toString('hex');
  const uploads = mkdtempSync(path.join(tmpdir(), 'riyazi-flood-'));
  const env = (extra: Record<string, string>) =>
    own.env({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      ENCRYPTION_KEY: secret,
      UPLOAD_DIR: uploads,
      ...extra,
    });
  const all: RunFigures[] = [];
  try {
    await migrateAndSeed(db, `flood-${own.run}-Admin!`);
    for (let run = 1; run <= Number(values.runs); run += 1) {
      const figures = await oneRun(run, env);
      printRun(run, figures);
      all.push(figures);
    }
    printSummary(all);
  } finally {
    await db.destroy();
    rmSync(uploads, { recursive: true, force: true });
    await deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', own.redisPrefix);
    if (!values.keep) {
      await own.dropDatabase();
    }
  }
}

if (process.argv[2] === '--child') {
  await runChild();
} else {
  await runParent();
}
