import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@riyazi/api/app';
import { type Config, loadConfig } from '@riyazi/api/config';
import { createEngine, type Engine } from '@riyazi/api/engine';
import { closeQueues, createQueues, type Queues } from '@riyazi/api/queue';
import { openReadRouter, type ReadRouter } from '@riyazi/api/read-replica';
import { createRequestRedis } from '@riyazi/api/redis';
import { createDb, type Db } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetDatabase } from './databases.js';
import { deleteRedisKeys } from './helpers-redis.js';

import { testDatabaseUrl, testRedisPrefix } from './test-worker.js';

// Test files import it from here; it lives in databases.ts, free of vitest, for scripts too.
export { resetDatabase };

export interface TestContext {
  config: Readonly<Config>;
  db: Db;
  redis: Redis;
  queues: Queues;
  app: FastifyInstance;
  /** The app's caches and batchers (services called straight from a test take it in their deps). */
  engine: Engine;
  /** Where the app's lag-tolerant reads go (the replica when DATABASE_READ_URL is set). */
  reads: ReadRouter;
  close(): Promise<void>;
}

const quiet = { warn: () => {}, info: () => {} };

export function testConfig(overrides: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_PREFIX: testRedisPrefix(),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    UPLOAD_DIR: path.join(tmpdir(), `${testRedisPrefix()}-uploads`),
    ...overrides,
  });
}

/** The real app on the test database and Redis prefix, driven with inject() or listen(). */
export async function createTestContext(
  overrides: Record<string, string> = {},
  { applicationName }: { applicationName?: string } = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const db = createDb({
    connectionString: config.DATABASE_URL,
    max: 5,
    ...(applicationName ? { applicationName } : {}),
  });
  // As server.ts makes it: requests fail fast while Redis is away.
  const redis = createRequestRedis(config.REDIS_URL, 'riyazi-test');
  const queues = createQueues(redis, config.REDIS_PREFIX);
  const reads = openReadRouter(config, { primary: db, redis, log: quiet, name: 'riyazi-test-read' });
  const engine = createEngine({ db, queues, reads });
  const app = await buildApp({ config, db, redis, queues, engine, logger: false });
  await app.ready();
  return {
    config,
    db,
    redis,
    queues,
    app,
    engine,
    reads,
    async close() {
      await app.close();
      await reads.close();
      await closeQueues(queues);
      await db.destroy();
      redis.disconnect();
    },
  };
}

/**
 * Registers the hooks of a test file: one app per file, optionally an empty database and no
 * rate-limit counters before each test.
 */
export function useTestContext(
  options: { resetEachTest?: boolean; clearRateLimits?: boolean; env?: Record<string, string> } = {},
): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    Object.assign(t, await createTestContext(options.env));
  });
  afterAll(async () => {
    await t.close();
  });
  if (options.resetEachTest) {
    beforeEach(async () => {
      await resetDatabase(t.db);
    });
  }
  if (options.clearRateLimits) {
    beforeEach(async () => {
      await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
    });
  }
  return t;
}
