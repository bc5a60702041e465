import { randomBytes } from 'node:crypto';
import { createDb, migrateToLatest } from '@riyazi/db';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { deleteRedisKeys } from './helpers-redis.js';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database per test run, migrated once and dropped at the end; Redis keys get their own prefix. */
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

  project.provide('databaseUrl', databaseUrl);
  project.provide('redisPrefix', `riyazi-test-${suffix}`);
  process.env.REDIS_PREFIX = `riyazi-test-${suffix}`;
  process.env.DATABASE_URL = databaseUrl;

  const redisPrefix = `riyazi-test-${suffix}`;
  return async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await deleteRedisKeys(redis, redisPrefix);
    redis.disconnect();
    const drop = new pg.Client({ connectionString: ADMIN_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
  };
}
