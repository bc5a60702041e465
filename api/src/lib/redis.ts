import { Redis } from 'ioredis';
import { type ConnectionLog, watchRedis } from './connection-watch.js';

/**
 * BullMQ needs maxRetriesPerRequest: null on connections used by workers and blocking calls. The
 * client and its duplicates log and count their drops (connection-watch.ts); give `log` in a process.
 */
export function createRedis(url: string, name: string, log?: ConnectionLog): Redis {
  return watchRedis(
    new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false }),
    log,
  );
}

export { checkRedisDurability } from './redis-durability.js';
