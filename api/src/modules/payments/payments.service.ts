import { createHash, randomInt } from 'node:crypto';
import type { Database, Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import type { Transaction } from 'kysely';
import { normalizeFlags } from '../../contracts/flags.js';
import { writeAudit } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { type DispatchDeps, dispatchAfterCommit, type OutboxEvent } from '../../queue/outbox.js';
import { queueMail } from '../mail/mail.service.js';
import {
  listActivePackages,
  loadGatewaySettings,
  missingSettings,
} from '../payment-config/payment-config.service.js';
import { grantAttempts } from './attempt-grants.js';
import type { GatewayEnv, GatewayId, GatewayReport, PaymentGateway } from './gateways/gateway.js';
import { type GatewayPolicy, gatewayAllowed, gatewayModules } from './gateways/registry.js';
import { quotePromo, releasePromoUse, reservePromoUse } from './promo.js';

type Trx = Transaction<Database>;

/** A checkout left unpaid this long is closed (its promo use goes back) by the reconciliation. */
export const PAYMENT_EXPIRY_MS = 24 * 3600_000;
/** How long the gateway's checkout page accepts the order. */
const CHECKOUT_VALID_MS = 60 * 60_000;
/** A student may ask us to check a pending payment with the gateway this often. */
const CONFIRM_EVERY_SECONDS = 10;

export interface PaymentDeps extends DispatchDeps {
  redis: Redis;
  config: GatewayPolicy & { PUBLIC_URL: string; ENCRYPTION_KEY: string; REDIS_PREFIX: string };
}

const rupees = (paisa: number) => Math.round(paisa) / 100;
const refused = (status: number, message: string, code?: string) =>
  new HttpError(status, message, code ? { code } : {});

export const gatewayEnv = (deps: Pick<PaymentDeps, 'redis' | 'config'>): GatewayEnv => ({
  publicUrl: deps.config.PUBLIC_URL,
  encryptionKey: deps.config.ENCRYPTION_KEY,
  redis: deps.redis,
  redisPrefix: deps.config.REDIS_PREFIX,
});

/**
 * The gateways that can take payments now: registered, switched on, allowed in this environment
 * (a test-only gateway not in production) and with every required setting stored.
 */
export async function enabledGateways(deps: PaymentDeps): Promise<Map<GatewayId, PaymentGateway>> {
  const stored = await loadGatewaySettings(deps.db, deps.config.ENCRYPTION_KEY);
  const gateways = new Map<GatewayId, PaymentGateway>();
  for (const module of gatewayModules()) {
    const settings = stored.get(module.id);
    if (
      settings?.enabled &&
      gatewayAllowed(module, deps.config) &&
      missingSettings(module, settings.values).length === 0
    ) {
      gateways.set(module.id, module.create(settings.values, gatewayEnv(deps)));
    }
  }
  return gateways;
}

async function loadFlags(db: Db | Trx) {
  const row = await db.selectFrom('systemFlags').select('flags').where('id', '=', 1).executeTakeFirst();
  return normalizeFlags((row?.flags ?? {}) as Record<string, unknown>);
}

type PhaseState = { id: string; status: 'UPCOMING' | 'ACTIVE' | 'CLOSED'; endsAt: Date };

/**
 * Attempts are one balance, usable in whichever contest is open to the student; a package limited
 * to a phase is sold only while that phase is the contest phase now or has not ended yet.
 */
export function packageOnSale(phase: PhaseState | null, contestPhase: string | false, now: Date): boolean {
  return phase === null || phase.id === contestPhase || (phase.status !== 'CLOSED' && phase.endsAt > now);
}

/** GET /payment/options: what the payment page shows. */
export async function paymentOptions(deps: PaymentDeps, studentId: string) {
  const [flags, gateways, packages, student] = await Promise.all([
    loadFlags(deps.db),
    enabledGateways(deps),
    listActivePackages(deps.db),
    deps.db
      .selectFrom('students')
      .select(['contestAttempts', 'isPaymentMade'])
      .where('id', '=', studentId)
      .executeTakeFirst(),
  ]);
  if (!student) {
    throw refused(401, 'Unauthorized');
  }
  const now = new Date();
  return {
    paymentEnabled: flags.isPaymentEnabled && gateways.size > 0,
    gateways: [...gateways.values()].map((g) => ({ id: g.id, label: g.label })),
    packages: packages
      .filter((p) => packageOnSale(p.phase, flags.contestQuizPhase, now))
      .map((p) => ({
        _id: p.id,
        name: p.name,
        description: p.description,
        attempts: p.attempts,
        price: rupees(p.pricePaisa),
        phase: p.phase
          ? { _id: p.phase.id, title: p.phase.title, isContestPhase: p.phase.id === flags.contestQuizPhase }
          : null,
      })),
    contestAttempts: student.contestAttempts,
    isPaymentMade: student.isPaymentMade,
  };
}

async function activePackage(db: Db | Trx, packageId: string) {
  const pkg = await db
    .selectFrom('paymentPackages')
    .leftJoin('phases', 'phases.id', 'paymentPackages.phaseId')
    .select([
      'paymentPackages.id',
      'paymentPackages.name',
      'paymentPackages.attempts',
      'paymentPackages.phaseId',
      'paymentPackages.pricePaisa',
      'phases.status as phaseStatus',
      'phases.endsAt as phaseEndsAt',
    ])
    .where('paymentPackages.id', '=', packageId)
    .where('paymentPackages.isActive', '=', true)
    .executeTakeFirst();
  const flags = await loadFlags(db);
  const phase =
    pkg?.phaseId && pkg.phaseStatus && pkg.phaseEndsAt
      ? { id: pkg.phaseId, status: pkg.phaseStatus, endsAt: pkg.phaseEndsAt }
      : null;
  if (!pkg || !packageOnSale(phase, flags.contestQuizPhase, new Date())) {
    throw new HttpError(404, 'This package is not on sale.', { errors: { packageId: 'is not on sale' } });
  }
  return pkg;
}

/** POST /payment/promo/check: the price after a promo code, checked live as the student types. */
export async function checkPromo(
  deps: PaymentDeps,
  studentId: string,
  input: { code: string; packageId: string },
) {
  await limitPromoTries(deps.redis, deps.config.REDIS_PREFIX, studentId);
  const pkg = await activePackage(deps.db, input.packageId);
  const quote = await quotePromo(deps.db, {
    code: input.code,
    studentId,
    packageId: pkg.id,
    pricePaisa: pkg.pricePaisa,
    now: new Date(),
  });
  return {
    code: quote.code,
    price: rupees(pkg.pricePaisa),
    discount: rupees(quote.discountPaisa),
    amount: rupees(quote.amountPaisa),
    message:
      quote.amountPaisa === 0
        ? 'Promo code applied: this package is free.'
        : `Promo code applied: you save PKR ${rupees(quote.discountPaisa).toLocaleString('en-PK')}.`,
  };
}

async function limitPromoTries(redis: Redis, prefix: string, studentId: string) {
  const limit = await hitRateLimit(redis, `${prefix}:rl:promo:${studentId}`, 30, 3600);
  if (!limit.allowed) {
    throw new HttpError(429, 'Too many tries. Please try again later.');
  }
}

/** Our order id: RZ + Pakistan date-time + 6 random characters (20, JazzCash's pp_TxnRefNo limit). */
export function newOrderRef(at = new Date()): string {
  const stamp = new Date(at.getTime() + 5 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(2, 14);
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tail = Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `RZ${stamp}${tail}`;
}

const returnUrlOf = (publicUrl: string, gateway: GatewayId) =>
  new URL(`/api/payment/gateway/${gateway}/return`, publicUrl).toString();

/**
 * POST /payment/checkout: records a pending payment (holding a promo use if one is given) and
 * answers the form that takes the student to the gateway. A price brought to 0 by a promo code
 * grants the attempts at once, without a gateway.
 */
export async function checkout(
  deps: PaymentDeps,
  student: { id: string; ip: string },
  input: { packageId: string; gateway: GatewayId; promoCode?: string | undefined },
) {
  if (!(await loadFlags(deps.db)).isPaymentEnabled) {
    throw refused(403, 'Online payment is turned off. You can still use an access code.', 'PAYMENT_DISABLED');
  }
  const gateways = await enabledGateways(deps);
  if (input.promoCode) {
    await limitPromoTries(deps.redis, deps.config.REDIS_PREFIX, student.id);
  }
  const events: OutboxEvent[] = [];
  const now = new Date();
  const placed = await deps.db.transaction().execute(async (trx) => {
    // A student's own checkouts queue here, so their per-student promo count is exact.
    const account = await trx
      .selectFrom('students')
      .select(['id', 'isActive', 'email', 'fullName'])
      .where('id', '=', student.id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!account?.isActive) {
      throw refused(401, 'Unauthorized');
    }
    const pkg = await activePackage(trx, input.packageId);
    const quote = input.promoCode
      ? await quotePromo(trx, {
          code: input.promoCode,
          studentId: student.id,
          packageId: pkg.id,
          pricePaisa: pkg.pricePaisa,
          now,
        })
      : null;
    const amountPaisa = quote ? quote.amountPaisa : pkg.pricePaisa;
    const free = amountPaisa === 0;
    if (!free && !gateways.has(input.gateway)) {
      throw new HttpError(400, 'This payment method is not available.', {
        errors: { gateway: 'is not available' },
      });
    }
    const payment = await trx
      .insertInto('payments')
      .values({
        orderRef: newOrderRef(now),
        studentId: student.id,
        packageId: pkg.id,
        promoCodeId: quote?.promoCodeId ?? null,
        gateway: free ? 'free' : input.gateway,
        listPricePaisa: pkg.pricePaisa,
        discountPaisa: quote?.discountPaisa ?? 0,
        amountPaisa,
        attempts: pkg.attempts,
        phaseId: pkg.phaseId,
      })
      .returning(['id', 'orderRef'])
      .executeTakeFirstOrThrow();
    if (
      quote &&
      !(await reservePromoUse(trx, {
        promoCodeId: quote.promoCodeId,
        studentId: student.id,
        paymentId: payment.id,
      }))
    ) {
      throw new HttpError(400, 'This promo code has been used up.', {
        errors: { promoCode: 'has been used up' },
      });
    }
    await trx
      .insertInto('paymentLogs')
      .values({
        paymentId: payment.id,
        orderRef: payment.orderRef,
        kind: 'CHECKOUT',
        gateway: free ? 'free' : input.gateway,
        expectedAmountPaisa: amountPaisa,
        expectedCurrency: 'PKR',
        sourceIp: student.ip,
        outcome: free ? 'CREDITED' : 'STARTED',
      })
      .execute();
    if (!free) {
      return { payment, pkg, amountPaisa, contestAttempts: null };
    }
    const credited = await credit(trx, events, {
      paymentId: payment.id,
      studentId: student.id,
      attempts: pkg.attempts,
      gatewayRef: null,
      responseCode: null,
      responseMessage: 'Covered in full by a promo code',
      now,
    });
    return { payment, pkg, amountPaisa, contestAttempts: credited };
  });
  await dispatchAfterCommit(deps, events);
  if (placed.contestAttempts !== null) {
    return {
      orderRef: placed.payment.orderRef,
      status: 'PAID' as const,
      contestAttempts: placed.contestAttempts,
    };
  }
  const gateway = gateways.get(input.gateway) as PaymentGateway;
  const redirect = gateway.checkout({
    orderRef: placed.payment.orderRef,
    amountPaisa: placed.amountPaisa,
    currency: 'PKR',
    description: `Riyazi ${placed.pkg.name}`.replace(/[^ -~]/g, '').slice(0, 100),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECKOUT_VALID_MS),
    returnUrl: returnUrlOf(deps.config.PUBLIC_URL, gateway.id),
  });
  return { orderRef: placed.payment.orderRef, status: 'PENDING' as const, redirect };
}

/** Marks a payment paid, grants its attempts and queues the receipt, in the caller's transaction. */
async function credit(
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
  const paid = await trx
    .updateTable('payments')
    .set({
      status: 'PAID',
      paidAt: input.now,
      updatedAt: input.now,
      gatewayRef: input.gatewayRef,
      responseCode: input.responseCode,
      responseMessage: input.responseMessage?.slice(0, 300) ?? null,
    })
    .where('id', '=', input.paymentId)
    .returning(['orderRef', 'amountPaisa', 'attempts'])
    .executeTakeFirstOrThrow();
  const granted = await grantAttempts(trx, {
    studentId: input.studentId,
    attempts: input.attempts,
    source: 'PAYMENT',
    paymentId: input.paymentId,
  });
  const student = await trx
    .selectFrom('students')
    .select(['email', 'fullName', 'language'])
    .where('id', '=', input.studentId)
    .executeTakeFirstOrThrow();
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

export type SettleKind = 'CALLBACK' | 'RETURN' | 'INQUIRY';
export type SettleOutcome = 'CREDITED' | 'DUPLICATE' | 'REJECTED' | 'SUSPICIOUS' | 'FAILED' | 'PENDING';

/** A stable hash of a message as received (field order does not matter), for the log trail. */
export const payloadHash = (fields: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex');

/**
 * Acts on what a gateway said about an order, exactly once: the payment row is locked, so a
 * replayed or concurrent duplicate callback finds it PAID and changes nothing. Credits only a
 * signed report of our order, for its exact amount, in PKR. Every message is logged.
 */
export async function settle(
  deps: DispatchDeps,
  input: {
    gateway: GatewayId;
    report: GatewayReport;
    kind: SettleKind;
    sourceIp: string | null;
    payload: Record<string, unknown>;
  },
): Promise<{ outcome: SettleOutcome; orderRef: string | null; status: string | null }> {
  const { report } = input;
  const events: OutboxEvent[] = [];
  const now = new Date();
  const result = await deps.db.transaction().execute(async (trx) => {
    const payment = report.orderRef
      ? await trx
          .selectFrom('payments')
          .selectAll()
          .where('orderRef', '=', report.orderRef)
          .where('gateway', '=', input.gateway)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    const log = async (outcome: SettleOutcome, message?: string) => {
      const previous = payment
        ? await trx
            .selectFrom('paymentLogs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('paymentId', '=', payment.id)
            .where('kind', '=', input.kind)
            .executeTakeFirstOrThrow()
        : { n: '0' };
      await trx
        .insertInto('paymentLogs')
        .values({
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
          attemptNo: Number(previous.n) + 1,
          sourceIp: input.sourceIp?.slice(0, 64) ?? null,
          payloadSha256: payloadHash(input.payload),
          outcome,
        })
        .execute();
      return { outcome, orderRef: payment?.orderRef ?? null, status: payment?.status ?? null };
    };
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
      if (payment.status === 'PAID') {
        return log('SUSPICIOUS', 'The gateway reports a failure for an order already paid');
      }
      if (payment.status === 'PENDING') {
        await trx
          .updateTable('payments')
          .set({
            status: 'FAILED',
            updatedAt: now,
            responseCode: report.responseCode?.slice(0, 16) ?? null,
            responseMessage: report.responseMessage?.slice(0, 300) ?? null,
          })
          .where('id', '=', payment.id)
          .execute();
        await releasePromoUse(trx, payment.id);
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
    if (payment.status === 'PAID') {
      return log('DUPLICATE');
    }
    if (report.gatewayRef) {
      const reused = await trx
        .selectFrom('payments')
        .select('id')
        .where('gateway', '=', input.gateway)
        .where('gatewayRef', '=', report.gatewayRef)
        .executeTakeFirst();
      if (reused) {
        return log('SUSPICIOUS', 'The gateway reference already settled another order');
      }
    }
    if (payment.promoCodeId && payment.status !== 'PENDING') {
      // Paid after we had given up on it (failed or expired): the student paid the promo price,
      // so the use is taken again when one is left; the payment is credited either way.
      await reservePromoUse(trx, {
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

/** The student's view of one of their payments. */
export async function orderStatus(db: Db, studentId: string, orderRef: string) {
  const row = await db
    .selectFrom('payments')
    .innerJoin('paymentPackages', 'paymentPackages.id', 'payments.packageId')
    .innerJoin('students', 'students.id', 'payments.studentId')
    .select([
      'payments.id',
      'payments.orderRef',
      'payments.status',
      'payments.gateway',
      'payments.amountPaisa',
      'payments.attempts',
      'payments.createdAt',
      'payments.paidAt',
      'payments.responseMessage',
      'payments.studentId',
      'paymentPackages.name as packageName',
      'students.contestAttempts',
    ])
    .where('payments.orderRef', '=', orderRef)
    .executeTakeFirst();
  // Another student's order is "not found": its existence is not theirs to learn.
  if (!row || row.studentId !== studentId) {
    throw notFound('Payment not found');
  }
  return {
    orderRef: row.orderRef,
    status: row.status as 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED',
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
  await deps.db
    .updateTable('payments')
    .set((eb) => ({ inquiryCount: eb('inquiryCount', '+', 1), lastInquiryAt: new Date() }))
    .where('orderRef', '=', order.orderRef)
    .execute();
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
 * as EXPIRED and give their promo use back.
 */
export async function reconcilePendingPayments(deps: PaymentDeps, now = new Date()) {
  const due = await deps.db
    .selectFrom('payments')
    .select(['orderRef', 'gateway', 'createdAt', 'inquiryCount', 'lastInquiryAt'])
    .where('status', '=', 'PENDING')
    .where('gateway', '!=', 'free')
    .where('createdAt', '<', new Date(now.getTime() - 2 * 60_000))
    .orderBy('createdAt')
    .limit(100)
    .execute();
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
  return { asked, expired };
}

async function expirePayment(db: Db, orderRef: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .updateTable('payments')
      .set({
        status: 'EXPIRED',
        updatedAt: new Date(),
        responseMessage: 'No confirmation from the gateway within a day',
      })
      .where('orderRef', '=', orderRef)
      .where('status', '=', 'PENDING')
      .returning(['id', 'gateway', 'amountPaisa'])
      .executeTakeFirst();
    if (!payment) {
      return false;
    }
    await releasePromoUse(trx, payment.id);
    await trx
      .insertInto('paymentLogs')
      .values({
        paymentId: payment.id,
        orderRef,
        kind: 'EXPIRY',
        gateway: payment.gateway,
        expectedAmountPaisa: payment.amountPaisa,
        responseMessage: 'No confirmation from the gateway within a day',
        outcome: 'EXPIRED',
      })
      .execute();
    return true;
  });
}
