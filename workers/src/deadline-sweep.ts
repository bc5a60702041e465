import { expireOverdueQuestions, scoreStragglers } from '@riyazi/api/play-quiz';
import { dispatchAfterCommit, type Queues } from '@riyazi/api/queue';
import type { Db } from '@riyazi/db';
import type { Logger } from 'pino';

/**
 * The `timers` of DESIGN.md: every few seconds, contest questions whose deadline (plus grace)
 * passed without an answer are recorded as "no answer" and scored like any answer. Postgres holds
 * the deadlines, so a lost Redis or a restarted worker loses no timer; several nodes may sweep
 * side by side (the answer insert is idempotent). The same pass scores any answer whose scoring job
 * was lost, so a play always finishes even when Redis did not keep its queue.
 */
export function startDeadlineSweep(db: Db, queues: Queues, log: Logger, intervalMs: number) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  // The safety net looks for lost scoring jobs now and then, not on every deadline pass.
  const stragglerEveryMs = Math.max(intervalMs, 15_000);
  let stragglersDue = 0;
  const timer = setInterval(() => {
    if (stopped || busy) {
      return;
    }
    busy = true;
    running = expireOverdueQuestions(db)
      .then(async (events) => {
        if (events.length > 0) {
          log.info({ expired: events.length }, 'contest questions closed at their deadline');
          await dispatchAfterCommit({ db, queues, log }, events);
        }
        // Answers whose scoring job never ran (lost with Redis, or a killed worker) are scored here.
        if (Date.now() < stragglersDue) {
          return;
        }
        stragglersDue = Date.now() + stragglerEveryMs;
        const stragglers = await scoreStragglers(db);
        if (stragglers.scored > 0) {
          log.warn({ scored: stragglers.scored }, 'answers scored by the sweep: their scoring job was lost');
          await dispatchAfterCommit({ db, queues, log }, stragglers.events);
        }
      })
      .catch((err: unknown) => log.error({ err }, 'deadline sweep failed'))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
