import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { deleteRedisKeys } from '../../test/helpers.js';
import { reconcilePendingPayments } from '../src/modules/payments/reconciliation.service.js';
import {
  attemptsOf,
  call,
  fake,
  JAZZ,
  jazzCheckout,
  logsOf,
  otherToken,
  paymentOf,
  postForm,
  resign,
  STUDENT,
  studentId,
  t,
} from './payments.fixtures.js';

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
    expect(await reconcilePendingPayments(deps)).toEqual({ asked: 0, expired: 0, released: 0 });
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
    // The abandoned checkout's promo use went back after 15 minutes, before it expired.
    expect(await reconcilePendingPayments(deps)).toEqual({ asked: 2, expired: 1, released: 1 });
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
    expect(await reconcilePendingPayments(deps)).toEqual({ asked: 0, expired: 0, released: 0 });
  });
});
