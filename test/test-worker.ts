import { inject } from 'vitest';

/**
 * Test files run two at a time (TEST_WORKERS). Each worker has a database of its own, cloned from
 * the run's migrated template by the global setup, and a Redis prefix of its own, so files in
 * different workers never see each other's rows, keys, queues or uploads.
 */
export const TEST_WORKERS = 2;

/** The vitest worker running this file: 1…TEST_WORKERS. */
function workerId(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return Number.isInteger(id) && id >= 1 && id <= TEST_WORKERS ? id : 1;
}

/** The name of worker `id`'s database, made from the template's. */
export const workerDatabaseName = (template: string, id: number) => `${template}_w${id}`;

/** The name of worker `id`'s stand-in read replica (test/replica.ts). */
export const replicaDatabaseName = (template: string, id: number) => `${template}_w${id}_replica`;

/** The worker's Redis prefix, made from the run's. */
export const workerRedisPrefix = (prefix: string, id: number) => `${prefix}-w${id}`;

/** This worker's database. */
export function testDatabaseUrl(): string {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${workerDatabaseName(url.pathname.slice(1), workerId())}`;
  return url.toString();
}

/** This worker's stand-in read replica: migrated, empty until a test copies rows to it. */
export function testReplicaUrl(): string {
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${replicaDatabaseName(url.pathname.slice(1), workerId())}`;
  return url.toString();
}

/** This worker's Redis prefix. */
export function testRedisPrefix(): string {
  return workerRedisPrefix(inject('redisPrefix'), workerId());
}
