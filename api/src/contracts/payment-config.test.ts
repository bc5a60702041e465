import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  gatewaySettingProblem,
  gatewayUrlProblem,
  normalizeGatewayUrl,
  rupeesToPaisa,
} from './payment-config.js';

describe('rupees and paisa', () => {
  it('turns rupees with up to two decimals into whole paisa', () => {
    expect(rupeesToPaisa(1500)).toBe(150_000);
    expect(rupeesToPaisa(1499.5)).toBe(149_950);
    expect(rupeesToPaisa(0.29)).toBe(29);
    expect(rupeesToPaisa(100_000)).toBe(10_000_000);
  });

  it('refuses a third decimal and non-numbers', () => {
    expect(rupeesToPaisa(1.005)).toBeNull();
    expect(rupeesToPaisa(10.001)).toBeNull();
    expect(rupeesToPaisa(Number.NaN)).toBeNull();
    expect(rupeesToPaisa(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('shows prices as PKR with thousands separators, paisa only when there are some', () => {
    expect(formatPrice(150_000)).toBe('PKR 1,500');
    expect(formatPrice(149_950)).toBe('PKR 1,499.50');
    expect(formatPrice(10_000_000)).toBe('PKR 100,000');
    expect(formatPrice(105)).toBe('PKR 1.05');
  });
});

describe('gateway base URL', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(gatewayUrlProblem('https://sandbox.jazzcash.com.pk')).toBeNull();
    expect(gatewayUrlProblem('https://payments.jazzcash.com.pk/CustomerPortal/')).toBeNull();
    expect(gatewayUrlProblem('http://127.0.0.1:4010')).toBeNull();
    expect(gatewayUrlProblem('http://localhost:4010')).toBeNull();
    expect(gatewayUrlProblem('http://sandbox.jazzcash.com.pk')).toBe(
      'must start with https:// (http:// only for localhost)',
    );
  });

  it('refuses what is not a plain web address', () => {
    expect(gatewayUrlProblem('sandbox.jazzcash.com.pk')).toBe('must be a web address starting with https://');
    expect(gatewayUrlProblem('ftp://example.com')).toBe('must be a web address starting with https://');
    expect(gatewayUrlProblem('https://user:pw@example.com')).toBe('must not contain a user name or password');
    expect(gatewayUrlProblem('https://example.com/?a=1')).toBe('must not contain ? or #');
  });

  it('stores the address without a trailing slash', () => {
    expect(normalizeGatewayUrl(' https://Sandbox.JazzCash.com.pk/ ')).toBe('https://sandbox.jazzcash.com.pk');
    expect(normalizeGatewayUrl('http://127.0.0.1:4010/api//')).toBe('http://127.0.0.1:4010/api');
  });
});

describe('gateway setting values', () => {
  const text = {
    kind: 'text' as const,
    maxLength: 10,
    pattern: { source: '^[A-Z0-9]*$', message: 'capitals only' },
  };
  it('checks length, then the pattern of a text, the address of a url', () => {
    expect(gatewaySettingProblem(text, 'MC123')).toBeNull();
    expect(gatewaySettingProblem(text, 'mc123')).toBe('capitals only');
    expect(gatewaySettingProblem(text, 'M'.repeat(11))).toBe('must be at most 10 characters');
    expect(gatewaySettingProblem({ kind: 'url', maxLength: 300 }, 'http://example.com')).toBe(
      'must start with https:// (http:// only for localhost)',
    );
  });

  it('leaves empty values and secrets to the required check', () => {
    expect(gatewaySettingProblem(text, '')).toBeNull();
    expect(gatewaySettingProblem({ kind: 'secret', maxLength: 10 }, 'any thing!')).toBeNull();
    expect(gatewaySettingProblem({ kind: 'secret', maxLength: 10 }, 'x'.repeat(11))).toBe(
      'must be at most 10 characters',
    );
  });
});
