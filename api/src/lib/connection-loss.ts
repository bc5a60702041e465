/**
 * Whether an error means PostgreSQL or Redis could not be reached, or the connection a statement
 * ran on ended under it (a terminated backend, a restart or failover, a network reset, a pool that
 * found no connection in time). Such a request is worth sending again: it is answered 503.
 */

/** SQLSTATE class 08 (connection exception) is matched by its prefix; these are the others. */
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections: a failover or a pooler restart with every slot taken
]);

/** Socket and DNS errors of a connection that broke or could not open. */
const LOST_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and ioredis say so in words only. */
const LOST_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /is not queryable/, // a client whose connection already failed
  /^Connection is closed/, // ioredis
  /^Reached the max retries per request limit/, // ioredis
  /^Command timed out/, // ioredis commandTimeout: Redis unreachable (lib/redis.ts createRequestRedis)
  /^Stream isn't writeable/, // ioredis without an offline queue
];

function isLossItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (/^08[0-9A-Z]{3}$/.test(code) || LOST_SQLSTATES.has(code) || LOST_ERRNOS.has(code))
  ) {
    return true;
  }
  return typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error, or what it wraps (`cause`) or gathers (an AggregateError's `errors`), a few levels deep. */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) {
    return false;
  }
  if (isLossItself(error)) {
    return true;
  }
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  return (
    isConnectionLoss(cause, depth + 1) ||
    (Array.isArray(errors) && errors.some((inner) => isConnectionLoss(inner, depth + 1)))
  );
}

/** What may be logged of a connection error: never the client, its settings or a command's arguments. */
export function describeConnectionError(error: unknown): { message: string; code?: string } {
  if (typeof error !== 'object' || error === null) {
    return { message: String(error) };
  }
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    message: typeof message === 'string' ? message : 'unknown error',
    ...(typeof code === 'string' ? { code } : {}),
  };
}
