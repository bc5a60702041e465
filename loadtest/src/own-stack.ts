// What the self-contained scripts (contest-kill, two-nodes, web-budgets) share: the api and the
// workers bundled as `npm start` runs them, a database of their own, and their processes started,
// awaited and stopped.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Db, migrateToLatest } from '@riyazi/db';
import { seedDemoData } from '@riyazi/db/seed';
import { request } from './http-client.js';
import { adminStatement } from './run-resources.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The options of a script that runs its own stack: where to create its database, and whether to keep it. */
export const ownStackOptions = {
  'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  // Keep the database afterwards (its name is printed) to look into it.
  keep: { type: 'boolean', default: false },
} as const;

/**
 * This run's database (`riyazi_<kind>_<run>`, on the admin URL's server) and Redis prefix
 * (`riyazi-<kind>-<run>`), named apart from every other run, even one started at the same time.
 */
export function ownResources(kind: string, adminUrl: string) {
  const run = `${Date.now().toString(36)}_${randomInt(1e6).toString(36)}`;
  const dbName = `riyazi_${kind}_${run}`;
  const databaseUrl = databaseUrlOf(adminUrl, dbName);
  const redisPrefix = `riyazi-${kind}-${run}`;
  return {
    run,
    dbName,
    databaseUrl,
    redisPrefix,
    /** The environment of the processes it starts: this run's database and Redis prefix, on loopback. */
    env: (extra: Record<string, string>): Record<string, string> => ({
      ...(process.env as Record<string, string>),
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: redisPrefix,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extra,
    }),
    /** Creates the database; a pool of `max` on it, not migrated yet. */
    createDatabase: async (max: number): Promise<Db> => {
      await adminStatement(adminUrl, `CREATE DATABASE ${dbName}`);
      return createDb({ connectionString: databaseUrlOf(adminUrl, dbName), max });
    },
    dropDatabase: () => adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
  };
}

/** api/dist and workers/dist from the sources, as `npm start` builds them. */
export function bundleServer(what = 'the api and the workers') {
  console.log(`→ bundling ${what}`);
  const bundled = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (bundled.status !== 0) {
    throw new Error('bundling failed');
  }
}

/** The admin URL with its database replaced by `dbName`. */
function databaseUrlOf(adminUrl: string, dbName: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/** The schema and the demo data (grades, contests, questions, an admin). */
export async function migrateAndSeed(db: Db, adminPassword: string) {
  await migrateToLatest(db);
  await seedDemoData(db, { adminPassword });
}

/** Until the api at `base` answers its readiness check; `child`, if given, must not exit meanwhile. */
export async function untilReady(
  base: string,
  { what = 'the api', timeoutMs = 30_000, pollMs = 100, child }: ReadyOptions = {},
) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (child && child.exitCode !== null) {
      throw new Error(`${what} exited with code ${child.exitCode}`);
    }
    if ((await request(base, 'GET', '/api/health/ready', null)).status === 200) {
      return;
    }
    await sleep(pollMs);
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

interface ReadyOptions {
  what?: string;
  timeoutMs?: number;
  pollMs?: number;
  child?: ChildProcess;
}

/** A child process that can be stopped (or killed) and started again; its stderr shown with its name. */
export class Service {
  private child: ChildProcess | null = null;
  starts = 0;
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    /** Show its stdout too (a process logging warnings and errors only). */
    private readonly showStdout = false,
    /** > 0: a lower CPU priority, as `npm start` runs the background workers (scripts/start.mjs). */
    private readonly niceness = 0,
  ) {}

  start() {
    this.starts += 1;
    const child = spawn(this.command, this.args, {
      cwd: repoRoot,
      env: this.env,
      stdio: ['ignore', this.showStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d}`));
    child.stdout?.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d}`));
    child.on('error', (err) => process.stderr.write(`[${this.name}] ${err.message}\n`));
    if (this.niceness > 0 && child.pid !== undefined) {
      setPriority(child.pid, this.niceness);
    }
    this.child = child;
  }

  /** How its last run ended ("code 1", "SIGKILL"), or null while it runs. */
  get exit(): string | null {
    const child = this.child;
    if (!child || (child.exitCode === null && child.signalCode === null)) {
      return null;
    }
    return child.signalCode ?? `code ${child.exitCode}`;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return;
    }
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await gone;
  }
}
