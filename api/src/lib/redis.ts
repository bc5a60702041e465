import { Redis, type RedisOptions } from 'ioredis';
import { type ConnectionLog, watchRedis } from './connection-watch.js';

/**
 * How long a request waits on Redis while it cannot be reached: then the command fails, and the
 * request is answered 503 with Retry-After like a lost PostgreSQL connection (plugins/errors.ts).
 */
export const REDIS_REQUEST_WAIT_MS = 1500;

/** What BullMQ's workers and blocking reads need: commands wait for Redis however long it is away. */
const LONG_LIVED: Partial<RedisOptions> = { maxRetriesPerRequest: null, commandTimeout: undefined };

/**
 * BullMQ needs maxRetriesPerRequest: null on connections used by workers and blocking calls. The
 * client and its duplicates log and count their drops (connection-watch.ts); give `log` in a process.
 */
export function createRedis(url: string, name: string, log?: ConnectionLog): Redis {
  return watchRedis(new Redis(url, { ...LONG_LIVED, connectionName: name, lazyConnect: false }), log);
}

/**
 * The api's client, for request paths and its queues' adds: a command fails within
 * REDIS_REQUEST_WAIT_MS while Redis is down, so no request hangs on it. Its duplicates
 * (pub/sub subscribers, the Socket.IO stream reader) are long-lived like createRedis's.
 */
export function createRequestRedis(url: string, name: string, log?: ConnectionLog): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_REQUEST_WAIT_MS,
    connectionName: name,
    lazyConnect: false,
  });
  const duplicate = client.duplicate.bind(client);
  client.duplicate = (override?: Partial<RedisOptions>) => duplicate({ ...LONG_LIVED, ...override });
  return watchRedis(client, log);
}

export { checkRedisDurability } from './redis-durability.js';
