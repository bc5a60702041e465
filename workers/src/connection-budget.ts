/** Student exports running at once per workers process, each a child process with its own pool. */
export const EXPORTS_AT_ONCE = 2;
export const EXPORT_PROCESS_POOL_MAX = 2;

/** PostgreSQL connections one workers process may hold: its pool and its export processes' pools. */
export const workersProcessConnections = (poolMax: number): number =>
  poolMax + EXPORTS_AT_ONCE * EXPORT_PROCESS_POOL_MAX;
