import type { Job } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { type FakeJazzCash, startFakeJazzCash } from '../../test/fake-jazzcash.js';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import { bearer, deleteRedisKeys, resetDatabase, setFlags, useTestContext } from '../../test/helpers.js';
import { exited, type ServiceProcess, startService, waitFor } from '../../test/processes.js';
import type { WorkerContext } from '../../workers/src/handlers.js';
import { mailHandlers } from '../../workers/src/processors/mail.js';
import { encryptSecret } from '../src/lib/secret-box.js';
import { jazzCashSecureHash } from '../src/modules/payments/gateways/jazzcash.js';
import { reconcilePendingPayments } from '../src/modules/payments/payments.service.js';

const t = useTestContext();
const STUDENT = 'fatima.malik@example.com';
const OTHER = 'ayesha.khan@example.com';
const JAZZ = { merchantId: 'MC12345', password: 'jazz-pass-1', integritySalt: 'salt0F5DD14AE2' };

let fake: FakeJazzCash;
let token: string;
let otherToken: string;
let studentId: string;
let onePackage: { id: string; pricePaisa: number; attempts: number };

async function login(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email, password: DEMO_STUDENT_PASSWORD },
  });
  return res.json<{ accessToken: string }>().accessToken;
}

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

const postForm = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const attemptsOf = async (id = studentId) =>
  (await t.db.selectFrom('students').select('contestAttempts').where('id', '=', id).executeTakeFirstOrThrow())
    .contestAttempts;

const paymentOf = (orderRef: string) =>
  t.db.selectFrom('payments').selectAll().where('orderRef', '=', orderRef).executeTakeFirstOrThrow();

const logsOf = (orderRef: string) =>
  t.db.selectFrom('paymentLogs').selectAll().where('orderRef', '=', orderRef).orderBy('id').execute();

interface Pending {
  orderRef: string;
  redirect: { action: string; fields: Record<string, string> };
}

/** Checkout with JazzCash and deliver the form to the fake gateway, as the browser would. */
async function jazzCheckout(body: Record<string, unknown> = {}, as = token): Promise<Pending> {
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

const resign = (fields: Record<string, string>, salt = JAZZ.integritySalt) => {
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
  studentId = (
    await t.db.selectFrom('students').select('id').where('email', '=', STUDENT).executeTakeFirstOrThrow()
  ).id;
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

describe('payment options', () => {
  it('lists the active packages in rupees and the gateways switched on', async () => {
    const res = await call('GET', '/api/payment/options');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({ paymentEnabled: true, contestAttempts: 0, isPaymentMade: false });
    expect(data.gateways).toEqual([
      { id: 'jazzcash', label: expect.any(String) },
      { id: 'sandbox', label: expect.any(String) },
    ]);
    expect(data.packages).toEqual([
      expect.objectContaining({ name: 'One attempt', attempts: 1, price: 500 }),
      expect.objectContaining({ name: 'Two attempts', attempts: 2, price: 900 }),
    ]);
  });

  it('says payment is off when isPaymentEnabled is false, and refuses a checkout', async () => {
    await setFlags(t.db, { isPaymentEnabled: false });
    const options = await call('GET', '/api/payment/options');
    expect(options.json<{ data: { paymentEnabled: boolean } }>().data.paymentEnabled).toBe(false);
    const res = await call('POST', '/api/payment/checkout', { packageId: onePackage.id, gateway: 'sandbox' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('turned off') });
    expect(await t.db.selectFrom('payments').select('id').execute()).toEqual([]);
  });

  it('refuses bad input with a 4xx and a message, never a 500', async () => {
    for (const body of [
      {},
      { packageId: 'nope', gateway: 'jazzcash' },
      { packageId: onePackage.id, gateway: 'paypal' },
      { packageId: '00000000-0000-4000-8000-000000000000', gateway: 'jazzcash' },
    ]) {
      const res = await call('POST', '/api/payment/checkout', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/payment/options', undefined, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('packages and phases', () => {
  it('sells a phase package only while its phase is the contest phase or not over, naming the phase', async () => {
    const phase = await t.db
      .selectFrom('phases')
      .select(['id', 'name', 'status', 'startsAt', 'endsAt'])
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    type Sold = { name: string; phase: { _id: string; title: string; isContestPhase: boolean } | null };
    const sold = async () =>
      (await call('GET', '/api/payment/options')).json<{ data: { packages: Sold[] } }>().data.packages;
    const buy = () => call('POST', '/api/payment/checkout', { packageId: onePackage.id, gateway: 'sandbox' });
    const setPhase = (values: { status: 'ACTIVE' | 'CLOSED'; startsAt?: Date; endsAt?: Date }) =>
      t.db.updateTable('phases').set(values).where('id', '=', phase.id).execute();

    expect((await sold()).find((p) => p.name === 'One attempt')?.phase).toEqual({
      _id: phase.id,
      title: phase.name,
      isContestPhase: false,
    });
    try {
      // Over: closed by the admins, or past its end date.
      await setPhase({ status: 'CLOSED' });
      expect(await sold()).toEqual([]);
      const refused = await buy();
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'This package is not on sale.' });
      const promo = await call('POST', '/api/payment/promo/check', {
        code: 'WELCOME50',
        packageId: onePackage.id,
      });
      expect(promo.statusCode).toBe(404);
      await setPhase({
        status: 'ACTIVE',
        startsAt: new Date(Date.now() - 2 * 86_400_000),
        endsAt: new Date(Date.now() - 86_400_000),
      });
      expect(await sold()).toEqual([]);
      expect((await buy()).statusCode).toBe(404);

      // Still the contest phase (flag contestQuizPhase): sold, and said so.
      await setFlags(t.db, { isPaymentEnabled: true, contestQuizPhase: phase.id });
      expect((await sold()).find((p) => p.name === 'One attempt')?.phase).toMatchObject({
        isContestPhase: true,
      });
      expect((await buy()).statusCode).toBe(200);
    } finally {
      await setPhase({ status: phase.status as 'ACTIVE', startsAt: phase.startsAt, endsAt: phase.endsAt });
    }
  });
});

describe('JazzCash checkout and callbacks', () => {
  it('credits a signed, approved return once: attempts, grant row, receipt e-mail, log trail', async () => {
    const { orderRef, redirect } = await jazzCheckout();
    expect(redirect.fields).toMatchObject({
      pp_TxnRefNo: orderRef,
      pp_Amount: '50000',
      pp_TxnCurrency: 'PKR',
    });
    expect((await paymentOf(orderRef)).status).toBe('PENDING');

    const back = await postForm('/api/payment/gateway/jazzcash/return', fake.decide(orderRef, 'approve'));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/payment/success?order=${orderRef}`);

    const payment = await paymentOf(orderRef);
    expect(payment).toMatchObject({ status: 'PAID', amountPaisa: 50_000 });
    expect(payment.gatewayRef).toMatch(/^\d+$/);
    expect(await attemptsOf()).toBe(1);
    const student = await t.db
      .selectFrom('students')
      .select(['isPaymentMade', 'codeEntered'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student).toEqual({ isPaymentMade: true, codeEntered: true });
    expect(
      await t.db.selectFrom('attemptGrants').select(['source', 'attempts', 'paymentId']).execute(),
    ).toEqual([{ source: 'PAYMENT', attempts: 1, paymentId: payment.id }]);
    const mails = await t.db.selectFrom('mailMessages').select(['template', 'toEmail', 'params']).execute();
    expect(mails).toEqual([
      {
        template: 'paymentReceipt',
        toEmail: STUDENT,
        params: expect.objectContaining({ orderRef, attempts: 1 }),
      },
    ]);
    expect((await logsOf(orderRef)).map((l) => [l.kind, l.outcome, l.signatureValid])).toEqual([
      ['CHECKOUT', 'STARTED', null],
      ['RETURN', 'CREDITED', true],
    ]);

    const order = await call('GET', `/api/payment/orders/${orderRef}`);
    expect(order.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      orderRef,
      status: 'PAID',
      amount: 500,
      attempts: 1,
      contestAttempts: 1,
    });
    // Another student's order is not theirs to see.
    expect((await call('GET', `/api/payment/orders/${orderRef}`, undefined, otherToken)).statusCode).toBe(
      404,
    );
  });

  it('rejects forged callbacks and logs them, crediting nothing', async () => {
    const { orderRef } = await jazzCheckout();
    const genuine = fake.decide(orderRef, 'approve');
    const { pp_SecureHash: _hash, ...unsigned } = genuine;
    const forgeries = [
      unsigned,
      resign(genuine, 'a-different-salt'),
      { ...genuine, pp_Amount: '100' },
      { ...genuine, pp_ResponseCode: '000', pp_TxnRefNo: orderRef, pp_RetreivalReferenceNo: '1' },
    ];
    for (const forged of forgeries) {
      const res = await postForm('/api/payment/gateway/jazzcash/callback', forged);
      expect(res.statusCode).toBe(400);
      const back = await postForm('/api/payment/gateway/jazzcash/return', forged);
      expect(back.headers.location).toBe(`/payment/failed?order=${orderRef}`);
    }
    expect((await paymentOf(orderRef)).status).toBe('PENDING');
    expect(await attemptsOf()).toBe(0);
    const logs = await logsOf(orderRef);
    expect(logs.filter((l) => l.outcome === 'REJECTED')).toHaveLength(8);
    expect(logs.every((l) => l.outcome !== 'CREDITED')).toBe(true);
    expect(logs.filter((l) => l.kind !== 'CHECKOUT').every((l) => l.signatureValid === false)).toBe(true);
    expect(logs[1]?.payloadSha256).toMatch(/^[0-9a-f]{64}$/);
    // The trail never keeps the raw payload's secrets: only its hash.
    expect(JSON.stringify(logs)).not.toContain(JAZZ.integritySalt);
  });

  it('credits the same valid callback once, sent twice and then 20 times at once', async () => {
    const { orderRef } = await jazzCheckout();
    const fields = fake.decide(orderRef, 'approve');
    expect((await postForm('/api/payment/gateway/jazzcash/callback', fields)).json()).toMatchObject({
      outcome: 'CREDITED',
    });
    expect((await postForm('/api/payment/gateway/jazzcash/callback', fields)).json()).toMatchObject({
      outcome: 'DUPLICATE',
    });
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => postForm('/api/payment/gateway/jazzcash/callback', fields)),
    );
    expect(burst.map((r) => r.json<{ outcome: string }>().outcome)).toEqual(Array(20).fill('DUPLICATE'));
    expect(await attemptsOf()).toBe(1);
    expect(await t.db.selectFrom('attemptGrants').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('mailMessages').select('id').execute()).toHaveLength(1);
    const attemptNos = (await logsOf(orderRef)).filter((l) => l.kind === 'CALLBACK').map((l) => l.attemptNo);
    expect(attemptNos).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });

  it('20 concurrent first deliveries still credit exactly once', async () => {
    const { orderRef } = await jazzCheckout();
    const fields = fake.decide(orderRef, 'approve');
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => postForm('/api/payment/gateway/jazzcash/callback', fields)),
    );
    const outcomes = burst.map((r) => r.json<{ outcome: string }>().outcome).sort();
    expect(outcomes.filter((o) => o === 'CREDITED')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DUPLICATE')).toHaveLength(19);
    expect(await attemptsOf()).toBe(1);
  });

  it('a signed callback with the wrong amount or currency is suspicious and credits nothing', async () => {
    const { orderRef } = await jazzCheckout();
    const fields = fake.decide(orderRef, 'approve');
    for (const altered of [{ pp_Amount: '100' }, { pp_TxnCurrency: 'USD' }] as Record<string, string>[]) {
      const res = await postForm('/api/payment/gateway/jazzcash/callback', resign({ ...fields, ...altered }));
      expect(res.json()).toMatchObject({ outcome: 'SUSPICIOUS' });
    }
    expect((await paymentOf(orderRef)).status).toBe('PENDING');
    expect(await attemptsOf()).toBe(0);
    const suspicious = (await logsOf(orderRef)).filter((l) => l.outcome === 'SUSPICIOUS');
    expect(suspicious.map((l) => [l.expectedAmountPaisa, l.receivedAmountPaisa, l.receivedCurrency])).toEqual(
      [
        [50_000, 100, 'PKR'],
        [50_000, 50_000, 'USD'],
      ],
    );
  });

  it('a declined payment fails, gives its promo use back, and lands on /payment/failed', async () => {
    const { orderRef } = await jazzCheckout({ promoCode: 'welcome50' });
    const promo = () =>
      t.db
        .selectFrom('promoCodes')
        .select('usedCount')
        .where('code', '=', 'WELCOME50')
        .executeTakeFirstOrThrow();
    expect((await promo()).usedCount).toBe(1);
    expect((await paymentOf(orderRef)).amountPaisa).toBe(25_000);
    const back = await postForm('/api/payment/gateway/jazzcash/return', fake.decide(orderRef, 'decline'));
    expect(back.headers.location).toBe(`/payment/failed?order=${orderRef}`);
    expect(await paymentOf(orderRef)).toMatchObject({ status: 'FAILED', responseCode: '199' });
    expect((await promo()).usedCount).toBe(0);
    expect(await attemptsOf()).toBe(0);
    const order = await call('GET', `/api/payment/orders/${orderRef}`);
    expect(order.json()).toMatchObject({ data: { status: 'FAILED', message: expect.any(String) } });
  });

  it('a success redirect with no confirmed callback credits nothing until the status inquiry confirms', async () => {
    const { orderRef } = await jazzCheckout();
    const confirm = async () => {
      await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
      return (await call('POST', `/api/payment/orders/${orderRef}/confirm`)).json<{
        data: { status: string };
      }>();
    };
    // The student's browser lands on /payment/success by itself: the server still says pending.
    expect((await call('GET', `/api/payment/orders/${orderRef}`)).json()).toMatchObject({
      data: { status: 'PENDING' },
    });
    expect((await confirm()).data.status).toBe('PENDING');
    expect(await attemptsOf()).toBe(0);
    // The bank approves, but its callback never reaches us: the inquiry finds out.
    fake.decide(orderRef, 'approve');
    expect((await confirm()).data.status).toBe('PAID');
    expect(await attemptsOf()).toBe(1);
    expect((await logsOf(orderRef)).map((l) => [l.kind, l.outcome])).toEqual([
      ['CHECKOUT', 'STARTED'],
      ['INQUIRY', 'PENDING'],
      ['INQUIRY', 'CREDITED'],
    ]);
  });

  it('an inquiry answer with a bad signature is rejected, not trusted', async () => {
    const { orderRef } = await jazzCheckout();
    fake.inquiryOverride = {
      pp_ResponseCode: '000',
      pp_PaymentResponseCode: '121',
      pp_Status: 'Completed',
      pp_TxnRefNo: orderRef,
      pp_SecureHash: 'ABCDEF',
    };
    try {
      await call('POST', `/api/payment/orders/${orderRef}/confirm`);
    } finally {
      fake.inquiryOverride = null;
    }
    expect((await paymentOf(orderRef)).status).toBe('PENDING');
    expect((await logsOf(orderRef)).at(-1)).toMatchObject({ kind: 'INQUIRY', outcome: 'REJECTED' });
  });
});

describe('promo codes at checkout', () => {
  it('checks a code live and prices the package', async () => {
    const res = await call('POST', '/api/payment/promo/check', {
      code: ' welcome50 ',
      packageId: onePackage.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'WELCOME50', price: 500, discount: 250, amount: 250 });
    const bad = await call('POST', '/api/payment/promo/check', { code: 'NOPE', packageId: onePackage.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'This promo code is not valid.' });
  });

  it('a 100% code grants the attempts at once, without a gateway', async () => {
    await t.db
      .insertInto('promoCodes')
      .values({ code: 'FREE100', discountType: 'PERCENT', discountValue: 100 })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const res = await call('POST', '/api/payment/checkout', {
      packageId: onePackage.id,
      gateway: 'jazzcash',
      promoCode: 'free100',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ orderRef: string; status: string; contestAttempts: number }>();
    expect(body).toMatchObject({ status: 'PAID', contestAttempts: 1 });
    expect(await paymentOf(body.orderRef)).toMatchObject({ gateway: 'free', amountPaisa: 0, status: 'PAID' });
    expect(await t.db.selectFrom('mailMessages').select('template').execute()).toEqual([
      { template: 'paymentReceipt' },
    ]);
    // Once per student.
    const again = await call('POST', '/api/payment/checkout', {
      packageId: onePackage.id,
      gateway: 'jazzcash',
      promoCode: 'FREE100',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'You have already used this promo code.' });
  });

  it('two students racing for the last use: exactly one gets it', async () => {
    await t.db
      .insertInto('promoCodes')
      .values({ code: 'LASTONE', discountType: 'FIXED', discountValue: 10_000, maxUses: 1 })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const [a, b] = await Promise.all(
      [token, otherToken].map((as) =>
        call(
          'POST',
          '/api/payment/checkout',
          { packageId: onePackage.id, gateway: 'sandbox', promoCode: 'LASTONE' },
          as,
        ),
      ),
    );
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([200, 400]);
    const promo = await t.db
      .selectFrom('promoCodes')
      .select('usedCount')
      .where('code', '=', 'LASTONE')
      .executeTakeFirstOrThrow();
    expect(promo.usedCount).toBe(1);
    expect(await t.db.selectFrom('payments').select('id').execute()).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('settles pending payments with the gateway and expires those unpaid after a day', async () => {
    const paid = await jazzCheckout();
    const abandoned = await jazzCheckout({ promoCode: 'WELCOME50' });
    fake.decide(paid.orderRef, 'approve');
    // Nothing is asked about a checkout younger than two minutes.
    const deps = {
      db: t.db,
      queues: t.queues,
      redis: t.redis,
      config: t.config,
      log: pino({ level: 'silent' }),
    };
    expect(await reconcilePendingPayments(deps)).toEqual({ asked: 0, expired: 0 });
    await t.db
      .updateTable('payments')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where('orderRef', '=', abandoned.orderRef)
      .execute();
    await t.db
      .updateTable('payments')
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where('orderRef', '=', paid.orderRef)
      .execute();
    expect(await reconcilePendingPayments(deps)).toEqual({ asked: 2, expired: 1 });
    expect((await paymentOf(paid.orderRef)).status).toBe('PAID');
    expect(await paymentOf(abandoned.orderRef)).toMatchObject({ status: 'EXPIRED', inquiryCount: 1 });
    const promo = await t.db
      .selectFrom('promoCodes')
      .select('usedCount')
      .where('code', '=', 'WELCOME50')
      .executeTakeFirstOrThrow();
    expect(promo.usedCount).toBe(0);
    expect(await attemptsOf()).toBe(1);
    // The next pass leaves both alone.
    expect(await reconcilePendingPayments(deps)).toEqual({ asked: 0, expired: 0 });
  });
});

describe('receipt e-mail', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('a worker killed mid-send still sends the receipt, once', async () => {
    await t.db
      .insertInto('smtpSettings')
      .values({ id: 1, host: '127.0.0.1', port: smtp.port, fromEmail: 'no-reply@riyazi.test' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ port: smtp.port }))
      .execute();
    const { orderRef } = await jazzCheckout();
    // Credited while no worker runs: the receipt waits in the queue and the mail table.
    await postForm('/api/payment/gateway/jazzcash/callback', fake.decide(orderRef, 'approve'));
    const message = await t.db.selectFrom('mailMessages').select(['id', 'status']).executeTakeFirstOrThrow();
    expect(message.status).toBe('QUEUED');
    const receipts = () => smtp.messages.filter((m) => m.decoded.includes(orderRef));

    // The relay never answers the message's DATA: the worker is mid-send when it is killed.
    smtp.hold = true;
    const first = startService('workers/src/main.ts');
    let second: ServiceProcess | null = null;
    try {
      await waitFor('the first worker to be mid-send', () =>
        smtp.held.some((m) => m.decoded.includes(orderRef)),
      );
      first.child.kill('SIGKILL');
      await exited(first.child);
      smtp.hold = false;
      const row = await t.db
        .selectFrom('mailMessages')
        .select('status')
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('QUEUED');
      expect(receipts()).toHaveLength(0);

      // A new worker finds the job stalled (its lock expired with the dead worker) and sends it.
      second = startService('workers/src/main.ts');
      await waitFor('the receipt to be delivered', () => receipts().length > 0);
      await waitFor('the mail row to be SENT', async () => {
        const sent = await t.db
          .selectFrom('mailMessages')
          .select('status')
          .where('id', '=', message.id)
          .executeTakeFirstOrThrow();
        return sent.status === 'SENT';
      });
    } finally {
      first.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
    }
    expect(receipts()).toHaveLength(1);
    expect(smtp.held.filter((m) => m.decoded.includes(orderRef))).toHaveLength(1);

    // Replaying the job (a redelivered event) reaches the handler, which finds it SENT and sends nothing.
    const before = await t.db
      .selectFrom('mailMessages')
      .select(['status', 'attempts', 'sentAt'])
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    await mailHandlers['mail.send'](
      { eventId: 'replayed', messageId: message.id },
      { attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job,
      {
        db: t.db,
        queues: t.queues,
        log: pino({ level: 'silent' }),
        encryptionKey: t.config.ENCRYPTION_KEY,
        isProduction: false,
      } as unknown as WorkerContext,
    );
    expect(receipts()).toHaveLength(1);
    expect(
      await t.db
        .selectFrom('mailMessages')
        .select(['status', 'attempts', 'sentAt'])
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  }, 150_000);
});
