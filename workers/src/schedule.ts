import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface OneNodeSchedule {
  redis: Redis;
  /** The Redis key of the lock, under the instance's REDIS_PREFIX. */
  lockKey: string;
  intervalMs: number;
  log: Logger;
  /** Logged with the error when a pass throws. */
  failure: string;
  pass: () => Promise<void>;
}

/**
 * Runs `pass` every interval on one worker node at a time: the node that takes the Redis lock runs
 * it, and the lock outlives the pass for (almost) the interval, so a late node cannot repeat it. A
 * pass longer than the interval is not overlapped by the next tick of the same node.
 */
export function everyIntervalOnOneNode(schedule: OneNodeSchedule) {
  const { redis, lockKey, intervalMs, log } = schedule;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const lockedPass = async () => {
    const locked = await redis.set(lockKey, '1', 'PX', Math.max(intervalMs - 100, 1000), 'NX');
    if (locked === 'OK') {
      await schedule.pass();
    }
  };
  const timer = setInterval(() => {
    if (busy) {
      return;
    }
    busy = true;
    running = lockedPass()
      .catch((err: unknown) => log.error({ err }, schedule.failure))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
