import { type PaymentDeps, reconcilePendingPayments } from '@riyazi/api/payments';
import type { Queues } from '@riyazi/api/queue';
import type { Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface ReconciliationDeps {
  db: Db;
  redis: Redis;
  queues: Queues;
  log: Logger;
  config: PaymentDeps['config'];
  /** One reconciliation pass (default: reconcilePendingPayments); tests count passes with it. */
  reconcile?: (deps: PaymentDeps) => Promise<{ asked: number; expired: number }>;
}

/**
 * Payments left pending (the student closed the tab, the gateway's callback never came) are asked
 * about at their gateway every minute, and closed after a day. One worker node does a pass at a
 * time (a short Redis lock); a pass repeated by another node would change nothing anyway.
 */
export function startPaymentReconciliation(deps: ReconciliationDeps, intervalMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const lockKey = `${deps.config.REDIS_PREFIX}:lock:payment-reconciliation`;
  const pass = async () => {
    const locked = await deps.redis.set(lockKey, '1', 'PX', Math.max(intervalMs - 100, 1000), 'NX');
    if (locked !== 'OK') {
      return;
    }
    const { asked, expired } = await (deps.reconcile ?? reconcilePendingPayments)(deps);
    if (asked > 0 || expired > 0) {
      deps.log.info({ asked, expired }, 'pending payments reconciled');
    }
  };
  const timer = setInterval(() => {
    if (busy) {
      return;
    }
    busy = true;
    running = pass()
      .catch((err: unknown) => deps.log.error({ err }, 'payment reconciliation failed'))
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
