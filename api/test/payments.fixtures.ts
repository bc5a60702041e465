import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { type FakeJazzCash, startFakeJazzCash } from '../../test/fake-jazzcash.js';
import {
  bearer,
  contestAttemptsOf,
  deleteRedisKeys,
  demoStudentToken,
  injectForm,
  resetDatabase,
  seededStudentId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { encryptSecret } from '../src/lib/secret-box.js';
import { jazzCashSecureHash } from '../src/modules/payments/gateways/jazzcash.js';

// Shared by the payments-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext();
export const STUDENT = 'fatima.malik@example.com';
export const OTHER = 'ayesha.khan@example.com';
export const JAZZ = { merchantId: 'MC12345', password: 'jazz-pass-1', integritySalt: 'salt0F5DD14AE2' };

export let fake: FakeJazzCash;
export let token: string;
export let otherToken: string;
export let studentId: string;
export let onePackage: { id: string; pricePaisa: number; attempts: number };

export const login = (email: string) => demoStudentToken(t.app, email);

export const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

export const postForm = (url: string, fields: Record<string, string>) => injectForm(t, url, fields);

export const attemptsOf = (id = studentId) => contestAttemptsOf(t.db, id);

export const paymentOf = (orderRef: string) =>
  t.db.selectFrom('payments').selectAll().where('orderRef', '=', orderRef).executeTakeFirstOrThrow();

export const logsOf = (orderRef: string) =>
  t.db.selectFrom('paymentLogs').selectAll().where('orderRef', '=', orderRef).orderBy('id').execute();

export interface Pending {
  orderRef: string;
  redirect: { action: string; fields: Record<string, string> };
}

/** Checkout with JazzCash and deliver the form to the fake gateway, as the browser would. */
export async function jazzCheckout(body: Record<string, unknown> = {}, as = token): Promise<Pending> {
  const res = await call(
    'POST',
    '/api/payment/checkout',
    { packageId: onePackage.id, gateway: 'jazzcash', ...body },
    as,
  );
  expect(res.statusCode, res.body).toBe(200);
  const pending = res.json<Pending>();
  const delivered = await fetch(pending.redirect.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(pending.redirect.fields),
  });
  expect(delivered.status, await delivered.text()).toBe(200);
  return pending;
}

export const resign = (fields: Record<string, string>, salt = JAZZ.integritySalt) => {
  const { pp_SecureHash: _old, ...rest } = fields;
  return { ...rest, pp_SecureHash: jazzCashSecureHash(rest, salt) };
};

beforeAll(async () => {
  fake = await startFakeJazzCash(JAZZ);
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  await t.db
    .insertInto('paymentGatewaySettings')
    .values({
      gateway: 'jazzcash',
      enabled: true,
      settings: JSON.stringify({ merchantId: JAZZ.merchantId, baseUrl: fake.baseUrl }),
      secrets: JSON.stringify({
        password: encryptSecret(JAZZ.password, t.config.ENCRYPTION_KEY),
        integritySalt: encryptSecret(JAZZ.integritySalt, t.config.ENCRYPTION_KEY),
      }),
    })
    .execute();
  const pkg = await t.db
    .selectFrom('paymentPackages')
    .select(['id', 'pricePaisa', 'attempts'])
    .where('name', '=', 'One attempt')
    .executeTakeFirstOrThrow();
  onePackage = pkg;
  studentId = await seededStudentId(t.db, STUDENT);
  token = await login(STUDENT);
  otherToken = await login(OTHER);
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await t.db.deleteFrom('attemptGrants').execute();
  await t.db.deleteFrom('paymentLogs').execute();
  await t.db.deleteFrom('promoCodeUses').execute();
  await t.db.deleteFrom('payments').execute();
  await t.db.deleteFrom('mailMessages').execute();
  await t.db.updateTable('promoCodes').set({ usedCount: 0 }).execute();
  await t.db
    .updateTable('students')
    .set({ contestAttempts: 0, isPaymentMade: false, codeEntered: false })
    .execute();
  await setFlags(t.db, { isPaymentEnabled: true });
});
