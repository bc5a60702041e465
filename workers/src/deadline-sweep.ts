import { expireOverdueQuestions, scoreStragglers } from '@riyazi/api/play-quiz';
import { dispatchAfterCommit, oldestUnfinishedJobAt, type Queues } from '@riyazi/api/queue';
import type { Db } from '@riyazi/db';
import type { Logger } from 'pino';

/** An answer is enqueued after its commit: its job may be added this long after its answered_at. */
const ENQUEUE_SLACK_MS = 5_000;
/** An answer unscored this long is a straggler, unless its job may still be in the scoring queue. */
const STRAGGLER_AFTER_MS = 15_000;
/** However long the queue, an answer unscored this long is scored by the sweep (a stuck queue must not hold a play). */
const STRAGGLER_MAX_WAIT_MS = 10 * 60_000;
/** Redis not answering in this time: the queue is unknown, and the sweep goes by age alone. */
const QUEUE_READ_TIMEOUT_MS = 2_000;

/**
 * How old an unscored answer must be before the safety net scores it itself: older than 15 s, and
 * recorded before the oldest job the scoring queue still holds was added (less the enqueue slack).
 * A newer answer's job may still be waiting its turn: it is not lost, only queued.
 */
export async function stragglerAgeMs(queues: Queues, now = Date.now()): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const unknown = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS);
  });
  const oldest = await Promise.race([oldestUnfinishedJobAt(queues.scoring).catch(() => null), unknown]);
  clearTimeout(timer);
  if (oldest === null) {
    return STRAGGLER_AFTER_MS;
  }
  return Math.min(STRAGGLER_MAX_WAIT_MS, Math.max(STRAGGLER_AFTER_MS, now - oldest + ENQUEUE_SLACK_MS));
}

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
  const stragglerEveryMs = Math.max(intervalMs, STRAGGLER_AFTER_MS);
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
        const olderThanMs = await stragglerAgeMs(queues);
        const stragglers = await scoreStragglers(db, { olderThanMs });
        if (stragglers.scored > 0) {
          log.warn(
            { scored: stragglers.scored, olderThanMs },
            'answers scored by the sweep: their scoring job was lost',
          );
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
