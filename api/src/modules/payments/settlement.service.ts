import { createHash } from 'node:crypto';
import { queueMail } from '#modules/mail';
import { writeAudit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { type DispatchDeps, dispatchAfterCommit, type OutboxEvent } from '../../queue/outbox.js';
import { grantAttempts } from './attempt-grants.repository.js';
import type { GatewayId, GatewayReport } from './gateways/gateway.js';
import { rupees } from './payment-deps.js';
import * as repo from './payments.repository.js';

export type SettleKind = 'CALLBACK' | 'RETURN' | 'INQUIRY';
export type SettleOutcome = 'CREDITED' | 'DUPLICATE' | 'REJECTED' | 'SUSPICIOUS' | 'FAILED' | 'PENDING';

/** Marks a payment paid, grants its attempts and queues the receipt, in the caller's transaction. */
export async function credit(
  trx: Trx,
  events: OutboxEvent[],
  input: {
    paymentId: string;
    studentId: string;
    attempts: number;
    gatewayRef: string | null;
    responseCode: string | null;
    responseMessage: string | null;
    now: Date;
  },
): Promise<number> {
  const paid = await repo.markPaymentPaid(trx, input.paymentId, {
    paidAt: input.now,
    gatewayRef: input.gatewayRef,
    responseCode: input.responseCode,
    responseMessage: input.responseMessage?.slice(0, 300) ?? null,
  });
  const granted = await grantAttempts(trx, {
    studentId: input.studentId,
    attempts: input.attempts,
    source: 'PAYMENT',
    paymentId: input.paymentId,
  });
  const student = await repo.findReceiptContact(trx, input.studentId);
  const { event } = await queueMail(trx, 'paymentReceipt', student.email, {
    language: student.language,
    name: student.fullName,
    orderRef: paid.orderRef,
    amount: `PKR ${rupees(paid.amountPaisa).toLocaleString('en-PK', { minimumFractionDigits: 0 })}`,
    attempts: paid.attempts,
    contestAttempts: granted?.contestAttempts ?? 0,
  });
  events.push(event);
  await writeAudit(trx, {
    actorType: 'system',
    actorId: null,
    action: 'payment.credit',
    targetType: 'payment',
    targetId: input.paymentId,
    details: { orderRef: paid.orderRef, attempts: paid.attempts },
  });
  return granted?.contestAttempts ?? 0;
}

/** A stable hash of a message as received (field order does not matter), for the log trail. */
export const payloadHash = (fields: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex');

interface SettleInput {
  gateway: GatewayId;
  report: GatewayReport;
  kind: SettleKind;
  sourceIp: string | null;
  payload: Record<string, unknown>;
}

type Payment = NonNullable<Awaited<ReturnType<typeof repo.lockPaymentOfGateway>>>;

/** Logs one message about an order (numbered per kind) and answers what settle returns. */
async function logMessage(
  trx: Trx,
  input: SettleInput,
  payment: Payment | undefined,
  outcome: SettleOutcome,
  message?: string,
) {
  const { report } = input;
  const previous = payment ? await repo.countPaymentLogs(trx, payment.id, input.kind) : 0;
  await repo.insertPaymentLog(trx, {
    paymentId: payment?.id ?? null,
    orderRef: report.orderRef?.slice(0, 64) ?? null,
    kind: input.kind,
    gateway: input.gateway,
    gatewayRef: report.gatewayRef?.slice(0, 64) ?? null,
    responseCode: report.responseCode?.slice(0, 16) ?? null,
    responseMessage: (message ?? report.responseMessage)?.slice(0, 300) ?? null,
    expectedAmountPaisa: payment?.amountPaisa ?? null,
    receivedAmountPaisa: report.amountPaisa,
    expectedCurrency: payment?.currency ?? null,
    receivedCurrency: report.currency?.slice(0, 8) ?? null,
    signatureValid: report.signatureValid,
    attemptNo: previous + 1,
    sourceIp: input.sourceIp?.slice(0, 64) ?? null,
    payloadSha256: payloadHash(input.payload),
    outcome,
  });
  return { outcome, orderRef: payment?.orderRef ?? null, status: payment?.status ?? null };
}

/**
 * Acts on what a gateway said about an order, exactly once: the payment row is locked, so a
 * replayed or concurrent duplicate callback finds it PAID and changes nothing. Credits only a
 * signed report of our order, for its exact amount, in PKR. Every message is logged.
 */
export async function settle(
  deps: DispatchDeps,
  input: SettleInput,
): Promise<{ outcome: SettleOutcome; orderRef: string | null; status: string | null }> {
  const { report } = input;
  const events: OutboxEvent[] = [];
  const now = new Date();
  const result = await deps.db.transaction().execute(async (trx) => {
    const payment = report.orderRef
      ? await repo.lockPaymentOfGateway(trx, report.orderRef, input.gateway)
      : undefined;
    const log = (outcome: SettleOutcome, message?: string) =>
      logMessage(trx, input, payment, outcome, message);
    if (!report.signatureValid) {
      return log('REJECTED', `Signature check failed. ${report.responseMessage ?? ''}`.trim());
    }
    if (!payment) {
      return log('SUSPICIOUS', 'Signed message about an order we do not have');
    }
    if (report.status === 'PENDING') {
      return log('PENDING');
    }
    if (report.status === 'FAILED') {
      if (payment.status === 'PAID' || payment.status === 'REFUNDED') {
        return log('SUSPICIOUS', 'The gateway reports a failure for an order already paid');
      }
      if (payment.status === 'PENDING') {
        await repo.markPaymentFailed(trx, payment.id, {
          updatedAt: now,
          responseCode: report.responseCode?.slice(0, 16) ?? null,
          responseMessage: report.responseMessage?.slice(0, 300) ?? null,
        });
        await repo.releasePromoUse(trx, payment.id);
        return { ...(await log('FAILED')), status: 'FAILED' };
      }
      return log('DUPLICATE');
    }
    // A status inquiry is our own signed call about our own order: some gateways (JazzCash) leave
    // the amount out of its answer, and then the order's amount stands. Any amount given must match.
    const unstated = input.kind === 'INQUIRY';
    const amountOk = report.amountPaisa === payment.amountPaisa || (unstated && report.amountPaisa === null);
    const currencyOk = report.currency === payment.currency || (unstated && report.currency === null);
    if (!amountOk || !currencyOk) {
      return log('SUSPICIOUS', 'Paid amount or currency differs from the order');
    }
    if (payment.status === 'PAID' || payment.status === 'REFUNDED') {
      return log('DUPLICATE');
    }
    if (report.gatewayRef && (await repo.findPaymentByGatewayRef(trx, input.gateway, report.gatewayRef))) {
      return log('SUSPICIOUS', 'The gateway reference already settled another order');
    }
    if (payment.promoCodeId && !(await repo.holdsPromoUse(trx, payment.id))) {
      // Paid after its promo use went back (failed, expired, cancelled, a later checkout, or 15
      // minutes without word): the student paid the promo price, so the use is taken again when
      // one is left; money taken is never lost, so the payment is credited either way.
      await repo.reservePromoUse(trx, {
        promoCodeId: payment.promoCodeId,
        studentId: payment.studentId,
        paymentId: payment.id,
      });
    }
    await credit(trx, events, {
      paymentId: payment.id,
      studentId: payment.studentId,
      attempts: payment.attempts,
      gatewayRef: report.gatewayRef,
      responseCode: report.responseCode,
      responseMessage: report.responseMessage,
      now,
    });
    return { ...(await log('CREDITED')), status: 'PAID' };
  });
  await dispatchAfterCommit(deps, events);
  return result;
}
