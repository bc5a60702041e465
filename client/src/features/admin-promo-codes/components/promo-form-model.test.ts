import type { PromoCode } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  discountLabel,
  draftOf,
  emptyPromoDraft,
  inputOf,
  usesLabel,
  validatePromo,
} from './promo-form-model';

const promo: PromoCode = {
  _id: 'p1',
  code: 'EID',
  description: '',
  discountType: 'PERCENT',
  discountValue: 10,
  validFrom: null,
  validUntil: null,
  maxUses: 100,
  maxUsesPerStudent: 1,
  usedCount: 4,
  packageIds: ['a', 'b'],
  packages: [],
  isActive: true,
  createdAt: '2026-11-23T00:00:00.000Z',
};

describe('validatePromo', () => {
  it('accepts a filled draft and upper-cases the code in the body', () => {
    const draft = { ...emptyPromoDraft(), code: 'eid-2026', discountValue: '15' };
    expect(validatePromo(draft)).toEqual({});
    expect(inputOf(draft)).toMatchObject({ code: 'EID-2026', discountValue: 15, maxUses: null });
  });

  it('names each field that is wrong', () => {
    const problems = validatePromo({
      ...emptyPromoDraft(),
      code: 'x!',
      discountType: 'FIXED',
      discountValue: '10.555',
      validFrom: '2026-12-02T10:00',
      validUntil: '2026-12-01T10:00',
      maxUses: '2',
      maxUsesPerStudent: '3',
    });
    expect(Object.keys(problems).sort()).toEqual(
      ['code', 'discountValue', 'maxUsesPerStudent', 'validUntil'].sort(),
    );
  });

  it('refuses total uses below the uses taken', () => {
    expect(validatePromo({ ...draftOf(promo), maxUses: '3' }, 4)).toHaveProperty('maxUses');
  });
});

describe('changesOf', () => {
  it('sends only what changed, ignoring package order', () => {
    const draft = { ...draftOf(promo), description: 'New', packageIds: ['b', 'a'] };
    expect(changesOf(promo, inputOf(draft))).toEqual({ description: 'New' });
  });

  it('sends the value with a new discount type even when the number is the same', () => {
    const draft = { ...draftOf(promo), discountType: 'FIXED' as const };
    expect(changesOf(promo, inputOf(draft))).toEqual({ discountType: 'FIXED', discountValue: 10 });
  });
});

describe('usesLabel', () => {
  it('shows the limit or that there is none', () => {
    expect(usesLabel(promo)).toBe('4 of 100');
    expect(usesLabel({ usedCount: 0, maxUses: null })).toBe('0 (no limit)');
  });
});

describe('discountLabel', () => {
  it('keeps the paisa of a fixed amount and leaves a whole amount whole', () => {
    expect(discountLabel({ discountType: 'FIXED', discountValue: 150.5 })).toMatch(/150\.50 off$/);
    expect(discountLabel({ discountType: 'FIXED', discountValue: 1500 })).toMatch(/1,500 off$/);
    expect(discountLabel({ discountType: 'PERCENT', discountValue: 25 })).toBe('25% off');
  });
});
