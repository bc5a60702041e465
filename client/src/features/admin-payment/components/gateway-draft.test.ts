import type { PaymentConfigView } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { draftProblems, serverProblems, storedSecretText, toDraft, toRequestBody } from './gateway-draft';

const stored: PaymentConfigView = {
  sandboxEnabled: false,
  jazzcash: {
    enabled: true,
    merchantId: 'MC12345',
    baseUrl: 'https://sandbox.jazzcash.com.pk',
    passwordSet: true,
    saltSet: true,
    passwordHint: '••••••34',
    saltHint: '••••••',
  },
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const nothingStored: PaymentConfigView = {
  ...stored,
  jazzcash: {
    ...stored.jazzcash,
    enabled: false,
    merchantId: '',
    passwordSet: false,
    saltSet: false,
    passwordHint: null,
    saltHint: null,
  },
};

describe('payment settings draft', () => {
  it('never prefills the password or the salt', () => {
    expect(toDraft(stored)).toMatchObject({ merchantId: 'MC12345', password: '', integritySalt: '' });
  });

  it('leaves blank secrets out of the body, so the stored ones are kept', () => {
    const body = toRequestBody(toDraft(stored));
    expect(body.jazzcash).not.toHaveProperty('password');
    expect(body.jazzcash).not.toHaveProperty('integritySalt');
    const typed = toRequestBody({ ...toDraft(stored), password: ' new-pass ', merchantId: ' MC9 ' });
    expect(typed.jazzcash).toMatchObject({ password: 'new-pass', merchantId: 'MC9' });
  });

  it('asks for every missing credential before turning JazzCash on, like the api', () => {
    expect(draftProblems({ ...toDraft(nothingStored), jazzcashEnabled: true }, nothingStored)).toEqual({
      merchantId: 'is required to turn JazzCash on',
      password: 'is required to turn JazzCash on',
      integritySalt: 'is required to turn JazzCash on',
    });
    expect(draftProblems(toDraft(stored), stored)).toEqual({});
  });

  it('checks the base URL with the shared rule', () => {
    const draft = { ...toDraft(stored), baseUrl: 'http://sandbox.jazzcash.com.pk' };
    expect(draftProblems(draft, stored)).toEqual({
      baseUrl: 'must start with https:// (http:// only for localhost)',
    });
  });

  it("puts the api's nested field problems on the form's fields", () => {
    expect(
      serverProblems({ 'jazzcash.password': 'is required to turn JazzCash on', other: 'Something else' }),
    ).toEqual({ problems: { password: 'is required to turn JazzCash on' }, other: ['Something else'] });
  });

  it('says what is stored without showing more than the hint', () => {
    expect(storedSecretText('••••••34')).toBe('stored (ends in 34)');
    expect(storedSecretText('••••••')).toBe('stored');
    expect(storedSecretText(null)).toBeNull();
  });
});
