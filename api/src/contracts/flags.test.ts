import { describe, expect, it } from 'vitest';
import { createFlagBody } from '../modules/flags/flags.schemas.js';
import {
  applyFlagPatch,
  defaultFlags,
  FLAG_KEYS,
  flagChanges,
  flagsToStore,
  normalizeFlags,
} from './flags.js';

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

  it('patch only the flags named, removing those set to none, null or false', () => {
    const stored = { isPaymentEnabled: true, isRegistrationEnabled: true, nextPhase: 'p-1', legacy: 1 };
    expect(
      applyFlagPatch(stored, {
        isLeaderBoardDisplayed: true,
        isPaymentEnabled: 'none',
        isRegistrationEnabled: false,
        nextPhase: null,
        contestQuizPhase: 'p-2',
      }),
    ).toEqual({ isLeaderBoardDisplayed: true, contestQuizPhase: 'p-2', legacy: 1 });
    expect(stored).toEqual({
      isPaymentEnabled: true,
      isRegistrationEnabled: true,
      nextPhase: 'p-1',
      legacy: 1,
    });
  });

  it('name each flag that differs with what it was and what it became', () => {
    const before = defaultFlags();
    expect(flagChanges(before, { ...before, isPaymentEnabled: true, nextPhase: 'p-1' })).toEqual({
      isPaymentEnabled: { from: false, to: true },
      nextPhase: { from: false, to: 'p-1' },
    });
    expect(flagChanges(before, defaultFlags())).toEqual({});
  });
});
