import { pino } from 'pino';
import { type RunningWorkers, startWorkers, type WorkerDeps } from '../workers/src/runtime.js';
import type { TestContext } from './helpers.js';

/**
 * The workers in this test process, on a test context's database, Redis and queues (silent logs,
 * not production); `options` adds or overrides (relay timings, sweep interval, upload dir…).
 */
export function startTestWorkers(
  t: Pick<TestContext, 'db' | 'redis' | 'queues' | 'config'>,
  options: Partial<WorkerDeps> = {},
): Promise<RunningWorkers> {
  return startWorkers({
    db: t.db,
    redis: t.redis,
    queues: t.queues,
    redisPrefix: t.config.REDIS_PREFIX,
    log: pino({ level: 'silent' }),
    encryptionKey: t.config.ENCRYPTION_KEY,
    isProduction: false,
    ...options,
  });
}
