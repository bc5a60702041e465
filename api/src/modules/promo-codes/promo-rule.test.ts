import { describe, expect, it } from 'vitest';
import { promoRuleProblems, shownDiscount, storedDiscount } from './promo-rule.js';

const rule = {
  discountType: 'PERCENT' as const,
  discountValue: 10,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerStudent: 1,
};

describe('promoRuleProblems', () => {
  it('accepts a whole percentage from 1 to 100', () => {
    expect(promoRuleProblems(rule)).toEqual({});
    expect(promoRuleProblems({ ...rule, discountValue: 100 })).toEqual({});
  });

  it('refuses a percentage above 100 or with decimals', () => {
    expect(promoRuleProblems({ ...rule, discountValue: 101 })).toHaveProperty('discountValue');
    expect(promoRuleProblems({ ...rule, discountValue: 12.5 })).toHaveProperty('discountValue');
  });

  it('accepts rupees with two decimals for FIXED but not three', () => {
    expect(promoRuleProblems({ ...rule, discountType: 'FIXED', discountValue: 150.75 })).toEqual({});
    expect(promoRuleProblems({ ...rule, discountType: 'FIXED', discountValue: 1.005 })).toHaveProperty(
      'discountValue',
    );
    expect(promoRuleProblems({ ...rule, discountType: 'FIXED', discountValue: 100_001 })).toHaveProperty(
      'discountValue',
    );
  });

  it('refuses a window that ends before it starts', () => {
    const problems = promoRuleProblems({
      ...rule,
      validFrom: new Date('2026-12-02T00:00:00Z'),
      validUntil: new Date('2026-12-01T00:00:00Z'),
    });
    expect(problems).toEqual({ validUntil: 'must be after the start' });
  });

  it('refuses more uses per student than uses in total', () => {
    expect(promoRuleProblems({ ...rule, maxUses: 2, maxUsesPerStudent: 3 })).toHaveProperty(
      'maxUsesPerStudent',
    );
  });
});

describe('discount units', () => {
  it('stores FIXED rupees as whole paisa and shows them back as rupees', () => {
    expect(storedDiscount('FIXED', 150.1)).toBe(15010);
    expect(shownDiscount('FIXED', 15010)).toBe(150.1);
    expect(storedDiscount('PERCENT', 15)).toBe(15);
  });
});
