// The rehearsal's servers, each started on its host (hosts.ts) with Debian's packages: PostgreSQL 15
// primary + streaming replica (clusters of their own in the run's folder, never the machine's),
// PgBouncer, Redis primary + replica, three Sentinels, nginx; and the bundled api and workers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../own-stack.js';
import { HOSTS, type Host, onHost, pidsOn } from './hosts.js';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const SENTINEL_MASTER = 'riyazi';
export const PG_PORT = 5432;
export const BOUNCER_PORT = 6432;
export const API_PORT = 3000;
export const WORKER_HEALTH_PORT = 9100;

const postgresUser = () => {
  const out = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  return { uid: Number(out), gid: Number(gid) };
};
/** PostgreSQL and PgBouncer refuse to run as root: run as the postgres user, exec'd (no extra process). */
const asPostgres = ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups'];

/** A server process on a host; its output goes to a log file in the run's folder. */
export class Proc {
  child: ChildProcess | null = null;
  starts = 0;
  constructor(
    readonly name: string,
    readonly host: Host,
    private readonly argv: string[],
    private readonly logDir: string,
    private readonly env: Record<string, string> = process.env as Record<string, string>,
  ) {}

  start(): this {
    this.starts += 1;
    const [cmd, args] = onHost(this.host, this.argv[0] as string, this.argv.slice(1));
    const log = createWriteStream(path.join(this.logDir, `${this.name}.log`), { flags: 'a' });
    const child = spawn(cmd, args, { cwd: repoRoot, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    child.on('error', (err) => log.write(`spawn error: ${err.message}\n`));
    this.child = child;
    return this;
  }

  get pid(): number | undefined {
    return this.alive ? this.child?.pid : undefined;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) {
      return;
    }
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await gone;
    clearTimeout(timer);
  }

  tail(lines = 15): string {
    try {
      return readFileSync(path.join(this.logDir, `${this.name}.log`), 'utf8')
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '';
    }
  }
}

function run(host: Host, argv: string[]) {
  const [cmd, args] = onHost(host, argv[0] as string, argv.slice(1));
  const res = spawnSync(cmd, args, { encoding: 'utf8', cwd: '/' });
  if (res.status !== 0) {
    throw new Error(`${host}: ${argv.join(' ')} failed:\n${res.stdout}${res.stderr}`);
  }
  return res.stdout;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await Promise.resolve(check()).catch(() => false)) {
      return;
    }
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

const pgReady = (host: Host) =>
  spawnSync('ip', [
    'netns',
    'exec',
    host,
    `${PG_BIN}/pg_isready`,
    '-q',
    '-h',
    HOSTS[host],
    '-p',
    String(PG_PORT),
  ]).status === 0;

/** PostgreSQL settings of both clusters (command-line -c flags override the copied postgresql.conf). */
function postgresArgs(host: Host, dataDir: string, socketDir: string): string[] {
  const settings = {
    listen_addresses: HOSTS[host],
    port: String(PG_PORT),
    unix_socket_directories: socketDir,
    max_connections: '200',
    wal_level: 'replica',
    max_wal_senders: '5',
    hot_standby: 'on',
    jit: 'off',
    shared_buffers: '256MB',
    logging_collector: 'off',
  };
  return [
    ...asPostgres,
    `${PG_BIN}/postgres`,
    '-D',
    dataDir,
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
}

export interface Stack {
  procs: Map<string, Proc>;
  work: string;
}

/** The primary on rz-db1 and a replica made by pg_basebackup -R on rz-db2; both ready. */
export async function startPostgres(stack: Stack) {
  const { uid, gid } = postgresUser();
  const dirs = {
    db1: path.join(stack.work, 'pg-db1'),
    db2: path.join(stack.work, 'pg-db2'),
    sock1: path.join(stack.work, 'sock-db1'),
    sock2: path.join(stack.work, 'sock-db2'),
  };
  chmodSync(stack.work, 0o755);
  for (const dir of [dirs.db1, dirs.db2, dirs.sock1, dirs.sock2]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chownSync(dir, uid, gid);
  }
  run('rz-db1', [
    ...asPostgres,
    `${PG_BIN}/initdb`,
    '-D',
    dirs.db1,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
  ]);
  writeFileSync(
    path.join(dirs.db1, 'pg_hba.conf'),
    'local all all trust\nhost all all 10.77.0.0/16 trust\nhost replication all 10.77.0.0/16 trust\n',
  );
  const primary = new Proc(
    'postgres-primary',
    'rz-db1',
    postgresArgs('rz-db1', dirs.db1, dirs.sock1),
    stack.work,
  );
  stack.procs.set(primary.name, primary.start());
  await until('the PostgreSQL primary on rz-db1', () => pgReady('rz-db1'));
  run('rz-db2', [
    ...asPostgres,
    `${PG_BIN}/pg_basebackup`,
    '-h',
    HOSTS['rz-db1'],
    '-U',
    'postgres',
    '-D',
    dirs.db2,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const replica = new Proc(
    'postgres-replica',
    'rz-db2',
    postgresArgs('rz-db2', dirs.db2, dirs.sock2),
    stack.work,
  );
  stack.procs.set(replica.name, replica.start());
  await until('the PostgreSQL replica on rz-db2', () => pgReady('rz-db2'));
}

export type PoolMode = 'transaction' | 'session';

/**
 * PgBouncer on rz-bouncer: database `riyazi` pooled in `mode` (what api and workers use), and
 * `riyazi_session` in session mode for what needs a session (DATABASE_DIRECT_URL: the export's lock).
 */
export function startPgBouncer(stack: Stack, mode: PoolMode, poolSize: number) {
  const { uid, gid } = postgresUser();
  const dir = path.join(stack.work, 'pgbouncer');
  mkdirSync(dir, { recursive: true });
  chownSync(dir, uid, gid);
  const primary = `host=${HOSTS['rz-db1']} port=${PG_PORT} dbname=riyazi`;
  writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    `[databases]
riyazi = ${primary} pool_mode=${mode}
riyazi_session = ${primary} pool_mode=session pool_size=4

[pgbouncer]
listen_addr = ${HOSTS['rz-bouncer']}
listen_port = ${BOUNCER_PORT}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/users.txt
admin_users = postgres
stats_users = postgres
pool_mode = ${mode}
default_pool_size = ${poolSize}
max_client_conn = 2000
max_db_connections = ${poolSize + 10}
server_reset_query = DISCARD ALL
; node-postgres sends "options" (-c jit=off); PostgreSQL here has jit=off itself.
ignore_startup_parameters = extra_float_digits,options
logfile =
pidfile = ${dir}/pgbouncer.pid
`,
  );
  const bouncer = new Proc(
    'pgbouncer',
    'rz-bouncer',
    [...asPostgres, '/usr/sbin/pgbouncer', path.join(dir, 'pgbouncer.ini')],
    stack.work,
  );
  stack.procs.set(bouncer.name, bouncer.start());
  return bouncer;
}

/** Redis primary on rz-redis1, replica on rz-redis2, a Sentinel on each of rz-sent1..3 (quorum 2). */
export function startRedis(stack: Stack) {
  const server = (host: Host, extra: string[]) => {
    const dir = path.join(stack.work, `redis-${host}`);
    mkdirSync(dir, { recursive: true });
    return [
      '/usr/bin/redis-server',
      '--bind',
      HOSTS[host],
      '--port',
      '6379',
      '--dir',
      dir,
      '--protected-mode',
      'no',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
      ...extra,
    ];
  };
  const primary = new Proc('redis-primary', 'rz-redis1', server('rz-redis1', []), stack.work);
  const replica = new Proc(
    'redis-replica',
    'rz-redis2',
    server('rz-redis2', ['--replicaof', HOSTS['rz-redis1'], '6379']),
    stack.work,
  );
  stack.procs.set(primary.name, primary.start());
  stack.procs.set(replica.name, replica.start());
  for (const host of ['rz-sent1', 'rz-sent2', 'rz-sent3'] as const) {
    const file = path.join(stack.work, `sentinel-${host}.conf`);
    writeFileSync(
      file,
      `bind ${HOSTS[host]}
port 26379
protected-mode no
dir ${stack.work}
sentinel monitor ${SENTINEL_MASTER} ${HOSTS['rz-redis1']} 6379 2
sentinel down-after-milliseconds ${SENTINEL_MASTER} 3000
sentinel failover-timeout ${SENTINEL_MASTER} 10000
sentinel parallel-syncs ${SENTINEL_MASTER} 1
`,
    );
    const sentinel = new Proc(
      `sentinel-${host.slice(3)}`,
      host,
      ['/usr/bin/redis-server', file, '--sentinel'],
      stack.work,
    );
    stack.procs.set(sentinel.name, sentinel.start());
  }
}

export const SENTINELS = ['rz-sent1', 'rz-sent2', 'rz-sent3']
  .map((h) => `${HOSTS[h as Host]}:26379`)
  .join(',');

/** nginx on rz-lb: deploy/nginx/riyazi.conf with the two app hosts as its upstream servers. */
export function startNginx(stack: Stack, confFile: string, workDir: string) {
  const nginx = new Proc(
    'nginx',
    'rz-lb',
    ['/usr/sbin/nginx', '-p', workDir, '-c', confFile, '-g', 'daemon off;'],
    stack.work,
  );
  stack.procs.set(nginx.name, nginx.start());
  return nginx;
}

/** CPU time (ms) of a process and every process under it, reaped children included. */
export function treeCpuMs(rootPid: number, host: Host): number {
  const ticks = 100; // USER_HZ on Linux
  const stat = (pid: number) => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return {
        ppid: Number(fields[1]),
        self: Number(fields[11]) + Number(fields[12]),
        children: Number(fields[13]) + Number(fields[14]),
      };
    } catch {
      return null;
    }
  };
  const onHostPids = pidsOn(host);
  const info = new Map(onHostPids.map((pid) => [pid, stat(pid)]));
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 10; hops += 1) {
      if (p === rootPid) {
        return true;
      }
      p = info.get(p)?.ppid;
    }
    return false;
  };
  let total = 0;
  for (const [pid, s] of info) {
    if (s && inTree(pid)) {
      total += s.self + s.children;
    }
  }
  return (total * 1000) / ticks;
}
