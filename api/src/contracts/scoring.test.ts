import { describe, expect, it } from 'vitest';
import { answerScore, isCorrectSelection } from './scoring.js';

describe('answerScore', () => {
  it('gives 1 for an instant correct answer, 0.5 at the buzzer, and is linear between', () => {
    expect(answerScore(true, 0, 180_000)).toBe(1);
    expect(answerScore(true, 180_000, 180_000)).toBe(0.5);
    expect(answerScore(true, 90_000, 180_000)).toBe(0.75);
    expect(answerScore(true, 45_000, 180_000)).toBe(0.875);
  });

  it('gives 0 to a wrong or missing answer and clamps times outside the limit', () => {
    expect(answerScore(false, 1000, 180_000)).toBe(0);
    expect(answerScore(true, -5000, 180_000)).toBe(1);
    expect(answerScore(true, 999_999, 180_000)).toBe(0.5);
  });

  it('multiplies by the question weight', () => {
    expect(answerScore(true, 90_000, 180_000, 2)).toBe(1.5);
  });
});

describe('isCorrectSelection', () => {
  it('needs exactly the correct set, in any order, without repeats', () => {
    expect(isCorrectSelection(['b'], ['b'])).toBe(true);
    expect(isCorrectSelection(['c', 'a'], ['a', 'c'])).toBe(true);
    expect(isCorrectSelection(['a'], ['a', 'c'])).toBe(false);
    expect(isCorrectSelection(['a', 'c', 'd'], ['a', 'c'])).toBe(false);
    expect(isCorrectSelection(['a', 'a'], ['a', 'c'])).toBe(false);
    expect(isCorrectSelection([], [])).toBe(false);
  });
});
