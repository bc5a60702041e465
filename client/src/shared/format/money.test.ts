import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('labels rupees PKR, with paisa only when there are some, and a dash for none', () => {
    expect(formatRupees(1500)).toBe('PKR 1,500');
    expect(formatRupees(1499.5)).toBe('PKR 1,499.50');
    // A float sum of paisa (0.1 + 0.2) still reads as whole paisa.
    expect(formatRupees(0.1 + 0.2)).toBe('PKR 0.30');
    expect(formatRupees(0)).toBe('PKR 0');
    expect(formatRupees(null)).toBe('—');
  });
});
