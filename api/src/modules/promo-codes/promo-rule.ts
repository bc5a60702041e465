import { PROMO_LIMITS, type PromoDiscountType } from '../../contracts/payment-codes.js';

export interface PromoRuleDraft {
  discountType: PromoDiscountType;
  /** As admins write it: a percentage, or rupees for FIXED. */
  discountValue: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerStudent: number;
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** What is wrong with a rule across its fields, by field; empty when it can be saved. */
export function promoRuleProblems(rule: PromoRuleDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const value = rule.discountValue;
  if (rule.discountType === 'PERCENT') {
    if (!Number.isInteger(value) || value < 1 || value > 100) {
      problems.discountValue = 'must be a whole percentage from 1 to 100';
    }
  } else if (value < 0.01 || value > PROMO_LIMITS.fixedMaxRupees || !hasAtMostTwoDecimals(value)) {
    problems.discountValue = `must be an amount in rupees from 0.01 to ${PROMO_LIMITS.fixedMaxRupees} with at most 2 decimals`;
  }
  if (rule.validFrom && rule.validUntil && rule.validUntil <= rule.validFrom) {
    problems.validUntil = 'must be after the start';
  }
  if (rule.maxUses !== null && rule.maxUsesPerStudent > rule.maxUses) {
    problems.maxUsesPerStudent = 'must not be more than the total uses';
  }
  return problems;
}

/** The column's value: a percentage as is, a FIXED amount in paisa. */
export const storedDiscount = (type: PromoDiscountType, value: number) =>
  type === 'FIXED' ? Math.round(value * 100) : value;

/** What admins read: a percentage as is, a FIXED amount in rupees. */
export const shownDiscount = (type: PromoDiscountType, stored: number) =>
  type === 'FIXED' ? stored / 100 : stored;
