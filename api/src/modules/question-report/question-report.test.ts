import { describe, expect, it } from 'vitest';
import { flagsOf } from './question-report.service.js';

const stats = (served: number, correct: number, discrimination: number | null, perThird = served / 3) => ({
  served,
  correct,
  discrimination,
  upper: { served: perThird, correct: 0 },
  lower: { served: perThird, correct: 0 },
});

describe('flagsOf', () => {
  it('flags a question nobody answers correctly once it was served 5 times', () => {
    expect(flagsOf(stats(5, 0, 0, 2))).toEqual(['NOBODY_CORRECT']);
    expect(flagsOf(stats(4, 0, 0, 2))).toEqual([]);
  });

  it('flags a question everybody answers correctly once it was served 5 times', () => {
    expect(flagsOf(stats(6, 6, 0, 2))).toEqual(['EVERYBODY_CORRECT']);
    expect(flagsOf(stats(4, 4, 0, 2))).toEqual([]);
  });

  it('flags negative and low discrimination only with 5 servings in both thirds', () => {
    expect(flagsOf(stats(15, 7, -0.2))).toEqual(['NEGATIVE_DISCRIMINATION']);
    expect(flagsOf(stats(15, 7, 0.1))).toEqual(['LOW_DISCRIMINATION']);
    expect(flagsOf(stats(15, 7, 0.2))).toEqual([]);
    expect(flagsOf(stats(12, 7, -0.5, 4))).toEqual([]);
    expect(flagsOf(stats(15, 7, null))).toEqual([]);
  });
});
