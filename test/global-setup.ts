import { randomBytes } from 'node:crypto';
import { createDb, migrateToLatest } from '@riyazi/db';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { deleteRedisKeys } from './helpers-redis.js';
import { replicaDatabaseName, TEST_WORKERS, workerDatabaseName, workerRedisPrefix } from './test-worker.js';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database per test run, migrated once, then cloned for each test worker (see
 * test-worker.ts); all dropped at the end. Redis keys get their own prefix per run and worker.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dbName = `riyazi_test_${suffix}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();

  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const db = createDb({ connectionString: databaseUrl, max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }

  const workers = Array.from({ length: TEST_WORKERS }, (_, i) => i + 1);
  const cloner = new pg.Client({ connectionString: ADMIN_URL });
  await cloner.connect();
  try {
    for (const id of workers) {
      await cloner.query(`CREATE DATABASE ${workerDatabaseName(dbName, id)} TEMPLATE ${dbName}`);
      // A stand-in read replica per worker, stale until a test copies rows to it (test/replica.ts).
      await cloner.query(`CREATE DATABASE ${replicaDatabaseName(dbName, id)} TEMPLATE ${dbName}`);
    }
  } finally {
    await cloner.end();
  }

  project.provide('databaseUrl', databaseUrl);
  project.provide('redisPrefix', `riyazi-test-${suffix}`);
  process.env.REDIS_PREFIX = `riyazi-test-${suffix}`;
  process.env.DATABASE_URL = databaseUrl;

  const redisPrefix = `riyazi-test-${suffix}`;
  return async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    for (const prefix of [redisPrefix, ...workers.map((id) => workerRedisPrefix(redisPrefix, id))]) {
      await deleteRedisKeys(redis, prefix);
    }
    redis.disconnect();
    const drop = new pg.Client({ connectionString: ADMIN_URL });
    await drop.connect();
    const perWorker = workers.flatMap((id) => [
      workerDatabaseName(dbName, id),
      replicaDatabaseName(dbName, id),
    ]);
    for (const name of [...perWorker, dbName]) {
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await drop.end();
  };
}
