import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { PROMO_HOLD_MS, reconcilePendingPayments } from '../src/modules/payments/reconciliation.service.js';
import {
  attemptsOf,
  call,
  fake,
  jazzCheckout,
  logsOf,
  otherToken,
  paymentOf,
  postForm,
  t,
} from './payments.fixtures.js';

const promo = () =>
  t.db
    .selectFrom('promoCodes')
    .select(['id', 'usedCount'])
    .where('code', '=', 'WELCOME50')
    .executeTakeFirstOrThrow();
const holders = async () =>
  (await t.db.selectFrom('promoCodeUses').select('paymentId').execute()).map((u) => u.paymentId);
let packageId = '';
const checkPromo = (as?: string) =>
  call('POST', '/api/payment/promo/check', { code: 'WELCOME50', packageId }, as);
const deps = () => ({
  db: t.db,
  queues: t.queues,
  redis: t.redis,
  config: t.config,
  log: pino({ level: 'silent' }),
});
const backdate = (orderRef: string, ms: number) =>
  t.db
    .updateTable('payments')
    .set({ createdAt: new Date(Date.now() - ms) })
    .where('orderRef', '=', orderRef)
    .execute();

describe('a promo use held by a checkout left behind', () => {
  it('goes back when the family starts another checkout: the code is not "already used" (#30)', async () => {
    const first = await jazzCheckout({ promoCode: 'WELCOME50' });
    packageId = (await paymentOf(first.orderRef)).packageId;
    // Back from the gateway page: the code still applies and Pay works.
    const check = await checkPromo();
    expect(check.statusCode, check.body).toBe(200);
    const second = await jazzCheckout({ promoCode: 'WELCOME50' });
    expect((await promo()).usedCount).toBe(1);
    expect(await holders()).toEqual([(await paymentOf(second.orderRef)).id]);
    // The first checkout stays pending at the gateway, holding nothing.
    expect((await paymentOf(first.orderRef)).status).toBe('PENDING');
  });

  it('goes back when the family cancels the checkout; only their own pending one, once', async () => {
    const { orderRef } = await jazzCheckout({ promoCode: 'WELCOME50' });
    expect((await call('POST', `/api/payment/orders/${orderRef}/cancel`, {}, otherToken)).statusCode).toBe(
      404,
    );
    const res = await call('POST', `/api/payment/orders/${orderRef}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { orderRef, status: 'CANCELLED' } });
    expect((await promo()).usedCount).toBe(0);
    expect(await holders()).toEqual([]);
    expect((await call('POST', `/api/payment/orders/${orderRef}/cancel`, {})).statusCode).toBe(200);
    expect((await logsOf(orderRef)).map((l) => [l.kind, l.outcome])).toEqual([
      ['CHECKOUT', 'STARTED'],
      ['CANCEL', 'CANCELLED'],
    ]);

    const paid = await jazzCheckout();
    await postForm('/api/payment/gateway/jazzcash/return', fake.decide(paid.orderRef, 'approve'));
    const refused = await call('POST', `/api/payment/orders/${paid.orderRef}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_NOT_PENDING', message: expect.any(String) });
  });

  it('goes back after 15 minutes without word from the gateway, so a limited code is free again', async () => {
    const code = await promo();
    await t.db.updateTable('promoCodes').set({ maxUses: 1 }).where('id', '=', code.id).execute();
    try {
      const { orderRef } = await jazzCheckout({ promoCode: 'WELCOME50' });
      packageId = (await paymentOf(orderRef)).packageId;
      // Another family meets a used-up code while the checkout holds its only use.
      expect((await checkPromo(otherToken)).json()).toMatchObject({
        message: 'This promo code has been used up.',
      });

      await backdate(orderRef, PROMO_HOLD_MS - 60_000);
      expect((await reconcilePendingPayments(deps())).released).toBe(0);
      expect((await promo()).usedCount).toBe(1);

      await backdate(orderRef, PROMO_HOLD_MS + 1000);
      expect((await reconcilePendingPayments(deps())).released).toBe(1);
      expect((await promo()).usedCount).toBe(0);
      expect((await paymentOf(orderRef)).status).toBe('PENDING');
      expect((await checkPromo(otherToken)).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('promoCodes').set({ maxUses: null }).where('id', '=', code.id).execute();
    }
  });

  it('is taken again when the gateway confirms a cancelled checkout later: money taken is credited', async () => {
    const { orderRef } = await jazzCheckout({ promoCode: 'WELCOME50' });
    await call('POST', `/api/payment/orders/${orderRef}/cancel`, {});
    expect((await promo()).usedCount).toBe(0);
    const back = await postForm('/api/payment/gateway/jazzcash/return', fake.decide(orderRef, 'approve'));
    expect(back.headers.location).toBe(`/payment/success?order=${orderRef}`);
    expect(await paymentOf(orderRef)).toMatchObject({ status: 'PAID', amountPaisa: 25_000 });
    expect(await attemptsOf()).toBe(1);
    expect((await promo()).usedCount).toBe(1);
    expect(await holders()).toEqual([(await paymentOf(orderRef)).id]);
  });

  it('is taken again when a checkout whose use went back at a new checkout is paid after all', async () => {
    const first = await jazzCheckout({ promoCode: 'WELCOME50' });
    const second = await jazzCheckout();
    expect((await promo()).usedCount).toBe(0);
    await postForm('/api/payment/gateway/jazzcash/callback', fake.decide(first.orderRef, 'approve'));
    expect((await paymentOf(first.orderRef)).status).toBe('PAID');
    expect((await paymentOf(second.orderRef)).status).toBe('PENDING');
    expect((await promo()).usedCount).toBe(1);
    expect(await attemptsOf()).toBe(1);
  });
});
