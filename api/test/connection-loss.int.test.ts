import { buildApp } from '@riyazi/api/app';
import { closeQueues, createQueues } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { createDb, type Db } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.js';
import { waitFor } from '../../test/processes.js';
import { postgresLossReporter } from '../src/lib/connection-watch.js';
import { registry } from '../src/metrics/metrics.js';
import { UNAVAILABLE_MESSAGE } from '../src/plugins/errors.js';

// The app's pool losing its connections in this process: a request whose statement's backend is
// terminated is answered 503 (send again), idle connections that end are replaced, and each loss
// is counted. Only this app's backends are terminated (by application name).

const APP_NAME = 'riyazi-conn-test';
const config = testConfig();
let db: Db;
let redis: Redis;
let queues: ReturnType<typeof createQueues>;
let app: FastifyInstance;
let admin: Db;

const silent = pino({ level: 'silent' });

/** Terminates this app's backends (those running `matching`, or all of them); how many. */
async function terminate(matching = '%'): Promise<number> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pg_terminate_backend(pid) AS ended, pid FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${APP_NAME} AND query LIKE ${matching}`.execute(
    admin,
  );
  return rows.length;
}

/** This app's backends running a statement that matches. */
async function running(matching: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${APP_NAME} AND state = 'active'
      AND query LIKE ${matching}`.execute(admin);
  return rows[0]?.n ?? 0;
}

async function lostCount(): Promise<number> {
  const metric = await registry.getSingleMetric('riyazi_connection_errors_total')?.get();
  const value = metric?.values.find((v) => v.labels.kind === 'postgres' && v.labels.connection === APP_NAME);
  return value?.value ?? 0;
}

beforeAll(async () => {
  admin = createDb({ connectionString: config.DATABASE_URL, max: 1, applicationName: 'riyazi-conn-admin' });
  db = createDb({
    connectionString: config.DATABASE_URL,
    max: 4,
    applicationName: APP_NAME,
    onConnectionError: postgresLossReporter(APP_NAME, silent),
  });
  redis = createRedis(config.REDIS_URL, 'riyazi-test');
  queues = createQueues(redis, config.REDIS_PREFIX);
  app = await buildApp({ config, db, redis, queues, logger: false });
  app.get('/test/slow', async () => {
    await sql`SELECT pg_sleep(30)`.execute(db);
    return { slept: true };
  });
  app.get('/test/now', async () => (await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db)).rows[0]);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await closeQueues(queues);
  await db?.destroy();
  await admin?.destroy();
  redis?.disconnect();
});

describe('a PostgreSQL connection that ends under the app', () => {
  it('answers the request in flight 503 with a message and Retry-After, then serves the next one', async () => {
    const inFlight = app.inject({ method: 'GET', url: '/test/slow' });
    await waitFor('the statement to be running', async () => (await running('%pg_sleep%')) > 0, 10_000);
    expect(await terminate('%pg_sleep%')).toBe(1);

    const res = await inFlight;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    expect(res.headers['retry-after']).toBe('2');

    const next = await app.inject({ method: 'GET', url: '/test/now' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toEqual({ ok: 1 });
  });

  it('tells an Urdu reader the same in Urdu', async () => {
    const inFlight = app.inject({ method: 'GET', url: '/test/slow', headers: { 'accept-language': 'ur' } });
    await waitFor('the statement to be running', async () => (await running('%pg_sleep%')) > 0, 10_000);
    await terminate('%pg_sleep%');
    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
  });

  it('replaces idle connections that were terminated, counts each, and the process carries on', async () => {
    // Fill the pool with idle connections first.
    await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(db)));
    const before = await lostCount();
    const ended = await terminate();
    expect(ended).toBeGreaterThanOrEqual(2);
    await waitFor(
      'each lost connection to be counted',
      async () => (await lostCount()) - before >= ended,
      5_000,
    );
    expect((await lostCount()) - before).toBe(ended);

    const results = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/test/now' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });
});

describe('a Redis connection that ends under a client', () => {
  async function dropped(name: string): Promise<number> {
    const metric = await registry.getSingleMetric('riyazi_connection_errors_total')?.get();
    return metric?.values.find((v) => v.labels.kind === 'redis' && v.labels.connection === name)?.value ?? 0;
  }

  it('is reconnected, logged once when lost and once when back, and counted; its duplicates too', async () => {
    const name = `riyazi-conn-${randomBytes(4).toString('hex')}`;
    const lines: string[] = [];
    const log = {
      warn: (_obj: object, msg: string) => lines.push(`warn ${msg}`),
      info: (_obj: object, msg: string) => lines.push(`info ${msg}`),
    } as unknown as Parameters<typeof createRedis>[2];
    const client = createRedis(config.REDIS_URL, name, log);
    const subscriber = client.duplicate({ connectionName: `${name}-sub` });
    try {
      await Promise.all([client.ping(), subscriber.subscribe(`${config.REDIS_PREFIX}:conn-test`)]);
      for (const victim of [client, subscriber]) {
        const victimName = victim.options.connectionName;
        const list = String(await redis.client('LIST'));
        const line = list.split('\n').find((l) => l.includes(` name=${victimName} `));
        const clientId = /\bid=(\d+)/.exec(line ?? '')?.[1];
        expect(clientId, `no connection named ${victimName}`).toBeDefined();
        await redis.client('KILL', 'ID', clientId!);
      }
      await waitFor(
        'both reconnected',
        () => client.status === 'ready' && subscriber.status === 'ready',
        10_000,
      );
      expect(await client.ping()).toBe('PONG');
      expect(await dropped(name)).toBeGreaterThanOrEqual(1);
      expect(await dropped(`${name}-sub`)).toBeGreaterThanOrEqual(1);
      expect(lines.filter((l) => l === 'warn Redis connection lost: reconnecting')).toHaveLength(2);
      expect(lines.filter((l) => l === 'info Redis connection back')).toHaveLength(2);
    } finally {
      subscriber.disconnect();
      client.disconnect();
    }
  });
});
