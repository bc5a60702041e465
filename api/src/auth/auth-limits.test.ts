import { describe, expect, it } from 'vitest';
import { waitText } from './auth-limits.js';

describe('waitText', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(waitText(0)).toBe('1 minute');
    expect(waitText(59)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(15 * 60)).toBe('15 minutes');
  });

  it('says hours past an hour and a half', () => {
    expect(waitText(90 * 60)).toBe('90 minutes');
    expect(waitText(90 * 60 + 1)).toBe('2 hours');
    expect(waitText(24 * 3600)).toBe('24 hours');
  });
});
