import { describe, expect, it } from 'vitest';
import { secondsLeft } from './use-cooldown';

describe('secondsLeft', () => {
  it('rounds a part of a second up, so the button never unlocks early', () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(70_000, 10_000)).toBe(60);
  });

  it('is zero without a cooldown or once it has passed', () => {
    expect(secondsLeft(null, 5)).toBe(0);
    expect(secondsLeft(1_000, 2_000)).toBe(0);
  });
});
