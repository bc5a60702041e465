import { describe, expect, it } from 'vitest';
import { histogramOf } from './quiz-performance.service.js';

describe('histogramOf', () => {
  it('keeps one bin a score up to 10, the last holding the maximum', () => {
    expect(histogramOf(3, [{ score: 3, plays: 2 }])).toEqual([
      { from: 0, to: 0, plays: 0 },
      { from: 1, to: 1, plays: 0 },
      { from: 2, to: 2, plays: 0 },
      { from: 3, to: 3, plays: 2 },
    ]);
  });

  it('bins 15 questions two scores a bin and ends the last bin at the maximum', () => {
    const bins = histogramOf(15, [
      { score: 0, plays: 1 },
      { score: 9, plays: 4 },
      { score: 14, plays: 2 },
      { score: 15, plays: 3 },
    ]);
    expect(bins.map((b) => `${b.from}-${b.to}:${b.plays}`)).toEqual([
      '0-1:1',
      '2-3:0',
      '4-5:0',
      '6-7:0',
      '8-9:4',
      '10-11:0',
      '12-13:0',
      '14-15:5',
    ]);
  });

  it('puts the maximum in a last bin narrower than the others', () => {
    expect(histogramOf(25, [{ score: 25, plays: 1 }]).at(-1)).toEqual({ from: 24, to: 25, plays: 1 });
  });
});
