import { describe, expect, it } from 'vitest';
import { percentile, summarize } from './stats.js';

describe('latency statistics', () => {
  it('take the nearest-rank percentile', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 100)).toBe(100);
  });

  it('summarize unsorted samples', () => {
    expect(summarize([5, 1, 3])).toEqual({ count: 3, median: 3, p95: 5, p99: 5, max: 5 });
  });
});
