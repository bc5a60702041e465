import { describe, expect, it } from 'vitest';
import { setFlags } from '../../test/helpers.js';
import { call, onePackage, otherToken, paymentOf, t, token } from './payments.fixtures.js';

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
    type Sold = {
      name: string;
      phase: { _id: string; title: string; isContestPhase: boolean } | null;
      usable: boolean;
    };
    const sold = async () =>
      (await call('GET', '/api/payment/options')).json<{ data: { packages: Sold[] } }>().data.packages;
    const buy = () => call('POST', '/api/payment/checkout', { packageId: onePackage.id, gateway: 'sandbox' });
    const setPhase = (values: { status: 'ACTIVE' | 'CLOSED'; startsAt?: Date; endsAt?: Date }) =>
      t.db
        .updateTable('phases')
        .set({ ...values, closedAt: values.status === 'CLOSED' ? new Date() : null })
        .where('id', '=', phase.id)
        .execute();

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

      // Still the contest phase (flag contestQuizPhase): listed, but its contest takes no more
      // starts, so its attempts could not be used: not sold, and the page says why (#30).
      await setFlags(t.db, { isPaymentEnabled: true, contestQuizPhase: phase.id });
      expect((await sold()).find((p) => p.name === 'One attempt')).toMatchObject({
        phase: { isContestPhase: true },
        usable: false,
        unusableReason: expect.stringContaining('contest has ended'),
      });
      expect((await buy()).json()).toMatchObject({ code: 'ATTEMPTS_NOT_USABLE' });
      // Open again: sold.
      await setPhase({ status: 'ACTIVE', startsAt: phase.startsAt, endsAt: phase.endsAt });
      expect((await buy()).statusCode).toBe(200);
    } finally {
      await setPhase({ status: phase.status as 'ACTIVE', startsAt: phase.startsAt, endsAt: phase.endsAt });
    }
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
