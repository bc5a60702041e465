import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { listActivePackages } from '#modules/payment-config';
import type { Executor } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { pakistanStamp } from '../../lib/time.js';
import { dispatchAfterCommit, type OutboxEvent } from '../../queue/outbox.js';
import type { GatewayId, PaymentGateway } from './gateways/gateway.js';
import { enabledGateways, loadFlags, type PaymentDeps, rupees } from './payment-deps.js';
import * as repo from './payments.repository.js';
import { quotePromo } from './promo.js';
import { credit } from './settlement.service.js';
import { assertUsable, unusableReason } from './usable.js';

/** How long the gateway's checkout page accepts the order. */
const CHECKOUT_VALID_MS = 60 * 60_000;

const refused = (status: number, message: string, code?: string) =>
  new HttpError(status, message, code ? { code } : {});

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
    repo.findStudentBalance(deps.db, studentId),
  ]);
  if (!student) {
    throw refused(401, 'Unauthorized');
  }
  const now = new Date();
  const onSale = packages.filter((p) => packageOnSale(p.phase, flags.contestQuizPhase, now));
  const reasons = await Promise.all(
    onSale.map((p) =>
      unusableReason(deps.db, studentId, { attempts: p.attempts, phaseId: p.phase?.id ?? null }, now),
    ),
  );
  return {
    paymentEnabled: flags.isPaymentEnabled && gateways.size > 0,
    gateways: [...gateways.values()].map((g) => ({ id: g.id, label: g.label })),
    packages: onSale.map((p, index) => ({
      _id: p.id,
      name: p.name,
      description: p.description,
      attempts: p.attempts,
      price: rupees(p.pricePaisa),
      phase: p.phase
        ? { _id: p.phase.id, title: p.phase.title, isContestPhase: p.phase.id === flags.contestQuizPhase }
        : null,
      usable: !reasons[index],
      unusableReason: reasons[index]?.message ?? null,
      unusable: reasons[index]
        ? {
            kind: reasons[index].kind,
            phase: reasons[index].phase,
            playsLeft: reasons[index].playsLeft,
            held: reasons[index].held,
          }
        : null,
    })),
    contestAttempts: student.contestAttempts,
    isPaymentMade: student.isPaymentMade,
  };
}

async function activePackage(db: Executor, packageId: string) {
  const pkg = await repo.findActivePackage(db, packageId);
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
  await assertUsable(deps.db, studentId, pkg);
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
  const stamp = pakistanStamp(at).slice(2);
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
    const account = await repo.lockStudentAccount(trx, student.id);
    if (!account?.isActive) {
      throw refused(401, 'Unauthorized');
    }
    const pkg = await activePackage(trx, input.packageId);
    await assertUsable(trx, student.id, pkg);
    // A checkout left behind at the gateway gives its promo use back: this one replaces it.
    await repo.releaseStudentPromoHolds(trx, student.id);
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
    const payment = await repo.insertPayment(trx, {
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
    });
    if (
      quote &&
      !(await repo.reservePromoUse(trx, {
        promoCodeId: quote.promoCodeId,
        studentId: student.id,
        paymentId: payment.id,
      }))
    ) {
      throw new HttpError(400, 'This promo code has been used up.', {
        errors: { promoCode: 'has been used up' },
      });
    }
    await repo.insertPaymentLog(trx, {
      paymentId: payment.id,
      orderRef: payment.orderRef,
      kind: 'CHECKOUT',
      gateway: free ? 'free' : input.gateway,
      expectedAmountPaisa: amountPaisa,
      expectedCurrency: 'PKR',
      sourceIp: student.ip,
      outcome: free ? 'CREDITED' : 'STARTED',
    });
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
