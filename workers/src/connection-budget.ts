/** Student exports running at once per workers process, each a child process with its own pool. */
export const EXPORTS_AT_ONCE = 2;
export const EXPORT_PROCESS_POOL_MAX = 2;

/**
 * PostgreSQL connections one workers process may hold: its pool, and its export processes' pools
 * when it runs the background group (where the exports queue lives, workers/src/groups.ts).
 */
export const workersProcessConnections = (poolMax: number, groups: readonly string[]): number =>
  poolMax + (groups.includes('background') ? EXPORTS_AT_ONCE * EXPORT_PROCESS_POOL_MAX : 0);
