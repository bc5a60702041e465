import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('counts whole seconds elapsed, like a stopwatch', () => {
    expect(formatDuration(6010)).toBe('0:06');
    expect(formatDuration(6999)).toBe('0:06');
    expect(formatDuration(59_999)).toBe('0:59');
    expect(formatDuration(95_400)).toBe('1:35');
    expect(formatDuration(180_000)).toBe('3:00');
  });

  it('reads 0:00 for nothing or a negative figure, and shows hours past an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(3_909_000)).toBe('1:05:09');
  });
});
