import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJazzCash, startFakeJazzCash } from '../../test/fake-jazzcash.js';
import type { CheckoutForm, CheckoutOrder } from '../src/modules/payments/gateways/gateway.js';
import { createJazzCashGateway, jazzCashSecureHash } from '../src/modules/payments/gateways/jazzcash.js';

const CREDENTIALS = { merchantId: 'MC55501', password: 'sandbox-pass', integritySalt: 'sandbox-salt' };
const RETURN_URL = 'https://riyazi.example/api/payments/jazzcash/return';

let fake: FakeJazzCash;
let gateway: ReturnType<typeof createJazzCashGateway>;
let nextRef = 0;

beforeAll(async () => {
  fake = await startFakeJazzCash(CREDENTIALS);
  gateway = createJazzCashGateway({ ...CREDENTIALS, baseUrl: fake.baseUrl });
});
afterAll(async () => {
  await fake.close();
});

function makeOrder(overrides: Partial<CheckoutOrder> = {}): CheckoutOrder {
  nextRef += 1;
  const createdAt = new Date();
  return {
    orderRef: `RZ${Date.now()}${String(nextRef).padStart(3, '0')}`,
    amountPaisa: 250_000,
    currency: 'PKR',
    description: 'Riyazi contest entry',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 60 * 60 * 1000),
    returnUrl: RETURN_URL,
    ...overrides,
  };
}

/** Submits the checkout form the way the student's browser would. */
async function submitCheckout(form: CheckoutForm) {
  const res = await fetch(form.action, {
    method: form.method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

/** The hidden inputs of the page's form, as the browser would post them. */
function hiddenFields(html: string): Record<string, string> {
  const decodeEntities = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      decodeEntities(m[1] ?? ''),
      decodeEntities(m[2] ?? ''),
    ]),
  );
}

/** Checks out an order, then presses Approve or Decline on the fake's page. */
async function pay(decision: 'approve' | 'decline', order = makeOrder()) {
  const checkout = await submitCheckout(gateway.checkout(order));
  expect(checkout.status).toBe(200);
  const res = await fetch(`${fake.baseUrl}/fake/decide`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderRef: order.orderRef, decision }).toString(),
  });
  const html = await res.text();
  expect(html).toContain(`action="${RETURN_URL}"`);
  return { order, callback: hiddenFields(html) };
}

describe('JazzCash checkout against the fake gateway', () => {
  it('accepts the signed checkout form and shows Approve and Decline', async () => {
    const order = makeOrder();
    const { status, html } = await submitCheckout(gateway.checkout(order));
    expect(status).toBe(200);
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Decline</button>');
    expect(fake.orders.get(order.orderRef)?.state).toBe('pending');
  });

  it('refuses a form changed after signing, or from another merchant', async () => {
    const form = gateway.checkout(makeOrder());
    const cheaper = await submitCheckout({ ...form, fields: { ...form.fields, pp_Amount: '100' } });
    expect(cheaper).toMatchObject({
      status: 400,
      html: expect.stringContaining('115 Invalid hash received.'),
    });
    const other = createJazzCashGateway({ ...CREDENTIALS, password: 'wrong', baseUrl: fake.baseUrl });
    const stranger = await submitCheckout(other.checkout(makeOrder()));
    expect(stranger).toMatchObject({ status: 400, html: expect.stringContaining('101 Invalid merchant') });
  });

  it('returns an approval that parseCallback reads as PAID for the full amount', async () => {
    const { order, callback } = await pay('approve');
    expect(callback.pp_SecureHash).toMatch(/^[0-9A-F]{64}$/);
    expect(gateway.parseCallback(callback)).toMatchObject({
      signatureValid: true,
      orderRef: order.orderRef,
      gatewayRef: expect.stringMatching(/^\d{12}$/),
      amountPaisa: 250_000,
      currency: 'PKR',
      status: 'PAID',
      responseCode: '000',
    });
  });

  it('returns a decline that parseCallback reads as FAILED', async () => {
    const { callback } = await pay('decline');
    expect(gateway.parseCallback(callback)).toMatchObject({
      signatureValid: true,
      status: 'FAILED',
      responseCode: '199',
    });
  });

  it('gives tests the same signed callback without a browser', async () => {
    const order = makeOrder({ amountPaisa: 99_900 });
    await submitCheckout(gateway.checkout(order));
    const report = gateway.parseCallback(fake.decide(order.orderRef, 'approve'));
    expect(report).toMatchObject({ signatureValid: true, status: 'PAID', amountPaisa: 99_900 });
  });
});

describe('JazzCash status inquiry against the fake gateway', () => {
  it('says PENDING before the student decides and PAID after approval', async () => {
    const order = makeOrder();
    await submitCheckout(gateway.checkout(order));
    expect(await gateway.inquire(order)).toMatchObject({ signatureValid: true, status: 'PENDING' });
    const { callback } = await pay('approve', makeOrder());
    const paidRef = callback.pp_TxnRefNo ?? '';
    expect(await gateway.inquire({ orderRef: paidRef, createdAt: new Date() })).toMatchObject({
      signatureValid: true,
      orderRef: paidRef,
      gatewayRef: callback.pp_RetreivalReferenceNo,
      status: 'PAID',
      responseCode: '121',
    });
  });

  it('says FAILED after a decline and PENDING for an order JazzCash never saw', async () => {
    const { order } = await pay('decline');
    expect((await gateway.inquire(order)).status).toBe('FAILED');
    expect(await gateway.inquire(makeOrder())).toMatchObject({
      signatureValid: true,
      status: 'PENDING',
      responseCode: '109',
    });
  });

  it('does not believe an answer signed with another salt', async () => {
    const { order } = await pay('approve');
    const forged = {
      pp_ResponseCode: '000',
      pp_PaymentResponseCode: '121',
      pp_Status: 'Completed',
      pp_TxnRefNo: order.orderRef,
    };
    fake.inquiryOverride = { ...forged, pp_SecureHash: jazzCashSecureHash(forged, 'not-the-salt') };
    try {
      expect(await gateway.inquire(order)).toMatchObject({ signatureValid: false, status: 'PENDING' });
    } finally {
      fake.inquiryOverride = null;
    }
  });

  it('throws a clear error without secrets when the gateway is down', async () => {
    const gone = await startFakeJazzCash(CREDENTIALS);
    await gone.close();
    const offline = createJazzCashGateway({ ...CREDENTIALS, baseUrl: gone.baseUrl });
    const error: unknown = await offline.inquire(makeOrder()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toMatch(/^JazzCash status inquiry for RZ\d+ failed: ECONNREFUSED$/);
    expect(message).not.toContain(CREDENTIALS.password);
    expect(message).not.toContain(CREDENTIALS.integritySalt);
  });
});
