import type { GatewayConfigView, GatewaySettingView, PaymentConfigView } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftFields,
  draftProblems,
  problemText,
  serverProblems,
  storedSecretText,
  toDraft,
  toRequestBody,
} from './gateway-draft';

const setting = (fields: Partial<GatewaySettingView> & Pick<GatewaySettingView, 'name' | 'label'>) => ({
  kind: 'text' as const,
  requiredToEnable: true,
  maxLength: 40,
  hint: null,
  placeholder: null,
  pattern: null,
  value: '',
  storedHint: null,
  ...fields,
});

const jazzcash = (enabled: boolean, stored: boolean): GatewayConfigView => ({
  id: 'jazzcash',
  label: 'JazzCash',
  description: '',
  warning: null,
  enabled,
  available: true,
  unavailableReason: null,
  settings: [
    setting({
      name: 'merchantId',
      label: 'Merchant ID',
      value: stored ? 'MC12345' : '',
      pattern: { source: '^[A-Za-z0-9_-]*$', message: 'may hold only letters, digits, - and _' },
    }),
    setting({
      name: 'baseUrl',
      label: 'Base URL',
      kind: 'url',
      maxLength: 300,
      value: 'https://sandbox.jazzcash.com.pk',
    }),
    setting({ name: 'password', label: 'Password', kind: 'secret', storedHint: stored ? '••••••34' : null }),
  ],
});

const sandbox = (available: boolean): GatewayConfigView => ({
  id: 'sandbox',
  label: 'Sandbox',
  description: '',
  warning: 'Demos only',
  enabled: false,
  available,
  unavailableReason: available ? null : 'Sandbox is a test gateway and cannot be switched on in production.',
  settings: [],
});

const stored: PaymentConfigView = { gateways: [jazzcash(true, true), sandbox(true)], updatedAt: null };
const nothingStored: PaymentConfigView = {
  gateways: [jazzcash(false, false), sandbox(true)],
  updatedAt: null,
};

describe('payment settings draft', () => {
  it('is built from the gateways the api describes, never prefilling a secret', () => {
    expect(draftFields(stored)).toEqual([
      'jazzcash.enabled',
      'jazzcash.merchantId',
      'jazzcash.baseUrl',
      'jazzcash.password',
      'sandbox.enabled',
    ]);
    expect(toDraft(stored)).toEqual({
      'jazzcash.enabled': true,
      'jazzcash.merchantId': 'MC12345',
      'jazzcash.baseUrl': 'https://sandbox.jazzcash.com.pk',
      'jazzcash.password': '',
      'sandbox.enabled': false,
    });
  });

  it('leaves blank secrets out of the body, so the stored ones are kept', () => {
    const body = toRequestBody(toDraft(stored), stored);
    expect(body).toEqual({
      gateways: {
        jazzcash: {
          enabled: true,
          settings: { merchantId: 'MC12345', baseUrl: 'https://sandbox.jazzcash.com.pk' },
        },
        sandbox: { enabled: false, settings: {} },
      },
    });
    const typed = toRequestBody(
      { ...toDraft(stored), 'jazzcash.password': ' new-pass ', 'jazzcash.merchantId': ' MC9 ' },
      stored,
    );
    expect(typed.gateways.jazzcash?.settings).toMatchObject({ password: 'new-pass', merchantId: 'MC9' });
  });

  it('asks for every missing required setting before a gateway is switched on, like the api', () => {
    const draft = { ...toDraft(nothingStored), 'jazzcash.enabled': true };
    expect(draftProblems(draft, nothingStored)).toEqual({
      'jazzcash.merchantId': 'is required to turn JazzCash on',
      'jazzcash.password': 'is required to turn JazzCash on',
    });
    expect(draftProblems(toDraft(stored), stored)).toEqual({});
  });

  it('checks URLs, patterns and lengths with the shared rules', () => {
    const draft = {
      ...toDraft(stored),
      'jazzcash.baseUrl': 'http://sandbox.jazzcash.com.pk',
      'jazzcash.merchantId': 'MC 1',
      'jazzcash.password': 'x'.repeat(41),
    };
    expect(draftProblems(draft, stored)).toEqual({
      'jazzcash.baseUrl': 'must start with https:// (http:// only for localhost)',
      'jazzcash.merchantId': 'may hold only letters, digits, - and _',
      'jazzcash.password': 'must be at most 40 characters',
    });
  });

  it('will not switch on a gateway the api says is unavailable here', () => {
    const view = { gateways: [sandbox(false)], updatedAt: null };
    expect(draftProblems({ 'sandbox.enabled': true }, view)).toEqual({
      'sandbox.enabled': 'Sandbox is a test gateway and cannot be switched on in production.',
    });
  });

  it("puts the api's field problems on their fields and names the rest", () => {
    expect(
      serverProblems(
        { 'jazzcash.password': 'is required to turn JazzCash on', paypal: 'is not a payment gateway' },
        stored,
      ),
    ).toEqual({
      problems: { 'jazzcash.password': 'is required to turn JazzCash on' },
      other: ['paypal: is not a payment gateway'],
    });
    expect(problemText(stored, 'jazzcash.password', 'is required to turn JazzCash on')).toBe(
      'Password is required to turn JazzCash on',
    );
    expect(problemText(stored, 'sandbox.enabled', 'is a test gateway')).toBe('Sandbox is a test gateway');
  });

  it('says what is stored without showing more than the hint', () => {
    expect(storedSecretText('••••••34')).toBe('stored (ends in 34)');
    expect(storedSecretText('••••••')).toBe('stored');
    expect(storedSecretText(null)).toBeNull();
  });
});
