import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, LOGIN_PACE, paceDelaySeconds, waitText } from './auth-limits.js';

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

describe('paceDelaySeconds', () => {
  const threshold = AUTH_LIMITS.loginFailuresPerNetwork.limit;

  it('starts small at the threshold and doubles every few failures', () => {
    expect(paceDelaySeconds(0)).toBe(LOGIN_PACE.firstDelaySeconds);
    expect(paceDelaySeconds(threshold)).toBe(LOGIN_PACE.firstDelaySeconds);
    expect(paceDelaySeconds(threshold + LOGIN_PACE.doublingEveryFailures)).toBe(
      2 * LOGIN_PACE.firstDelaySeconds,
    );
  });

  it('never keeps a place longer than the cap', () => {
    expect(paceDelaySeconds(100_000)).toBe(LOGIN_PACE.maxDelaySeconds);
    // A waiting login always outlasts one kept place, so it is never refused for a single guess.
    expect(LOGIN_PACE.maxWaitSeconds).toBeGreaterThan(LOGIN_PACE.maxDelaySeconds);
  });
});
