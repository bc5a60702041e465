import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { DEMO_BUYER_EMAIL } from '../../db/src/seed/reference.js';
import { FAKE_PAY_ORIGIN, fakePayModule, signFakePay } from '../../test/fake-pay-gateway.js';
import {
  bearer,
  contestAttemptsOf,
  demoStudentToken,
  injectForm,
  loginStaff,
  makeStaff,
  resetDatabase,
  seededPackageId,
  seededStudentId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { registerGatewayModule } from '../src/modules/payments/gateways/registry.js';

// A gateway the code base does not know, plugged in the way a new module would be: one line.
registerGatewayModule(fakePayModule);

const t = useTestContext();
const API_KEY = 'fk-live-8d1e0c2b44';

let adminToken: string;
let studentToken: string;
let studentId: string;
let packageId: string;

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const postForm = (url: string, fields: Record<string, string>) => injectForm(t, url, fields);

interface GatewayView {
  id: string;
  label: string;
  enabled: boolean;
  settings: { name: string; kind: string; value: string; storedHint: string | null }[];
}

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  await setFlags(t.db, { isPaymentEnabled: true });
  const staff = await makeStaff(t.db, {
    permissions: [
      ['paymentConfigurations', 'read'],
      ['paymentConfigurations', 'update'],
    ],
  });
  adminToken = (await loginStaff(t.app, staff)).accessToken;
  // The demo student holding no attempts (the others hold both plays of phase 1: nothing to sell them).
  studentToken = await demoStudentToken(t.app, DEMO_BUYER_EMAIL);
  studentId = await seededStudentId(t.db, DEMO_BUYER_EMAIL);
  packageId = await seededPackageId(t.db, 'Two attempts');
});

describe('a gateway added as one module', () => {
  it('shows up in the settings detail with the fields it describes', async () => {
    const res = await as(adminToken, 'GET', '/api/admin/paymentConfig/detail/');
    expect(res.statusCode).toBe(200);
    const fake = res
      .json<{ data: { gateways: GatewayView[] } }>()
      .data.gateways.find((g) => g.id === 'fakepay');
    expect(fake).toMatchObject({
      label: 'Fake Pay',
      enabled: false,
      settings: [
        { name: 'shopName', kind: 'text', value: '', storedHint: null },
        { name: 'apiKey', kind: 'secret', value: '', storedHint: null },
      ],
    });
  });

  it('is switched on through the generic settings call, its secret stored encrypted', async () => {
    const missing = await as(adminToken, 'POST', '/api/admin/paymentConfig/create/', {
      gateways: { fakepay: { enabled: true, settings: { shopName: 'Riyazi' } } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'fakepay.apiKey: is required to turn Fake Pay on' });

    const res = await as(adminToken, 'POST', '/api/admin/paymentConfig/create/', {
      gateways: { fakepay: { enabled: true, settings: { shopName: 'Riyazi', apiKey: API_KEY } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(API_KEY);
    const fake = res
      .json<{ data: { gateways: GatewayView[] } }>()
      .data.gateways.find((g) => g.id === 'fakepay');
    expect(fake?.enabled).toBe(true);
    expect(fake?.settings.find((s) => s.name === 'apiKey')?.storedHint).toBe('••••••44');
    const row = await t.db
      .selectFrom('paymentGatewaySettings')
      .selectAll()
      .where('gateway', '=', 'fakepay')
      .executeTakeFirstOrThrow();
    expect(row.settings).toEqual({ shopName: 'Riyazi' });
    expect(JSON.stringify(row.secrets)).not.toContain(API_KEY);
  });

  it('lets checkout forms post to its origin (CSP form-action)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`form-action [^;]*${FAKE_PAY_ORIGIN.replaceAll('.', '\\.')}`));
  });

  it('takes a payment through the generic checkout and callback routes, credited once', async () => {
    const options = await as(studentToken, 'GET', '/api/payment/options');
    expect(options.json<{ data: { gateways: { id: string }[] } }>().data.gateways.map((g) => g.id)).toContain(
      'fakepay',
    );
    const placed = await as(studentToken, 'POST', '/api/payment/checkout', { packageId, gateway: 'fakepay' });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderRef, redirect } = placed.json<{
      orderRef: string;
      redirect: { action: string; fields: Record<string, string> };
    }>();
    expect(redirect.action).toBe(`${FAKE_PAY_ORIGIN}/pay`);
    expect(redirect.fields).toMatchObject({ order: orderRef, amount: '90000', shop: 'Riyazi' });
    expect(redirect.fields.back).toBe('http://localhost:3000/api/payment/gateway/fakepay/return');

    // The bank's answer, signed with the key only it and we hold.
    const paid = signFakePay(
      { order: orderRef, amount: '90000', currency: 'PKR', result: 'ok', txn: 'FP-77' },
      API_KEY,
    );
    const forged = signFakePay({ ...paid, amount: '90000' }, 'not-the-key');
    expect((await postForm('/api/payment/gateway/fakepay/callback', forged)).statusCode).toBe(400);
    const callback = await postForm('/api/payment/gateway/fakepay/callback', paid);
    expect(callback.json()).toEqual({ received: true, outcome: 'CREDITED' });
    const back = await postForm('/api/payment/gateway/fakepay/return', paid);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/payment/success?order=${orderRef}`);

    const payment = await t.db
      .selectFrom('payments')
      .select(['gateway', 'status', 'gatewayRef'])
      .where('orderRef', '=', orderRef)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ gateway: 'fakepay', status: 'PAID', gatewayRef: 'FP-77' });
    expect(await contestAttemptsOf(t.db, studentId)).toBe(2);
  });

  it('appears among the report gateway filters', async () => {
    const staff = await makeStaff(t.db, { permissions: [['paymentFailure', 'read']] });
    const token = (await loginStaff(t.app, staff)).accessToken;
    const res = await as(token, 'GET', '/api/admin/reports/payment-failures/options/');
    expect(res.json<{ gateways: { id: string; label: string }[] }>().gateways).toContainEqual({
      id: 'fakepay',
      label: 'Fake Pay',
    });
  });
});
