import { countFinishedPlays } from '@riyazi/api/quiz-performance';
import type { PruneDeps } from './outbox-prune.js';
import { everyIntervalOnOneNode } from './schedule.js';

/**
 * Counts newly finished plays into the quiz performance report's per-question figures every few
 * seconds, off the answer path, so the report's own catch-up before it reads stays small.
 */
export function startQuestionStats(deps: PruneDeps, intervalMs: number) {
  return everyIntervalOnOneNode({
    redis: deps.redis,
    lockKey: `${deps.redisPrefix}:lock:question-stats`,
    intervalMs,
    log: deps.log,
    failure: 'counting finished plays for the quiz performance report failed',
    pass: async () => {
      const counted = await countFinishedPlays(deps.db);
      if (counted > 0) {
        deps.log.debug({ counted }, 'finished plays counted for the quiz performance report');
      }
    },
  });
}
