#!/usr/bin/env node
// One command from a fresh clone: install what is missing, build the client, prepare the database,
// bundle and run the api and the workers. `--dev` runs them from source with tsx, reloads on
// change and serves the client with Vite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSupervisor } from './supervisor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const started = Date.now();

function run(cmd, args, what) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✗ ${what} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const installed = path.join(root, 'node_modules', '.package-lock.json');
// Missing, or older than the lockfile (a pull brought new dependencies): install.
if (
  !existsSync(installed) ||
  statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs
) {
  console.log('→ Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], 'npm ci');
}

const clientIndex = path.join(root, 'client', 'dist', 'index.html');
const clientSources = [path.join(root, 'client', 'src'), path.join(root, 'api', 'src', 'contracts')];
if (
  !dev &&
  (!existsSync(clientIndex) || clientSources.some((d) => newestMtime(d) > statSync(clientIndex).mtimeMs))
) {
  console.log('→ Building the client…');
  run('npm', ['run', 'build', '-w', 'client'], 'client build');
}

console.log('→ Preparing the database…');
run('npx', ['tsx', 'scripts/prepare-db.ts'], 'database preparation');

if (!dev) {
  console.log('→ Bundling the api and the workers…');
  run(process.execPath, ['scripts/build-server.mjs'], 'server bundle');
}

// A process that dies is started again, saying why (exit code or signal), with backoff; five quick
// crashes in a row stop everything (scripts/supervisor.mjs; README "Stopping a node, backups").
const supervisor = createSupervisor({
  // Each child leads its own process group: signalling the group also stops what it started.
  kill: (child, signal) => process.kill(-child.pid, signal),
  onGiveUp: () => process.exit(1),
});

/** `niceness` > 0 runs the child at a lower CPU priority (work that can wait yields the cores). */
function launch(name, args, env = {}, niceness = 0) {
  // `node` is this node; any other command is a local binary.
  const [command, ...rest] = args;
  const binary = command === 'node' ? process.execPath : path.join(root, 'node_modules', '.bin', command);
  supervisor.add(name, () => {
    const child = spawn(binary, rest, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    if (niceness && child.pid) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // not allowed here: it runs at normal priority
      }
    }
    return child;
  });
}

// Scoring never waits behind work that can wait (README "Worker groups"): two workers processes, the
// background one at a lower CPU priority, so its integrity checks take the cores the api and scoring
// leave over.
const BACKGROUND_NICENESS = 10;
const contestWorkers = { WORKER_GROUPS: 'contest' };
const backgroundWorkers = {
  WORKER_GROUPS: 'background',
  WORKER_METRICS_PORT: process.env.BACKGROUND_WORKER_METRICS_PORT ?? '0',
};

process.on('exit', () => {
  for (const child of supervisor.children()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

function shutdown(code = 0) {
  setTimeout(() => process.exit(code), 15_000).unref();
  void supervisor.stop('SIGTERM').then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const port = Number(process.env.PORT ?? 3000);
try {
  await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
  console.error(
    `✗ Port ${port} already answers: another Riyazi (or another program) is running. Stop it or set PORT.`,
  );
  process.exit(1);
} catch {
  // free, as it should be
}

if (dev) {
  launch('api', ['tsx', 'watch', 'api/src/server.ts']);
  launch('workers', ['tsx', 'watch', 'workers/src/main.ts'], contestWorkers);
  launch(
    'background workers',
    ['tsx', 'watch', 'workers/src/main.ts'],
    backgroundWorkers,
    BACKGROUND_NICENESS,
  );
  launch('client dev server', ['vite', '--config', 'client/vite.config.ts', 'client']);
} else {
  launch('api', ['node', 'api/dist/server.mjs']);
  launch('workers', ['node', 'workers/dist/main.mjs'], contestWorkers);
  launch('background workers', ['node', 'workers/dist/main.mjs'], backgroundWorkers, BACKGROUND_NICENESS);
}

const appUrl = dev ? 'http://localhost:5173' : `http://localhost:${port}`;
const deadline = Date.now() + 60_000;
async function waitUntilReady() {
  while (Date.now() < deadline && !supervisor.stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.ok) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(`\n✓ Riyazi is ready in ${seconds} s: ${appUrl}`);
        console.log(
          `  Back office: ${appUrl}/admin-a1b2c3/login   API reference: http://localhost:${port}/api/docs`,
        );
        console.log('  Stop with Ctrl+C.\n');
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (!supervisor.stopping) {
    console.error('✗ The api did not become ready within 60 s (is PostgreSQL and Redis running?).');
    shutdown(1);
  }
}
await waitUntilReady();
