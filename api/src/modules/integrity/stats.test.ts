import { describe, expect, it } from 'vitest';
import { atLeastChance } from './stats.js';

describe('atLeastChance (the generalised binomial tail)', () => {
  it('is certain for at least none, and the coin tosses for two fair coins', () => {
    expect(atLeastChance([0.5, 0.5], 0)).toBe(1);
    expect(atLeastChance([0.5, 0.5], 1)).toBeCloseTo(0.75, 12);
    expect(atLeastChance([0.5, 0.5], 2)).toBeCloseTo(0.25, 12);
    expect(atLeastChance([0.5, 0.5], 3)).toBe(0);
  });

  it('sums every way of reaching the count with unequal chances', () => {
    // 0.1·0.2·0.3 for all three; two of three: 0.1·0.2·0.7 + 0.1·0.8·0.3 + 0.9·0.2·0.3.
    expect(atLeastChance([0.1, 0.2, 0.3], 3)).toBeCloseTo(0.006, 12);
    expect(atLeastChance([0.1, 0.2, 0.3], 2)).toBeCloseTo(0.098, 12);
  });

  it('stays exact far into the tail: twenty matches at one in ten', () => {
    expect(Math.log10(atLeastChance(Array(20).fill(0.1), 20))).toBeCloseTo(-20, 9);
    expect(atLeastChance(Array(20).fill(0.1), 19)).toBeCloseTo(20 * 0.1 ** 19 * 0.9 + 0.1 ** 20, 30);
  });
});
