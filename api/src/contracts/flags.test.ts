import { describe, expect, it } from 'vitest';
import { createFlagBody } from '../modules/flags/flags.schemas.js';
import { defaultFlags, FLAG_KEYS, flagsToStore, normalizeFlags } from './flags.js';

describe('system flags', () => {
  it('default every flag to false', () => {
    const flags = defaultFlags();
    expect(Object.keys(flags).sort()).toEqual([...FLAG_KEYS].sort());
    expect(Object.values(flags).every((v) => v === false)).toBe(true);
  });

  it('read absent, malformed and none values as false', () => {
    const flags = normalizeFlags({
      isPaymentEnabled: 'yes',
      contestQuizPhase: 'none',
      nextPhase: 7,
      isRegistrationEnabled: true,
    });
    expect(flags.isPaymentEnabled).toBe(false);
    expect(flags.contestQuizPhase).toBe(false);
    expect(flags.nextPhase).toBe(false);
    expect(flags.isRegistrationEnabled).toBe(true);
  });

  it('remove values equal to none before saving', () => {
    const body = createFlagBody.parse({
      isPaymentEnabled: 'none',
      isRegistrationEnabled: 'true',
      isRecaptchaEnabled: false,
      practiceQuizPhase: 'none',
      contestQuizPhase: '3f1c7d8e-1111-4a2b-9c3d-123456789abc',
    });
    expect(flagsToStore(body)).toEqual({
      isRegistrationEnabled: true,
      contestQuizPhase: '3f1c7d8e-1111-4a2b-9c3d-123456789abc',
    });
  });

  it('reject a phase flag that is not a phase id', () => {
    expect(createFlagBody.safeParse({ nextPhase: 'phase two' }).success).toBe(false);
  });
});
