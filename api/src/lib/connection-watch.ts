import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';
import { connectionErrors } from '../metrics/metrics.js';
import { describeConnectionError } from './connection-loss.js';

export { describeConnectionError, isConnectionLoss } from './connection-loss.js';

export type ConnectionLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** createDb's onConnectionError for a process: each PostgreSQL connection lost is logged and counted. */
export function postgresLossReporter(connection: string, log: ConnectionLog) {
  const counted = connectionErrors.labels('postgres', connection);
  return (err: Error) => {
    counted.inc();
    log.warn(
      { error: describeConnectionError(err), connection },
      'PostgreSQL connection lost: the pool opens a new one for the next query',
    );
  };
}

/**
 * Logs and counts a Redis client's drops; ioredis reconnects on its own and sends again what was
 * waiting. One warning per outage and one line when it is back, each drop and each reconnection
 * attempt counted. Its duplicates (subscribers, BullMQ's blocking connections, the Socket.IO
 * adapter's readers) are watched the same way.
 */
export function watchRedis(client: Redis, log?: ConnectionLog): Redis {
  const connection = client.options.connectionName || 'redis';
  const counted = connectionErrors.labels('redis', connection);
  let warned = false;
  const warnOnce = (err: Error | undefined, message: string) => {
    if (!warned) {
      warned = true;
      log?.warn({ ...(err ? { error: describeConnectionError(err) } : {}), connection }, message);
    }
  };
  client.on('error', (err: Error) => warnOnce(err, 'Redis connection error: reconnecting'));
  client.on('reconnecting', () => {
    counted.inc();
    warnOnce(undefined, 'Redis connection lost: reconnecting');
  });
  client.on('ready', () => {
    if (warned) {
      warned = false;
      log?.info({ connection }, 'Redis connection back');
    }
  });
  const duplicate = client.duplicate.bind(client);
  client.duplicate = (override?: Partial<RedisOptions>) => watchRedis(duplicate(override), log);
  return client;
}
