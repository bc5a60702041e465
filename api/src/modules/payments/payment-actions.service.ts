import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { type DispatchDeps, dispatchAfterCommit, type OutboxEvent } from '../../queue/outbox.js';
import { grantAttempts } from './attempt-grants.repository.js';
import * as repo from './payments.repository.js';
import { orderStatus } from './reconciliation.service.js';
import { credit } from './settlement.service.js';

type Payment = NonNullable<Awaited<ReturnType<typeof repo.lockPaymentById>>>;
type LogKind = 'CANCEL' | 'MARK_PAID' | 'REFUND';

const logAction = (trx: Trx, payment: Payment, kind: LogKind, outcome: string, message: string) =>
  repo.insertPaymentLog(trx, {
    paymentId: payment.id,
    orderRef: payment.orderRef,
    kind,
    gateway: payment.gateway,
    expectedAmountPaisa: payment.amountPaisa,
    expectedCurrency: payment.currency,
    responseMessage: message.slice(0, 300),
    outcome,
  });

const statusWord = (status: string) => status.toLowerCase();

/** Closes a pending checkout as CANCELLED and gives its promo use back, in the caller's transaction. */
async function cancelPending(trx: Trx, payment: Payment, message: string) {
  await repo.markPaymentCancelled(trx, payment.id, message);
  await repo.releasePromoUse(trx, payment.id);
  await logAction(trx, payment, 'CANCEL', 'CANCELLED', message);
}

/**
 * POST /payment/orders/:ref/cancel: the family gives up a checkout left at the gateway. Its promo
 * use goes back at once; should the gateway still report it paid, it is credited all the same.
 */
export async function cancelOwnOrder(deps: DispatchDeps, studentId: string, orderRef: string) {
  await deps.db.transaction().execute(async (trx) => {
    const payment = await repo.lockPaymentOfStudent(trx, orderRef, studentId);
    if (!payment) {
      throw notFound('Payment not found');
    }
    if (payment.status === 'CANCELLED') {
      return;
    }
    if (payment.status !== 'PENDING') {
      throw new HttpError(
        409,
        `This payment is ${statusWord(payment.status)}; only a pending one can be cancelled.`,
        {
          code: 'PAYMENT_NOT_PENDING',
        },
      );
    }
    await cancelPending(trx, payment, 'Cancelled by the family');
  });
  return orderStatus(deps.db, studentId, orderRef);
}

const CAN_MARK_PAID = new Set(['PENDING', 'CANCELLED', 'EXPIRED', 'FAILED']);

async function lockForStaff(trx: Trx, paymentId: string) {
  const payment = await repo.lockPaymentById(trx, paymentId);
  if (!payment) {
    throw notFound('Payment not found');
  }
  return payment;
}

const result = (payment: Payment, status: string, extra: Record<string, number> = {}) => ({
  _id: payment.id,
  orderRef: payment.orderRef,
  status,
  ...extra,
});

/** Staff cancel a pending payment (a stuck checkout): its promo use goes back. */
export async function staffCancel(deps: DispatchDeps, actor: Actor, paymentId: string, reason: string) {
  return deps.db.transaction().execute(async (trx) => {
    const payment = await lockForStaff(trx, paymentId);
    if (payment.status !== 'PENDING') {
      throw conflict(
        `Payment ${payment.orderRef} is ${statusWord(payment.status)}; only a pending one can be cancelled.`,
      );
    }
    await cancelPending(trx, payment, 'Cancelled by staff');
    await audit(trx, actor, 'payment.cancel', 'payment', payment.id, {
      orderRef: payment.orderRef,
      from: payment.status,
      reason,
    });
    return result(payment, 'CANCELLED');
  });
}

/**
 * Staff record money that reached us another way (a bank transfer): the payment is credited as a
 * gateway's confirmation would (attempts, receipt), and takes its promo use again when one is left.
 */
export async function staffMarkPaid(deps: DispatchDeps, actor: Actor, paymentId: string, reason: string) {
  const events: OutboxEvent[] = [];
  const done = await deps.db.transaction().execute(async (trx) => {
    const payment = await lockForStaff(trx, paymentId);
    if (!CAN_MARK_PAID.has(payment.status)) {
      throw conflict(
        `Payment ${payment.orderRef} is ${statusWord(payment.status)}; it cannot be marked paid.`,
      );
    }
    if (payment.promoCodeId && !(await repo.holdsPromoUse(trx, payment.id))) {
      await repo.reservePromoUse(trx, {
        promoCodeId: payment.promoCodeId,
        studentId: payment.studentId,
        paymentId: payment.id,
      });
    }
    const contestAttempts = await credit(trx, events, {
      paymentId: payment.id,
      studentId: payment.studentId,
      attempts: payment.attempts,
      gatewayRef: null,
      responseCode: null,
      responseMessage: 'Marked paid by staff',
      now: new Date(),
    });
    await logAction(trx, payment, 'MARK_PAID', 'CREDITED', 'Marked paid by staff');
    await audit(trx, actor, 'payment.markPaid', 'payment', payment.id, {
      orderRef: payment.orderRef,
      from: payment.status,
      attempts: payment.attempts,
      reason,
    });
    return result(payment, 'PAID', { contestAttempts });
  });
  await dispatchAfterCommit(deps, events);
  return done;
}

/**
 * Staff record a refund of a paid payment: it becomes REFUNDED and the attempts it bought that the
 * student has not used yet are taken back (at most the attempts they hold; none when all are used,
 * which is still recorded: the money went back either way). A promo use it took is given back.
 */
export async function staffRefund(deps: DispatchDeps, actor: Actor, paymentId: string, reason: string) {
  return deps.db.transaction().execute(async (trx) => {
    const payment = await lockForStaff(trx, paymentId);
    if (payment.status !== 'PAID') {
      throw conflict(
        `Payment ${payment.orderRef} is ${statusWord(payment.status)}; only a paid one can be refunded.`,
      );
    }
    if (payment.amountPaisa === 0) {
      throw conflict(`Payment ${payment.orderRef} was covered in full by a promo code: no money to refund.`);
    }
    const held = (await repo.lockStudentAttempts(trx, payment.studentId)).contestAttempts;
    const reverted = Math.min(payment.attempts, held);
    const granted =
      reverted > 0
        ? await grantAttempts(trx, {
            studentId: payment.studentId,
            attempts: -reverted,
            source: 'REFUND',
            paymentId: payment.id,
            staffId: actor.id,
            reason: reason.slice(0, 300),
          })
        : null;
    await repo.markPaymentRefunded(trx, payment.id, new Date());
    await repo.releasePromoUse(trx, payment.id);
    const message = `Refunded by staff; ${reverted} of ${payment.attempts} attempts taken back`;
    await logAction(trx, payment, 'REFUND', 'REFUNDED', message);
    await audit(trx, actor, 'payment.refund', 'payment', payment.id, {
      orderRef: payment.orderRef,
      attempts: payment.attempts,
      attemptsReverted: reverted,
      reason,
    });
    return result(payment, 'REFUNDED', {
      attemptsReverted: reverted,
      contestAttempts: granted?.contestAttempts ?? held,
    });
  });
}
