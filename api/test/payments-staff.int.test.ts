import { describe, expect, it } from 'vitest';
import { bearer, seededPackageId, signedInStaff } from '../../test/helpers.js';
import {
  attemptsOf,
  fake,
  jazzCheckout,
  logsOf,
  paymentOf,
  postForm,
  studentId,
  t,
} from './payments.fixtures.js';

const staff = (update = true) =>
  signedInStaff(t, {
    permissions: update
      ? [
          ['paymentTransactions', 'read'],
          ['paymentTransactions', 'update'],
        ]
      : [['paymentTransactions', 'read']],
  });

const act = (
  token: string,
  action: 'cancel' | 'mark-paid' | 'refund',
  id: string,
  body: object = { reason: 'Family asked by phone' },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${action}/?id=${id}`,
    headers: bearer(token),
    payload: body,
  });

const auditOf = (id: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'actorId', 'details'])
    .where('targetType', '=', 'payment')
    .where('targetId', '=', id)
    .where('action', 'like', 'payment.%')
    .where('action', '!=', 'payment.credit')
    .execute();
const usedCount = async () =>
  (
    await t.db
      .selectFrom('promoCodes')
      .select('usedCount')
      .where('code', '=', 'WELCOME50')
      .executeTakeFirstOrThrow()
  ).usedCount;

async function paidPayment(attempts: 1 | 2 = 2) {
  const packageId = await seededPackageId(t.db, attempts === 2 ? 'Two attempts' : 'One attempt');
  const { orderRef } = await jazzCheckout({ packageId });
  const approval = fake.decide(orderRef, 'approve');
  await postForm('/api/payment/gateway/jazzcash/return', approval);
  return { ...(await paymentOf(orderRef)), approval };
}

describe('staff settle payments by hand', () => {
  it('cancel a stuck pending payment, giving its promo use back, audited with the reason', async () => {
    const admin = await staff();
    const { orderRef } = await jazzCheckout({ promoCode: 'WELCOME50' });
    const payment = await paymentOf(orderRef);
    const res = await act(admin.token, 'cancel', payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { orderRef, status: 'CANCELLED' },
      message: expect.any(String),
    });
    expect((await paymentOf(orderRef)).status).toBe('CANCELLED');
    expect(await usedCount()).toBe(0);
    expect(await auditOf(payment.id)).toEqual([
      {
        action: 'payment.cancel',
        actorId: admin.id,
        details: expect.objectContaining({ reason: 'Family asked by phone', from: 'PENDING' }),
      },
    ]);
    const again = await act(admin.token, 'cancel', payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.stringContaining('only a pending one') });
  });

  it('mark a bank transfer paid: attempts granted, receipt queued, audited; not twice', async () => {
    const admin = await staff();
    const { orderRef } = await jazzCheckout();
    const payment = await paymentOf(orderRef);
    const res = await act(admin.token, 'mark-paid', payment.id, { reason: 'Bank transfer ref 55123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'PAID', contestAttempts: 1 } });
    expect(await paymentOf(orderRef)).toMatchObject({
      status: 'PAID',
      responseMessage: 'Marked paid by staff',
    });
    expect(await attemptsOf()).toBe(1);
    expect(await t.db.selectFrom('mailMessages').select('template').execute()).toEqual([
      { template: 'paymentReceipt' },
    ]);
    expect((await auditOf(payment.id)).map((a) => a.action)).toEqual(['payment.markPaid']);
    expect((await logsOf(orderRef)).map((l) => [l.kind, l.outcome])).toEqual([
      ['CHECKOUT', 'STARTED'],
      ['MARK_PAID', 'CREDITED'],
    ]);
    expect((await act(admin.token, 'mark-paid', payment.id)).statusCode).toBe(409);
    // The gateway confirming it later changes nothing.
    await postForm('/api/payment/gateway/jazzcash/callback', fake.decide(orderRef, 'approve'));
    expect(await attemptsOf()).toBe(1);
  });

  it('mark a cancelled checkout paid, taking its promo use again', async () => {
    const admin = await staff();
    const { orderRef } = await jazzCheckout({ promoCode: 'WELCOME50' });
    const payment = await paymentOf(orderRef);
    expect((await act(admin.token, 'cancel', payment.id)).statusCode).toBe(200);
    expect((await act(admin.token, 'mark-paid', payment.id)).statusCode).toBe(200);
    expect(await usedCount()).toBe(1);
    expect(await attemptsOf()).toBe(1);
  });

  it('record a refund, taking back only the attempts not used yet', async () => {
    const admin = await staff();
    const payment = await paidPayment(2);
    expect(await attemptsOf()).toBe(2);
    // One of the two was played.
    await t.db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', studentId).execute();
    const res = await act(admin.token, 'refund', payment.id, { reason: 'Contest cancelled for the school' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { status: 'REFUNDED', attemptsReverted: 1, contestAttempts: 0 },
    });
    expect(await paymentOf(payment.orderRef)).toMatchObject({
      status: 'REFUNDED',
      refundedAt: expect.any(Date),
    });
    expect(await attemptsOf()).toBe(0);
    expect(
      await t.db
        .selectFrom('attemptGrants')
        .select(['source', 'attempts', 'staffId'])
        .where('paymentId', '=', payment.id)
        .orderBy('createdAt')
        .execute(),
    ).toEqual([
      { source: 'PAYMENT', attempts: 2, staffId: null },
      { source: 'REFUND', attempts: -1, staffId: admin.id },
    ]);
    expect(await auditOf(payment.id)).toEqual([
      {
        action: 'payment.refund',
        actorId: admin.id,
        details: expect.objectContaining({ attemptsReverted: 1, attempts: 2 }),
      },
    ]);
    expect((await act(admin.token, 'refund', payment.id)).statusCode).toBe(409);
    // A late duplicate from the gateway does not credit a refunded payment again.
    await postForm('/api/payment/gateway/jazzcash/callback', payment.approval);
    expect(await attemptsOf()).toBe(0);
    expect((await paymentOf(payment.orderRef)).status).toBe('REFUNDED');
  });

  it('record a refund whose attempts were all used: nothing to take back, still recorded', async () => {
    const admin = await staff();
    const payment = await paidPayment(1);
    await t.db.updateTable('students').set({ contestAttempts: 0 }).where('id', '=', studentId).execute();
    const res = await act(admin.token, 'refund', payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { status: 'REFUNDED', attemptsReverted: 0, contestAttempts: 0 },
    });
  });

  it('refuse staff without paymentTransactions:update, and bad input with a 4xx message', async () => {
    const reader = await staff(false);
    const admin = await staff();
    const { orderRef } = await jazzCheckout();
    const payment = await paymentOf(orderRef);
    for (const action of ['cancel', 'mark-paid', 'refund'] as const) {
      const res = await act(reader.token, action, payment.id);
      expect(res.statusCode, action).toBe(403);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
      expect((await act('', action, payment.id)).statusCode).toBe(401);
    }
    expect((await paymentOf(orderRef)).status).toBe('PENDING');
    for (const [id, body, status] of [
      [payment.id, {}, 400],
      [payment.id, { reason: 'x' }, 400],
      [payment.id, { reason: 'y'.repeat(301) }, 400],
      ['nope', { reason: 'Family asked' }, 400],
      ['00000000-0000-4000-8000-000000000000', { reason: 'Family asked' }, 404],
    ] as const) {
      const res = await act(admin.token, 'cancel', id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await act(admin.token, 'refund', payment.id)).statusCode).toBe(409);
  });
});
