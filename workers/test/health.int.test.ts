import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeQueues, createQueues, type Queues } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { createDb, type Db } from '@riyazi/db';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/context.js';
import { waitFor } from '../../test/processes.js';
import { startTestWorkers } from '../../test/workers.js';
import { workerHealthChecks } from '../src/health.js';
import { type HealthServer, startHealthServer } from '../src/health-server.js';
import type { RunningWorkers } from '../src/runtime.js';

// The workers' liveness (GET /health/live) follows jobs through BullMQ, not the process: a workers
// process whose Redis is gone, or whose connections hang silently (a half-open TCP connection after
// a failover), answers 503 within staleAfterMs, and 200 again once jobs flow.

/** This helper's port range (4100-4199): a Redis of the test's own, which it may stop. */
const REDIS_PORTS = [4150, 4151, 4152, 4153];
const HEARTBEAT = { intervalMs: 200, staleAfterMs: 2_000 };

interface OwnRedis {
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function ownRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'riyazi-health-redis-'));
  let child: ChildProcess | undefined;
  let port = 0;
  const answers = async () => {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  const start = async () => {
    if (child) {
      return;
    }
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    await waitFor('own redis-server to answer', answers, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running && running.exitCode === null) {
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await gone;
    }
  };
  for (const candidate of REDIS_PORTS) {
    port = candidate;
    if (!(await answers())) {
      await start();
      return {
        get port() {
          return port;
        },
        start,
        async stop() {
          await stop();
        },
      };
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`no free port for an own redis-server among ${REDIS_PORTS.join(', ')}`);
}

/** A TCP relay to Redis that can stop passing bytes while keeping every connection open. */
async function freezableProxy(targetPort: number) {
  const pairs: [Socket, Socket][] = [];
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(targetPort, '127.0.0.1');
    pairs.push([client, upstream]);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    freeze() {
      frozen = true;
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const config = testConfig();
let db: Db;
let redisServer: OwnRedis;
let proxy: Awaited<ReturnType<typeof freezableProxy>>;
let redis: Redis;
let queues: Queues;
let workers: RunningWorkers | undefined;
let health: HealthServer;

const probe = async (route: 'live' | 'ready') => {
  const res = await fetch(`http://127.0.0.1:${health.port}/health/${route}`);
  return { status: res.status, body: (await res.json()) as { status: string; message?: string } };
};

beforeAll(async () => {
  db = createDb({ connectionString: config.DATABASE_URL, max: 4 });
  redisServer = await ownRedis();
  proxy = await freezableProxy(redisServer.port);
  redis = createRedis(`redis://127.0.0.1:${proxy.port}`, 'riyazi-workers-health-test');
  queues = createQueues(redis, config.REDIS_PREFIX);
  health = await startHealthServer({
    port: 0,
    host: '127.0.0.1',
    checks: workerHealthChecks({ db, running: () => workers, staleAfterMs: HEARTBEAT.staleAfterMs }),
    log: { warn: () => undefined },
  });
});

afterEach(async () => {
  // Each test leaves Redis reachable again, so the workers can close.
  proxy.thaw();
  await redisServer.start();
  // Bounded: after a Redis restart one BullMQ Worker's close() sometimes never settles (seen here with
  // a job in flight); it would hold the next test, not change what this file asserts.
  await Promise.race([workers?.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  workers = undefined;
});

afterAll(async () => {
  await health?.close();
  await closeQueues(queues);
  redis?.disconnect();
  await proxy?.close();
  await redisServer?.stop();
  await db?.destroy();
});

async function healthyWorkers(): Promise<void> {
  workers = await startTestWorkers(
    { db, redis, queues, config },
    { heartbeat: HEARTBEAT, nodeId: `health-test-${process.pid}` },
  );
  await waitFor('the first heartbeat', async () => (await probe('ready')).status === 200, 10_000);
}

/** Seconds from now until /health/live answers 503 (fails past the deadline). */
async function secondsUntilNotLive(deadlineMs: number): Promise<number> {
  const from = Date.now();
  await waitFor('/health/live to answer 503', async () => (await probe('live')).status === 503, deadlineMs);
  return (Date.now() - from) / 1000;
}

describe('workers health checks', () => {
  it('answers 200 live and ready while heartbeats go through BullMQ, 404 elsewhere', async () => {
    await healthyWorkers();
    const live = await probe('live');
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('ok');
    const ready = await probe('ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', postgres: 'ok' } });
    expect((await fetch(`http://127.0.0.1:${health.port}/health`)).status).toBe(404);
  });

  it('answers 503 within staleAfterMs once Redis is gone, and 200 again when it is back', async () => {
    await healthyWorkers();
    await redisServer.stop();
    const seconds = await secondsUntilNotLive(HEARTBEAT.staleAfterMs + 1_500);
    expect(seconds).toBeLessThanOrEqual((HEARTBEAT.staleAfterMs + 1_500) / 1000);
    const { body } = await probe('live');
    expect(body.status).toBe('stale');
    expect(body.message).toMatch(/No heartbeat processed for \d+ s/);
    expect((await probe('ready')).status).toBe(503);

    await redisServer.start();
    await waitFor(
      '/health/live to answer 200 again',
      async () => (await probe('live')).status === 200,
      15_000,
    );
  });

  it('answers 503 within staleAfterMs when its Redis connections hang silently (half-open TCP)', async () => {
    await healthyWorkers();
    proxy.freeze();
    await secondsUntilNotLive(HEARTBEAT.staleAfterMs + 1_500);
    const { body } = await probe('live');
    expect(body).toMatchObject({ status: 'stale' });
    expect(body.message).toMatch(/No heartbeat processed/);
  });

  it('answers 503 "closing" while the workers shut down', async () => {
    await healthyWorkers();
    const closing = workers?.close();
    expect((await probe('live')).body.status).toBe('closing');
    await closing;
    workers = undefined;
  });
});
