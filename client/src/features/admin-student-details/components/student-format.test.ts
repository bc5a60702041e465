import { describe, expect, it } from 'vitest';
import { formatDuration, grantFormErrors, grantOrigin } from './student-format';

describe('formatDuration', () => {
  it('shows minutes and zero-padded seconds', () => {
    expect(formatDuration(75_300)).toBe('1:15');
    expect(formatDuration(180_000)).toBe('3:00');
    expect(formatDuration(null)).toBe('—');
  });
});

describe('grantFormErrors', () => {
  it('accepts −10..10 except 0 with a reason of at least 3 characters', () => {
    expect(grantFormErrors('1', 'Power cut')).toEqual({});
    expect(grantFormErrors('-10', 'Refund')).toEqual({});
  });

  it('refuses 0, out of range, fractions and short reasons', () => {
    expect(grantFormErrors('0', 'Power cut').attempts).toBeDefined();
    expect(grantFormErrors('11', 'Power cut').attempts).toBeDefined();
    expect(grantFormErrors('1.5', 'Power cut').attempts).toBeDefined();
    expect(grantFormErrors('1', ' ab ').reason).toBeDefined();
  });
});

describe('grantOrigin', () => {
  const base = {
    _id: 'g',
    attempts: 1,
    reason: null,
    createdAt: '',
    staffName: null,
    orderRef: null,
    codeBatch: null,
  };
  it('names the payment, the code batch or the staff member', () => {
    expect(grantOrigin({ ...base, source: 'PAYMENT', orderRef: 'RZ1' })).toBe('Payment RZ1');
    expect(grantOrigin({ ...base, source: 'CODE', codeBatch: 'Lahore' })).toBe('Access code (Lahore)');
    expect(grantOrigin({ ...base, source: 'ADMIN', staffName: 'Admin' })).toBe('Granted by Admin');
  });
});
