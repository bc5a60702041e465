// N Socket.IO clients watch the contest phase's leaderboards on one api node, spread over the
// grades' rooms; K recomputes (a finished play per grade, then a standings.recompute job per grade
// straight onto the ranking queue) each push one board per room. Prints the delivery latency per
// client (receive time − the board's updatedAt, which the worker stamps when the recompute
// commits), how many boards arrived, and the api's memory. The api and workers must run against the
// same DATABASE_URL, REDIS_URL and REDIS_PREFIX as this script:
//
//   SOCKET_CONNECTIONS_PER_NETWORK=0 PORT=3000 LOG_LEVEL=warn npm start &   (all clients: one network)
//   npx tsx loadtest/src/leaderboard-sockets.ts --clients 10000 --recomputes 10 [--api-pid <pid>]
//
// Clients live in --procs child processes (each holds clients/procs websockets and file descriptors).
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import { closeQueues, createQueues, enqueue } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { createDb, type Db } from '@riyazi/db';
import { io as connect, type Socket } from 'socket.io-client';
import { summarize } from './stats.js';

type ToChild =
  | { type: 'start'; base: string; rooms: string[]; first: number; count: number }
  | { type: 'report' };
type FromChild =
  | { type: 'ready'; connected: number; failed: number; errors: string[] }
  | { type: 'report'; latencies: number[]; connected: number };

const CONNECT_BATCH = 200;

// ---------------------------------------------------------------------------------------------
// Child: holds its share of the clients.

async function runChild() {
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  const send = (message: FromChild) => process.send?.(message);

  const open = (base: string, room: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(base, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
      });
      socket.on('leaderboard:updated', (board: Leaderboard) => {
        latencies.push(Date.now() - Date.parse(board.updatedAt ?? ''));
      });
      socket.once('connect_error', reject);
      socket.once('connect', () => {
        socket
          .timeout(60_000)
          .emitWithAck('room:join', room)
          .then((ack: { ok: boolean; message?: string }) =>
            ack.ok ? resolve(socket) : reject(new Error(ack.message ?? 'join refused')),
          )
          .catch(reject);
      });
      sockets.push(socket);
    });

  const start = async (message: Extract<ToChild, { type: 'start' }>) => {
    let failed = 0;
    const errors = new Set<string>();
    for (let from = 0; from < message.count; from += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, message.count - from) }, (_, k) => {
        const room = message.rooms[(message.first + from + k) % message.rooms.length]!;
        return open(message.base, room);
      });
      for (const result of await Promise.allSettled(batch)) {
        if (result.status === 'rejected') {
          failed += 1;
          errors.add(String(result.reason));
        }
      }
    }
    send({
      type: 'ready',
      connected: sockets.filter((s) => s.connected).length,
      failed,
      errors: [...errors].slice(0, 3),
    });
  };

  process.on('message', (message: ToChild) => {
    if (message.type === 'start') {
      void start(message);
      return;
    }
    send({ type: 'report', latencies, connected: sockets.filter((s) => s.connected).length });
    for (const s of sockets) {
      s.disconnect();
    }
    setTimeout(() => process.exit(0), 200);
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: prepares the data, starts the children, drives the recomputes, prints the figures.

function apiPidByPort(port: string): number | undefined {
  try {
    const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : undefined;
  } catch {
    return undefined;
  }
}

function procStatus(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | undefined {
  if (pid === undefined) {
    return undefined;
  }
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    )?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function openFilesLimit(pid: number | undefined): number | undefined {
  if (pid === undefined) {
    return undefined;
  }
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1];
    return line ? Number(line) : undefined;
  } catch {
    return undefined;
  }
}

const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function prepare(db: Db, base: string, gradeCount: number) {
  const res = await fetch(new URL('/api/contestPhase/active', base));
  const phase = ((await res.json()) as { data: { _id: string; name: string } | null }).data;
  if (!phase) {
    throw new Error('No contest phase: set the contestQuizPhase flag or open an ACTIVE phase');
  }
  const grades = await db
    .selectFrom('grades')
    .select(['id', 'title'])
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .limit(gradeCount)
    .execute();
  const quiz =
    (await db
      .selectFrom('quizzes')
      .select('id')
      .where('phaseId', '=', phase._id)
      .where('kind', '=', 'CONTEST')
      .executeTakeFirst()) ??
    (await db
      .insertInto('quizzes')
      .values({ title: 'Leaderboard load test', kind: 'CONTEST', phaseId: phase._id, isActive: false })
      .returning('id')
      .executeTakeFirstOrThrow());
  const run = Date.now().toString(36);
  const students = new Map<string, string[]>();
  for (const grade of grades) {
    const rows = await db
      .insertInto('students')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          fullName: `Board Watcher ${i}`,
          email: `board-${run}-${grade.id.slice(0, 8)}-${i}@loadtest.invalid`,
          passwordHash: 'loadtest-no-login',
          gradeId: grade.id,
          city: 'Lahore',
          schoolName: 'Load Test School',
        })),
      )
      .returning('id')
      .execute();
    students.set(
      grade.id,
      rows.map((r) => r.id),
    );
  }
  return { phase, grades, quizId: quiz.id, students, run };
}

async function runParent() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '10000' },
      recomputes: { type: 'string', default: '10' },
      interval: { type: 'string', default: '2500' },
      procs: { type: 'string' },
      grades: { type: 'string', default: '8' },
      base: { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3000' },
      'api-pid': { type: 'string' },
    },
  });
  const clients = Number(values.clients);
  const recomputes = Number(values.recomputes);
  const procs = Number(values.procs ?? Math.max(1, Math.ceil(clients / 2500)));
  const base = values.base;
  const config = loadConfig(process.env);
  const db = createDb({ connectionString: config.DATABASE_URL, max: 4, applicationName: 'riyazi-loadtest' });
  const redis = createRedis(config.REDIS_URL, 'riyazi-loadtest');
  const queues = createQueues(redis, config.REDIS_PREFIX);
  const children: ChildProcess[] = [];
  try {
    const { phase, grades, quizId, students, run } = await prepare(db, base, Number(values.grades));
    const roomNames = grades.map((g) => rooms.leaderboard(phase._id, g.id));
    const apiPid = values['api-pid'] ? Number(values['api-pid']) : apiPidByPort(new URL(base).port || '80');
    const limit = openFilesLimit(apiPid);
    console.log(
      `phase ${phase.name}, ${grades.length} grades; api pid ${apiPid ?? 'not found'} (open files limit ${limit ?? 'n/a'}); ` +
        `${procs} client processes x ${Math.ceil(clients / procs)} clients`,
    );
    if (limit !== undefined && limit < clients + 500) {
      console.warn(`! the api may run out of file descriptors: raise its ulimit -n above ${clients + 500}`);
    }
    const rssIdle = procStatus(apiPid, 'VmRSS');

    const started = performance.now();
    const messages = new Map<ChildProcess, FromChild[]>();
    const next = (child: ChildProcess, type: FromChild['type']) =>
      new Promise<FromChild>((resolve, reject) => {
        const take = () => {
          const queued = messages.get(child) ?? [];
          const index = queued.findIndex((m) => m.type === type);
          if (index >= 0) {
            resolve(queued.splice(index, 1)[0]!);
            return true;
          }
          return false;
        };
        if (!take()) {
          const onMessage = () => take() && child.off('message', onMessage);
          child.on('message', onMessage);
          child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
        }
      });
    const perChild = Math.ceil(clients / procs);
    for (let i = 0; i < procs; i += 1) {
      const child = fork(fileURLToPath(import.meta.url), ['--child'], { stdio: 'inherit' });
      messages.set(child, []);
      child.on('message', (m: FromChild) => messages.get(child)?.push(m));
      children.push(child);
      const count = Math.max(0, Math.min(perChild, clients - i * perChild));
      child.send({ type: 'start', base, rooms: roomNames, first: i * perChild, count } satisfies ToChild);
    }
    const ready = (await Promise.all(children.map((c) => next(c, 'ready')))) as Extract<
      FromChild,
      { type: 'ready' }
    >[];
    const connected = ready.reduce((sum, r) => sum + r.connected, 0);
    const failed = ready.reduce((sum, r) => sum + r.failed, 0);
    console.log(
      `${connected} clients connected and joined in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (failed ? `, ${failed} failed: ${[...new Set(ready.flatMap((r) => r.errors))].join('; ')}` : ''),
    );
    await sleep(1000);
    const rssConnected = procStatus(apiPid, 'VmRSS');

    let rssPeak = rssConnected ?? 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, procStatus(apiPid, 'VmRSS') ?? 0);
    }, 200);
    for (let round = 0; round < recomputes; round += 1) {
      await db
        .insertInto('plays')
        .values(
          grades.map((g) => {
            const ids = students.get(g.id)!;
            const timeMs = randomInt(60_000, 2_700_000);
            return {
              studentId: ids[randomInt(ids.length)]!,
              quizId,
              phaseId: phase._id,
              gradeId: g.id,
              kind: 'CONTEST',
              status: 'FINISHED',
              questionCount: 15,
              score: randomInt(0, 1500) / 100,
              totalTimeMs: timeMs,
              startedAt: new Date(Date.now() - timeMs),
              finishedAt: new Date(),
            };
          }),
        )
        .execute();
      for (const g of grades) {
        await enqueue(
          queues,
          'ranking',
          'standings.recompute',
          { phaseId: phase._id, gradeId: g.id },
          { jobId: `loadtest-${run}-${round}-${g.id}` },
        );
      }
      await sleep(Number(values.interval));
    }
    await sleep(3000);
    clearInterval(sampler);

    for (const child of children) {
      child.send({ type: 'report' } satisfies ToChild);
    }
    const reports = (await Promise.all(children.map((c) => next(c, 'report')))) as Extract<
      FromChild,
      { type: 'report' }
    >[];
    const latencies = reports.flatMap((r) => r.latencies);
    const stillConnected = reports.reduce((sum, r) => sum + r.connected, 0);
    const s = summarize(latencies);
    const expected = connected * recomputes;
    console.log(
      `\n${recomputes} recomputes x ${grades.length} rooms: ${latencies.length} of ${expected} boards delivered, ` +
        `${stillConnected} clients still connected`,
    );
    console.log(
      `delivery latency (worker commit → client): p50 ${s.median} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms`,
    );
    // Only meaningful on a freshly started api: V8 keeps the heap an earlier run grew.
    const perClientKb =
      rssIdle !== undefined && rssConnected !== undefined && rssConnected > rssIdle
        ? ((rssConnected - rssIdle) * 1024) / connected
        : undefined;
    console.log(
      `api RSS: ${mb(rssIdle)} idle, ${mb(rssConnected)} with ${connected} clients` +
        `${perClientKb === undefined ? '' : ` (~${perClientKb.toFixed(0)} kB each)`}, peak ${mb(rssPeak)} during updates, ` +
        `high-water ${mb(procStatus(apiPid, 'VmHWM'))}`,
    );
    if (failed > 0 || latencies.length < expected) {
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) {
      if (child.exitCode === null) {
        child.kill();
      }
    }
    await closeQueues(queues);
    redis.disconnect();
    await db.destroy();
  }
}

if (process.argv.includes('--child')) {
  void runChild();
} else {
  runParent().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
