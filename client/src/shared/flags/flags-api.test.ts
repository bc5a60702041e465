import { defaultFlags } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { parseFlagsReading, parseFlagsResponse } from './flags-api';

describe('parseFlagsResponse', () => {
  it('reads the flags from the first element of the array', () => {
    const flags = parseFlagsResponse([
      { isRegistrationEnabled: true, contestQuizPhase: 'p-1' },
      { ignored: true },
    ]);
    expect(flags.isRegistrationEnabled).toBe(true);
    expect(flags.contestQuizPhase).toBe('p-1');
    expect(flags.isLeaderBoardDisplayed).toBe(false);
  });

  it('reads every flag as false when nothing was saved yet', () => {
    expect(parseFlagsResponse([])).toEqual(defaultFlags());
  });

  it("treats 'none', strings for booleans and unknown keys as unset", () => {
    const flags = parseFlagsResponse([{ nextPhase: 'none', isPaymentEnabled: 'true', surprise: 1 }]);
    expect(flags.nextPhase).toBe(false);
    expect(flags.isPaymentEnabled).toBe(false);
    expect(flags).not.toHaveProperty('surprise');
  });

  it('rejects a response that is not flags', () => {
    expect(() => parseFlagsResponse('oops')).toThrow('Unexpected flags response');
    expect(() => parseFlagsResponse([42])).toThrow('Unexpected flags response');
  });

  it('reads the version beside the flags, null when the server gives none', () => {
    expect(parseFlagsReading([{ isPaymentEnabled: true, version: 4 }])).toEqual({
      flags: { ...defaultFlags(), isPaymentEnabled: true },
      version: 4,
    });
    expect(parseFlagsReading([{ isPaymentEnabled: true }]).version).toBeNull();
    expect(parseFlagsReading([{ version: 'x' }]).version).toBeNull();
  });
});
