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
 * Where Redis is: a URL, or (REDIS_SENTINELS + REDIS_SENTINEL_NAME) the Sentinels that name the
 * current master, the URL then giving only the password and database number.
 */
export interface RedisTarget {
  url: string;
  sentinels?: { host: string; port: number }[];
  sentinelName?: string;
  sentinelPassword?: string;
}

/** The target of a loaded config (config.ts). */
export function redisTargetOf(config: {
  REDIS_URL: string;
  REDIS_SENTINELS?: { host: string; port: number }[];
  REDIS_SENTINEL_NAME?: string;
  REDIS_SENTINEL_PASSWORD?: string;
}): RedisTarget {
  return {
    url: config.REDIS_URL,
    sentinels: config.REDIS_SENTINELS,
    sentinelName: config.REDIS_SENTINEL_NAME,
    sentinelPassword: config.REDIS_SENTINEL_PASSWORD,
  };
}

/**
 * Through Sentinel: ioredis asks a Sentinel for the master, checks the server's role, and
 * (failoverDetector) drops its connection as soon as a Sentinel announces +switch-master, rather
 * than when the old master's socket times out. A command answered READONLY (it reached a master
 * demoted to replica, say one that came back after a failover) reconnects and is sent again (2).
 * These options live in the client's options, so duplicate() (BullMQ's blocking connections,
 * subscribers) keeps them.
 */
export function sentinelOptions(target: RedisTarget): Partial<RedisOptions> {
  if (!target.sentinels?.length || !target.sentinelName) {
    return {};
  }
  return {
    sentinels: target.sentinels,
    name: target.sentinelName,
    role: 'master',
    sentinelPassword: target.sentinelPassword,
    failoverDetector: true,
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
  };
}

const urlOf = (target: string | RedisTarget) => (typeof target === 'string' ? target : target.url);
const sentinelsOf = (target: string | RedisTarget) =>
  typeof target === 'string' ? {} : sentinelOptions(target);

/**
 * BullMQ needs maxRetriesPerRequest: null on connections used by workers and blocking calls. The
 * client and its duplicates log and count their drops (connection-watch.ts); give `log` in a process.
 */
export function createRedis(target: string | RedisTarget, name: string, log?: ConnectionLog): Redis {
  return watchRedis(
    new Redis(urlOf(target), {
      ...LONG_LIVED,
      ...sentinelsOf(target),
      connectionName: name,
      lazyConnect: false,
    }),
    log,
  );
}

/**
 * The api's client, for request paths and its queues' adds: a command fails within
 * REDIS_REQUEST_WAIT_MS while Redis is down, so no request hangs on it. Its duplicates
 * (pub/sub subscribers, the Socket.IO stream reader) are long-lived like createRedis's.
 */
export function createRequestRedis(target: string | RedisTarget, name: string, log?: ConnectionLog): Redis {
  const client = new Redis(urlOf(target), {
    ...sentinelsOf(target),
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
