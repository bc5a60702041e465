import { Redis } from 'ioredis';

/** BullMQ needs maxRetriesPerRequest: null on connections used by workers and blocking calls. */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false });
}

export { checkRedisDurability } from './redis-durability.js';
