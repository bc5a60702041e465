import { findPromoByCode } from '#modules/promo-codes';
import type { Executor } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { countPromoUsesOf } from './payments.repository.js';

export interface PromoRule {
  id: string;
  code: string;
  discountType: 'PERCENT' | 'FIXED';
  discountValue: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerStudent: number;
  usedCount: number;
  packageIds: string[];
  isActive: boolean;
}

export interface PromoQuote {
  promoCodeId: string;
  code: string;
  discountPaisa: number;
  amountPaisa: number;
}

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

const promoRefused = (message: string) => new HttpError(400, message, { errors: { promoCode: message } });

/** The discount a code gives on a price, in whole paisa; never more than the price. */
export function discountOf(rule: Pick<PromoRule, 'discountType' | 'discountValue'>, pricePaisa: number) {
  const off =
    rule.discountType === 'PERCENT'
      ? Math.round((pricePaisa * rule.discountValue) / 100)
      : rule.discountValue;
  return Math.min(pricePaisa, Math.max(0, off));
}

/**
 * Checks a promo code for a student and a package and prices it; throws a 400 naming what is
 * wrong. Uses other students' pending payments hold count as taken (see reservePromoUse in the
 * repository); the student's own are given back by their next checkout.
 */
export async function quotePromo(
  db: Executor,
  input: { code: string; studentId: string; packageId: string; pricePaisa: number; now: Date },
): Promise<PromoQuote> {
  const code = normalizePromoCode(input.code);
  const rule = await findPromoByCode(db, code);
  if (!rule?.isActive) {
    throw promoRefused('This promo code is not valid.');
  }
  if (rule.validFrom && rule.validFrom > input.now) {
    throw promoRefused('This promo code is not active yet.');
  }
  if (rule.validUntil && rule.validUntil <= input.now) {
    throw promoRefused('This promo code has expired.');
  }
  if (rule.packageIds.length > 0 && !rule.packageIds.includes(input.packageId)) {
    throw promoRefused('This promo code does not apply to this package.');
  }
  // The student's own pending checkouts give their uses back when they check out again.
  const uses = await countPromoUsesOf(db, rule.id, input.studentId);
  if (rule.maxUses !== null && rule.usedCount - uses.pending >= rule.maxUses) {
    throw promoRefused('This promo code has been used up.');
  }
  if (uses.settled >= rule.maxUsesPerStudent) {
    throw promoRefused('You have already used this promo code.');
  }
  const discountPaisa = discountOf(rule as PromoRule, input.pricePaisa);
  return {
    promoCodeId: rule.id,
    code: rule.code,
    discountPaisa,
    amountPaisa: input.pricePaisa - discountPaisa,
  };
}
