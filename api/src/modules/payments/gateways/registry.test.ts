import { describe, expect, it } from 'vitest';
import type { GatewayModule } from './gateway.js';
import {
  findGatewayModule,
  gatewayAllowed,
  gatewayFormActionOrigins,
  paymentGatewayChoices,
  registerGatewayModule,
} from './registry.js';

const module = (id: string, extra: Partial<GatewayModule> = {}): GatewayModule => ({
  id,
  label: id,
  description: '',
  settings: [],
  formActionOrigins: [],
  create: () => {
    throw new Error('not used');
  },
  ...extra,
});

describe('gateway registry', () => {
  it('knows JazzCash and the sandbox, and where their checkouts post', () => {
    expect(findGatewayModule('jazzcash')?.label).toBe('JazzCash');
    expect(findGatewayModule('sandbox')?.testOnly).toBe(true);
    expect(gatewayFormActionOrigins()).toEqual(
      expect.arrayContaining(['https://sandbox.jazzcash.com.pk', 'https://payments.jazzcash.com.pk']),
    );
    expect(paymentGatewayChoices().map((g) => g.id)).toEqual(['jazzcash', 'sandbox', 'free']);
  });

  it('registers a new module once, with an id fit for URLs', () => {
    registerGatewayModule(module('easypaisa', { formActionOrigins: ['https://easypay.example'] }));
    expect(findGatewayModule('easypaisa')).toBeDefined();
    expect(gatewayFormActionOrigins()).toContain('https://easypay.example');
    expect(() => registerGatewayModule(module('easypaisa'))).toThrow(/twice/);
    for (const id of ['free', 'Easy Pay', 'x', 'a'.repeat(21)]) {
      expect(() => registerGatewayModule(module(id))).toThrow(/gateway id/);
    }
  });

  it('never allows a test-only gateway in production unless PAYMENT_SANDBOX_IN_PRODUCTION is set', () => {
    const sandbox = module('pretend', { testOnly: true });
    const real = module('real');
    const policy = (isProduction: boolean, allow: boolean) => ({
      isProduction,
      PAYMENT_SANDBOX_IN_PRODUCTION: allow,
    });
    expect(gatewayAllowed(sandbox, policy(false, false))).toBe(true);
    expect(gatewayAllowed(sandbox, policy(true, false))).toBe(false);
    expect(gatewayAllowed(sandbox, policy(true, true))).toBe(true);
    expect(gatewayAllowed(real, policy(true, false))).toBe(true);
  });
});
