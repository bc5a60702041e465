import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  GatewayModule,
  GatewayReport,
  PaymentGateway,
} from '../api/src/modules/payments/gateways/gateway.js';

/**
 * A gateway the product has never heard of, written as a new gateway would be: one module that
 * describes its settings and builds a PaymentGateway. Tests register it and drive it through the
 * generic settings, checkout and callback routes. Its "bank" signs with HMAC-SHA256 over the
 * sorted fields, keyed with the API key.
 */
export const FAKE_PAY_ORIGIN = 'https://checkout.fakepay.test';

export function fakePaySignature(fields: Record<string, string>, apiKey: string): string {
  const text = Object.keys(fields)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return createHmac('sha256', apiKey).update(text).digest('hex');
}

export const signFakePay = (fields: Record<string, string>, apiKey: string) => ({
  ...fields,
  signature: fakePaySignature(fields, apiKey),
});

function createFakePay(settings: Readonly<Record<string, string>>): PaymentGateway {
  const apiKey = settings.apiKey ?? '';
  const shop = settings.shopName ?? '';
  const verified = (fields: Record<string, string>) => {
    const given = Buffer.from(fields.signature ?? '', 'hex');
    const expected = Buffer.from(fakePaySignature(fields, apiKey), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    id: 'fakepay',
    label: 'Fake Pay',
    checkout: (order) => ({
      action: `${FAKE_PAY_ORIGIN}/pay`,
      method: 'POST',
      fields: signFakePay(
        {
          order: order.orderRef,
          amount: String(order.amountPaisa),
          currency: order.currency,
          shop,
          back: order.returnUrl,
        },
        apiKey,
      ),
    }),
    parseCallback(fields): GatewayReport {
      return {
        signatureValid: verified(fields),
        orderRef: fields.order ?? null,
        gatewayRef: fields.txn ?? null,
        amountPaisa: /^\d+$/.test(fields.amount ?? '') ? Number(fields.amount) : null,
        currency: fields.currency ?? null,
        status: fields.result === 'ok' ? 'PAID' : fields.result === 'wait' ? 'PENDING' : 'FAILED',
        responseCode: fields.result ?? null,
        responseMessage: fields.result === 'ok' ? 'Paid with Fake Pay' : 'Refused by Fake Pay',
      };
    },
    inquire: async ({ orderRef }) => ({
      signatureValid: true,
      orderRef,
      gatewayRef: null,
      amountPaisa: null,
      currency: null,
      status: 'PENDING',
      responseCode: 'wait',
      responseMessage: 'Not paid yet',
    }),
  };
}

export const fakePayModule: GatewayModule = {
  id: 'fakepay',
  label: 'Fake Pay',
  description: 'A card gateway that exists only in tests.',
  settings: [
    { name: 'shopName', label: 'Shop name', kind: 'text', requiredToEnable: true, maxLength: 30 },
    { name: 'apiKey', label: 'API key', kind: 'secret', requiredToEnable: true, maxLength: 64 },
  ],
  formActionOrigins: [FAKE_PAY_ORIGIN],
  create: (settings) => createFakePay(settings),
};
