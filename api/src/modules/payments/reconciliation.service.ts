import type { Db } from '@riyazi/db';
import type { PaymentStatus } from '../../contracts/payment-reports.js';
import { notFound } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import type { GatewayId, GatewayReport } from './gateways/gateway.js';
import { enabledGateways, type PaymentDeps, rupees } from './payment-deps.js';
import * as repo from './payments.repository.js';
import { settle } from './settlement.service.js';

/** A checkout left unpaid this long is closed (its promo use goes back) by the reconciliation. */
export const PAYMENT_EXPIRY_MS = 24 * 3600_000;
/**
 * A pending checkout holds its promo use this long without word from the gateway; then the use goes
 * back (the payment stays pending and is still credited if the gateway confirms it later), so
 * throwaway accounts cannot sit on a limited code's uses.
 */
export const PROMO_HOLD_MS = 15 * 60_000;
/** A student may ask us to check a pending payment with the gateway this often. */
const CONFIRM_EVERY_SECONDS = 10;
const EXPIRED_MESSAGE = 'No confirmation from the gateway within a day';

/** The student's view of one of their payments. */
export async function orderStatus(db: Db, studentId: string, orderRef: string) {
  const row = await repo.findOrderView(db, orderRef);
  // Another student's order is "not found": its existence is not theirs to learn.
  if (!row || row.studentId !== studentId) {
    throw notFound('Payment not found');
  }
  return {
    orderRef: row.orderRef,
    status: row.status as PaymentStatus,
    gateway: row.gateway,
    amount: rupees(row.amountPaisa),
    attempts: row.attempts,
    packageName: row.packageName,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    message: row.responseMessage,
    contestAttempts: row.contestAttempts,
  };
}

/**
 * POST /payment/orders/:ref/confirm: a student back from the gateway whose payment is still
 * pending asks us to check with the gateway (never trusting the browser's redirect itself).
 */
export async function confirmOrder(deps: PaymentDeps, studentId: string, orderRef: string) {
  const current = await orderStatus(deps.db, studentId, orderRef);
  if (current.status !== 'PENDING' || current.gateway === 'free') {
    return current;
  }
  const limit = await hitRateLimit(
    deps.redis,
    `${deps.config.REDIS_PREFIX}:rl:confirm:${orderRef}`,
    1,
    CONFIRM_EVERY_SECONDS,
  );
  if (limit.allowed) {
    await inquireAndSettle(deps, {
      orderRef,
      gateway: current.gateway as GatewayId,
      createdAt: new Date(current.createdAt),
    });
  }
  return orderStatus(deps.db, studentId, orderRef);
}

/** Asks the payment's gateway about it and settles what it says. False when it cannot be asked. */
export async function inquireAndSettle(
  deps: PaymentDeps,
  order: { orderRef: string; gateway: GatewayId; createdAt: Date },
): Promise<boolean> {
  const gateway = (await enabledGateways(deps)).get(order.gateway);
  await repo.countInquiry(deps.db, order.orderRef);
  if (!gateway) {
    return false;
  }
  let report: GatewayReport;
  try {
    report = await gateway.inquire(order);
  } catch (err) {
    deps.log.warn(
      { err: { message: (err as Error).message }, orderRef: order.orderRef },
      'payment inquiry failed',
    );
    return false;
  }
  await settle(deps, {
    gateway: order.gateway,
    report: { ...report, orderRef: report.orderRef ?? order.orderRef },
    kind: 'INQUIRY',
    sourceIp: null,
    payload: report as unknown as Record<string, unknown>,
  });
  return true;
}

/**
 * The reconciliation (workers, every minute): payments pending for more than two minutes are
 * checked with their gateway, less often as they age; those still unpaid after a day are closed
 * as EXPIRED. Promo uses held by checkouts pending past PROMO_HOLD_MS go back first.
 */
export async function reconcilePendingPayments(deps: PaymentDeps, now = new Date()) {
  const released = await repo.releaseStalePromoHolds(deps.db, new Date(now.getTime() - PROMO_HOLD_MS));
  const due = await repo.listPendingBefore(deps.db, new Date(now.getTime() - 2 * 60_000), 100);
  let asked = 0;
  let expired = 0;
  for (const payment of due) {
    const backoffMs = Math.min(60 * 60_000, 60_000 * 2 ** Math.min(payment.inquiryCount, 6));
    if (!payment.lastInquiryAt || now.getTime() - payment.lastInquiryAt.getTime() >= backoffMs) {
      asked += 1;
      await inquireAndSettle(deps, {
        orderRef: payment.orderRef,
        gateway: payment.gateway as GatewayId,
        createdAt: payment.createdAt,
      });
    }
    if (
      now.getTime() - payment.createdAt.getTime() >= PAYMENT_EXPIRY_MS &&
      (await expirePayment(deps.db, payment.orderRef))
    ) {
      expired += 1;
    }
  }
  return { asked, expired, released };
}

async function expirePayment(db: Db, orderRef: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const payment = await repo.expirePendingPayment(trx, orderRef, EXPIRED_MESSAGE);
    if (!payment) {
      return false;
    }
    await repo.releasePromoUse(trx, payment.id);
    await repo.insertPaymentLog(trx, {
      paymentId: payment.id,
      orderRef,
      kind: 'EXPIRY',
      gateway: payment.gateway,
      expectedAmountPaisa: payment.amountPaisa,
      responseMessage: EXPIRED_MESSAGE,
      outcome: 'EXPIRED',
    });
    return true;
  });
}

/** Stale payments one script-admin run closes at most; a second run takes the rest. */
const STALE_BATCH = 1000;

/** Gateway payments still pending after PAYMENT_EXPIRY_MS: what the reconciliation would expire. */
export const findStalePendingPayments = (db: Db, now = new Date()) =>
  repo.listPendingBefore(db, new Date(now.getTime() - PAYMENT_EXPIRY_MS), STALE_BATCH);

/** Expires the stale pending payments at once (script admin), as the reconciliation does; their order refs. */
export async function expireStalePendingPayments(db: Db, now = new Date()): Promise<string[]> {
  const closed: string[] = [];
  for (const payment of await findStalePendingPayments(db, now)) {
    if (await expirePayment(db, payment.orderRef)) {
      closed.push(payment.orderRef);
    }
  }
  return closed;
}
