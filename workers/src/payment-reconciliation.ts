import { type PaymentDeps, reconcilePendingPayments } from '@riyazi/api/payments';
import type { Queues } from '@riyazi/api/queue';
import type { ReadRouter } from '@riyazi/api/read-replica';
import type { Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { everyIntervalOnOneNode } from './schedule.js';

export interface ReconciliationDeps {
  db: Db;
  redis: Redis;
  queues: Queues;
  log: Logger;
  config: PaymentDeps['config'];
  /** Marks payments written after a pass that changed some (payment reports read the primary meanwhile). */
  reads?: Pick<ReadRouter, 'markWritten'>;
  /** One reconciliation pass (default: reconcilePendingPayments); tests count passes with it. */
  reconcile?: (deps: PaymentDeps) => Promise<{ asked: number; expired: number; released: number }>;
}

/**
 * Payments left pending (the student closed the tab, the gateway's callback never came) are asked
 * about at their gateway every minute, and closed after a day. One worker node does a pass at a
 * time (a short Redis lock); a pass repeated by another node would change nothing anyway.
 */
export function startPaymentReconciliation(deps: ReconciliationDeps, intervalMs: number) {
  return everyIntervalOnOneNode({
    redis: deps.redis,
    lockKey: `${deps.config.REDIS_PREFIX}:lock:payment-reconciliation`,
    intervalMs,
    log: deps.log,
    failure: 'payment reconciliation failed',
    pass: async () => {
      const { asked, expired, released } = await (deps.reconcile ?? reconcilePendingPayments)(deps);
      if (asked > 0 || expired > 0 || released > 0) {
        await deps.reads?.markWritten(['payments']);
        deps.log.info({ asked, expired, released }, 'pending payments reconciled');
      }
    },
  });
}
