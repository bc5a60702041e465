import { createDb, type Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { watchPool } from '../metrics/sources.js';
import { type ConnectionLog, postgresLossReporter } from './connection-watch.js';
import { createReadRouter, type ReadRouter } from './read-routing.js';

/** A replica that does not hand a connection within this is read around (the primary answers). */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

type ReadSettings = Pick<
  Config,
  | 'DATABASE_READ_URL'
  | 'DATABASE_READ_POOL_MAX'
  | 'DATABASE_READ_LAG_TOLERANCE_MS'
  | 'DATABASE_READ_MAX_LAG_MS'
  | 'REDIS_PREFIX'
>;

/**
 * The process's read router: with DATABASE_READ_URL, a pool of its own on the replica (closed with
 * the router) probed every second; without, every read is the primary's.
 */
export function openReadRouter(
  config: ReadSettings,
  { primary, redis, log, name }: { primary: Db; redis: Redis; log: ConnectionLog; name: string },
): ReadRouter {
  if (!config.DATABASE_READ_URL) {
    return createReadRouter({
      primary,
      redis,
      redisPrefix: config.REDIS_PREFIX,
      toleranceMs: config.DATABASE_READ_LAG_TOLERANCE_MS,
      maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
    });
  }
  const replica = createDb({
    connectionString: config.DATABASE_READ_URL,
    max: config.DATABASE_READ_POOL_MAX,
    applicationName: name,
    onConnectionError: postgresLossReporter(name, log),
    connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
  });
  const unwatch = watchPool(replica);
  const router = createReadRouter({
    primary,
    replica,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    toleranceMs: config.DATABASE_READ_LAG_TOLERANCE_MS,
    maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
    log,
  });
  return {
    ...router,
    async close() {
      await router.close();
      unwatch();
      await replica.destroy();
    },
  };
}
export { createReadRouter, primaryReads, type ReadRouter } from './read-routing.js';
