import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { DEMO_BUYER_EMAIL } from '../../db/src/seed/reference.js';
import {
  bearer,
  createTestContext,
  deleteRedisKeys,
  demoStudentToken,
  injectForm,
  loginStaff,
  makeStaff,
  paymentStatusOf,
  resetDatabase,
  seededPackageId,
  setFlags,
  type TestContext,
  useTestContext,
} from '../../test/helpers.js';
import { jazzCashSecureHash } from '../src/modules/payments/gateways/jazzcash.js';
import { sandboxSalt } from '../src/modules/payments/gateways/sandbox.js';

const t = useTestContext();
// The demo student holding no attempts: the others hold both plays of phase 1, so nothing is sold to them.
const STUDENT = DEMO_BUYER_EMAIL;
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-for-the-sandbox-tests-0123',
  ENCRYPTION_KEY: '0'.repeat(64),
};

let packageId: string;

async function studentToken(ctx: TestContext) {
  return await demoStudentToken(ctx.app, STUDENT);
}

/** The hidden inputs of a sandbox page's form, as the browser would post them. */
function hiddenFields(html: string): Record<string, string> {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)]
      .map((m) => [decode(m[1] ?? ''), decode(m[2] ?? '')])
      .filter(([name]) => name !== 'decision'),
  );
}

/** Places a sandbox order as the student's browser would; answers the signed checkout fields. */
async function sandboxOrder(ctx: TestContext) {
  const token = await studentToken(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment/checkout',
    headers: bearer(token),
    payload: { packageId, gateway: 'sandbox' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ orderRef: string; redirect: { action: string; fields: Record<string, string> } }>();
  expect(body.redirect.action).toBe('http://localhost:3000/api/payment/sandbox/checkout');
  return { token, orderRef: body.orderRef, fields: body.redirect.fields };
}

const attempts = async () =>
  (
    await t.db
      .selectFrom('students')
      .select('contestAttempts')
      .where('email', '=', STUDENT)
      .executeTakeFirstOrThrow()
  ).contestAttempts;

const setSandbox = (enabled: boolean) =>
  t.db.updateTable('paymentGatewaySettings').set({ enabled }).where('gateway', '=', 'sandbox').execute();

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  packageId = await seededPackageId(t.db, 'One attempt');
});

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await setFlags(t.db, { isPaymentEnabled: true });
  await setSandbox(true);
});

describe('the sandbox gateway in development', () => {
  it('approves through its own pages and credits once, from the signed result', async () => {
    const before = await attempts();
    const { orderRef, fields } = await sandboxOrder(t);
    const page = await injectForm(t, '/api/payment/sandbox/checkout', fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approve payment');
    const decided = await injectForm(t, '/api/payment/sandbox/decide', {
      ...hiddenFields(page.body),
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.body).toContain('action="http://localhost:3000/api/payment/gateway/sandbox/return"');
    const back = await injectForm(t, '/api/payment/gateway/sandbox/return', hiddenFields(decided.body));
    expect(back.headers.location).toBe(`/payment/success?order=${orderRef}`);
    expect(await paymentStatusOf(t.db, orderRef)).toBe('PAID');
    expect(await attempts()).toBe(before + 1);
  });

  it('refuses checkout fields altered after signing, and credits nothing', async () => {
    const { orderRef, fields } = await sandboxOrder(t);
    for (const altered of [
      { ...fields, pp_Amount: '100' },
      { ...fields, pp_TxnRefNo: 'RZ000000000000FAKE' },
      { ...fields, pp_SecureHash: '' },
    ]) {
      const page = await injectForm(t, '/api/payment/sandbox/checkout', altered);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This payment request is not valid.');
    }
    expect(await paymentStatusOf(t.db, orderRef)).toBe('PENDING');
  });

  it('refuses a tampered decision (amount, return address, decision) and records none', async () => {
    const before = await attempts();
    const { token, orderRef, fields } = await sandboxOrder(t);
    const evilReturn = 'https://evil.example/api/payment/gateway/sandbox/return';
    const resigned = (changes: Record<string, string>) => {
      const { pp_SecureHash: _old, ...rest } = { ...fields, ...changes };
      // Signed with the right salt: only a return address elsewhere is left to refuse.
      return { ...rest, pp_SecureHash: jazzCashSecureHash(rest, sandboxSalt(t.config.ENCRYPTION_KEY)) };
    };
    for (const body of [
      { ...fields, pp_Amount: '1', decision: 'approve' },
      { ...fields, pp_ReturnURL: evilReturn, decision: 'approve' },
      { ...resigned({ pp_ReturnURL: evilReturn }), decision: 'approve' },
      { ...fields, decision: 'maybe' },
      { ...fields, pp_SecureHash: jazzCashSecureHash(fields, 'guessed-salt'), decision: 'approve' },
    ]) {
      const res = await injectForm(t, '/api/payment/sandbox/decide', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).not.toContain('pp_ResponseCode');
    }
    // Nothing was decided, so the status inquiry still finds the order unpaid.
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/payment/orders/${orderRef}/confirm`,
      headers: bearer(token),
    });
    expect(confirm.json()).toMatchObject({ data: { status: 'PENDING' } });
    expect(await attempts()).toBe(before);
  });

  it('a declined result altered to approved is rejected and lands on /payment/failed', async () => {
    const before = await attempts();
    const { orderRef, fields } = await sandboxOrder(t);
    const decided = await injectForm(t, '/api/payment/sandbox/decide', { ...fields, decision: 'decline' });
    const result = hiddenFields(decided.body);
    expect(result.pp_ResponseCode).toBe('199');
    const back = await injectForm(t, '/api/payment/gateway/sandbox/return', {
      ...result,
      pp_ResponseCode: '000',
    });
    expect(back.headers.location).toBe(`/payment/failed?order=${orderRef}`);
    expect(await paymentStatusOf(t.db, orderRef)).toBe('PENDING');
    expect(await attempts()).toBe(before);
  });

  it('switched off: not offered, and its checkout, decision, return and callback all refuse', async () => {
    const { orderRef, fields } = await sandboxOrder(t);
    const decided = await injectForm(t, '/api/payment/sandbox/decide', { ...fields, decision: 'approve' });
    const result = hiddenFields(decided.body);
    await setSandbox(false);
    const token = await studentToken(t);
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/payment/options',
      headers: bearer(token),
    });
    expect(options.json()).toMatchObject({ data: { paymentEnabled: false, gateways: [] } });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: bearer(token),
      payload: { packageId, gateway: 'sandbox' },
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({ message: 'This payment method is not available.' });
    expect((await injectForm(t, '/api/payment/sandbox/checkout', fields)).statusCode).toBe(404);
    expect(
      (await injectForm(t, '/api/payment/sandbox/decide', { ...fields, decision: 'approve' })).statusCode,
    ).toBe(404);
    expect((await injectForm(t, '/api/payment/gateway/sandbox/return', result)).statusCode).toBe(404);
    expect((await injectForm(t, '/api/payment/gateway/sandbox/callback', result)).statusCode).toBe(404);
    expect(await paymentStatusOf(t.db, orderRef)).toBe('PENDING');
  });
});

describe('the sandbox gateway in production', () => {
  let prod: TestContext;
  let allowed: TestContext;
  beforeAll(async () => {
    prod = await createTestContext(PRODUCTION);
    allowed = await createTestContext({ ...PRODUCTION, PAYMENT_SANDBOX_IN_PRODUCTION: 'true' });
  });
  afterAll(async () => {
    await prod.close();
    await allowed.close();
  });

  it('cannot be switched on, and is shown as unavailable', async () => {
    const staff = await makeStaff(t.db, {
      permissions: [
        ['paymentConfigurations', 'read'],
        ['paymentConfigurations', 'update'],
      ],
    });
    const token = (await loginStaff(prod.app, staff)).accessToken;
    const headers = bearer(token);
    const detail = await prod.app.inject({ method: 'GET', url: '/api/admin/paymentConfig/detail/', headers });
    const sandbox = detail
      .json<{
        data: { gateways: { id: string; enabled: boolean; available: boolean; unavailableReason: string }[] };
      }>()
      .data.gateways.find((g) => g.id === 'sandbox');
    expect(sandbox).toMatchObject({ enabled: false, available: false });
    expect(sandbox?.unavailableReason).toContain('PAYMENT_SANDBOX_IN_PRODUCTION=true');
    const save = await prod.app.inject({
      method: 'POST',
      url: '/api/admin/paymentConfig/create/',
      headers,
      payload: { gateways: { sandbox: { enabled: true } } },
    });
    expect(save.statusCode).toBe(400);
    expect(save.json<{ message: string }>().message).toMatch(/^sandbox\.enabled: is a test gateway/);
  });

  it('even when stored as on: not offered, and its checkout, decision and return refuse', async () => {
    const { fields } = await sandboxOrder(t);
    const token = await studentToken(prod);
    const options = await prod.app.inject({
      method: 'GET',
      url: '/api/payment/options',
      headers: bearer(token),
    });
    expect(options.json()).toMatchObject({ data: { paymentEnabled: false, gateways: [] } });
    const checkout = await prod.app.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: bearer(token),
      payload: { packageId, gateway: 'sandbox' },
    });
    expect(checkout.statusCode).toBe(400);
    expect((await injectForm(prod, '/api/payment/sandbox/checkout', fields)).statusCode).toBe(404);
    const decide = await injectForm(prod, '/api/payment/sandbox/decide', { ...fields, decision: 'approve' });
    expect(decide.statusCode).toBe(404);
    // A result the sandbox signed elsewhere is not taken either.
    const signed = hiddenFields(
      (await injectForm(t, '/api/payment/sandbox/decide', { ...fields, decision: 'approve' })).body,
    );
    expect((await injectForm(prod, '/api/payment/gateway/sandbox/return', signed)).statusCode).toBe(404);
  });

  it('works with PAYMENT_SANDBOX_IN_PRODUCTION=true', async () => {
    const before = await attempts();
    const { orderRef, fields } = await sandboxOrder(allowed);
    const page = await injectForm(allowed, '/api/payment/sandbox/checkout', fields);
    expect(page.statusCode).toBe(200);
    const decided = await injectForm(allowed, '/api/payment/sandbox/decide', {
      ...hiddenFields(page.body),
      decision: 'approve',
    });
    const back = await injectForm(allowed, '/api/payment/gateway/sandbox/return', hiddenFields(decided.body));
    expect(back.headers.location).toBe(`/payment/success?order=${orderRef}`);
    expect(await attempts()).toBe(before + 1);
  });
});
