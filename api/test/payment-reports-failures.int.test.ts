import { describe, expect, it } from 'vitest';
import {
  adminToken,
  FAILURES,
  type FailurePage,
  fixtures,
  get,
  LOGS,
  makeLog,
  SHA,
  t,
} from './payment-reports.fixtures.js';

describe('GET /api/admin/reports/payment-failures/', () => {
  it('lists declined, expired and suspicious payments and orphan problem logs, newest first', async () => {
    const f = await fixtures();
    const res = await get(await adminToken(), FAILURES);
    expect(res.statusCode).toBe(200);
    const page = res.json<FailurePage>();
    expect(page.total).toBe(4);
    expect(page.data).toEqual([
      {
        kind: 'payment',
        _id: f.p6.id,
        orderRef: 'ORD0006',
        student: { _id: f.zain.id, studentNo: f.zain.studentNo, fullName: '=HYPERLINK("http://x")' },
        gateway: 'jazzcash',
        amount: 1200,
        status: 'PENDING',
        outcome: 'SUSPICIOUS',
        message: 'Amount does not match',
        at: '2026-03-12T00:05:00.000Z',
      },
      {
        kind: 'payment',
        _id: f.p4.id,
        orderRef: 'ORD0004',
        student: { _id: f.sara.id, studentNo: f.sara.studentNo, fullName: 'Sara Khan' },
        gateway: 'jazzcash',
        amount: 500,
        status: 'FAILED',
        outcome: 'FAILED',
        message: 'Declined by bank',
        at: '2026-03-11T06:02:00.000Z',
      },
      {
        kind: 'orphan',
        _id: f.logs.orphan,
        orderRef: 'FAKE0001',
        student: null,
        gateway: 'jazzcash',
        amount: 1000,
        status: null,
        outcome: 'REJECTED',
        message: 'Bad signature',
        at: '2026-03-10T12:00:00.000Z',
      },
      {
        kind: 'payment',
        _id: f.p5.id,
        orderRef: 'ORD0005',
        student: { _id: f.zain.id, studentNo: f.zain.studentNo, fullName: '=HYPERLINK("http://x")' },
        gateway: 'jazzcash',
        amount: 500,
        status: 'EXPIRED',
        outcome: 'EXPIRED',
        message: 'No answer from the gateway in 30 minutes',
        at: '2026-03-09T19:30:00.000Z',
      },
    ]);
  });

  it('keeps a paid payment out unless a message about it was rejected or suspicious', async () => {
    const f = await fixtures();
    const token = await adminToken();
    const ids = async () => (await get(token, FAILURES)).json<FailurePage>().data.map((r) => r._id);
    expect(await ids()).not.toContain(f.p1.id);
    await makeLog(t.db, {
      paymentId: f.p1.id,
      orderRef: 'ORD0001',
      at: '2026-03-13T00:00:00Z',
      kind: 'RETURN',
      outcome: 'REJECTED',
      signatureValid: false,
    });
    expect((await ids())[0]).toBe(f.p1.id);
  });

  it('narrows by outcome, gateway and Pakistan days, and pages', async () => {
    const f = await fixtures();
    const token = await adminToken();
    const ids = async (query: string) =>
      (await get(token, `${FAILURES}?${query}`)).json<FailurePage>().data.map((r) => r._id);
    expect(await ids('outcome=REJECTED')).toEqual([f.logs.orphan]);
    expect(await ids('outcome=SUSPICIOUS')).toEqual([f.p6.id]);
    expect(await ids('gateway=sandbox')).toEqual([]);
    // The expiry at 19:30 UTC on the 9th is the 10th in Pakistan.
    expect(await ids('from=2026-03-10&to=2026-03-10')).toEqual([f.logs.orphan, f.p5.id]);
    expect(await ids('to=2026-03-09')).toEqual([]);
    const second = (await get(token, `${FAILURES}?limit=3&page=2`)).json<FailurePage>();
    expect(second).toMatchObject({ total: 4, totalPages: 2 });
    expect(second.data.map((r) => r._id)).toEqual([f.p5.id]);
    expect((await get(token, `${FAILURES}?outcome=CREDITED`)).statusCode).toBe(400);
    const unknown = await get(token, `${FAILURES}?gateway=paypal`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'gateway: must be one of jazzcash, sandbox, free' });
  });

  it('offers every registered gateway (and free) to the gateway filter', async () => {
    const res = await get(await adminToken(), `${FAILURES}options/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      gateways: [
        { id: 'jazzcash', label: 'JazzCash' },
        { id: 'sandbox', label: 'Sandbox (test payments)' },
        { id: 'free', label: 'Free (100% promo)' },
      ],
    });
  });
});

describe('GET /api/admin/reports/payment-failures/logs/', () => {
  it("returns a payment's summary and every message about it with exactly the admin fields", async () => {
    const f = await fixtures();
    const res = await get(await adminToken(), `${LOGS}?id=${f.p4.id}`);
    expect(res.statusCode).toBe(200);
    const student = { studentNo: f.sara.studentNo, fullName: 'Sara Khan' };
    expect(res.json()).toEqual({
      payment: {
        _id: f.p4.id,
        orderRef: 'ORD0004',
        status: 'FAILED',
        gateway: 'jazzcash',
        gatewayRef: 'T1004',
        amount: 500,
        currency: 'PKR',
        createdAt: '2026-03-11T06:00:00.000Z',
        paidAt: null,
        package: { _id: f.single.id, name: 'Single attempt' },
        student: { _id: f.sara.id, ...student },
      },
      logs: [
        {
          _id: f.logs.p4Checkout,
          at: '2026-03-11T06:00:00.000Z',
          kind: 'CHECKOUT',
          outcome: 'STARTED',
          student,
          orderRef: 'ORD0004',
          gateway: 'jazzcash',
          gatewayRef: null,
          responseCode: null,
          responseMessage: null,
          expectedAmount: 500,
          receivedAmount: null,
          expectedCurrency: 'PKR',
          receivedCurrency: null,
          signatureValid: null,
          attemptNo: 1,
          sourceIp: null,
          payloadSha256: null,
        },
        {
          _id: f.logs.p4Declined,
          at: '2026-03-11T06:02:00.000Z',
          kind: 'CALLBACK',
          outcome: 'FAILED',
          student,
          orderRef: 'ORD0004',
          gateway: 'jazzcash',
          gatewayRef: 'T1004',
          responseCode: '124',
          responseMessage: 'Declined by bank',
          expectedAmount: 500,
          receivedAmount: 500,
          expectedCurrency: 'PKR',
          receivedCurrency: 'PKR',
          signatureValid: true,
          attemptNo: 1,
          sourceIp: '203.0.113.7',
          payloadSha256: SHA,
        },
      ],
    });
  });

  it('opens an orphan log alone, and any other log as the trail of its payment', async () => {
    const f = await fixtures();
    const token = await adminToken();
    const orphan = (await get(token, `${LOGS}?log=${f.logs.orphan}`)).json<{
      payment: unknown;
      logs: { _id: string; student: unknown; signatureValid: boolean; receivedAmount: number }[];
    }>();
    expect(orphan.payment).toBeNull();
    expect(orphan.logs).toHaveLength(1);
    expect(orphan.logs[0]).toMatchObject({
      _id: f.logs.orphan,
      student: null,
      orderRef: 'FAKE0001',
      signatureValid: false,
      receivedAmount: 1000,
      sourceIp: '198.51.100.9',
      payloadSha256: 'b'.repeat(64),
    });
    const viaLog = (await get(token, `${LOGS}?log=${f.logs.p1Duplicate}`)).json<{
      payment: { _id: string };
      logs: { _id: string; attemptNo: number }[];
    }>();
    expect(viaLog.payment._id).toBe(f.p1.id);
    expect(viaLog.logs.map((l) => [l._id, l.attemptNo])).toEqual([
      [f.logs.p1Checkout, 1],
      [f.logs.p1Credited, 1],
      [f.logs.p1Duplicate, 2],
    ]);
  });

  it('answers 404 for an unknown payment or log and 400 unless exactly one of id and log is given', async () => {
    const f = await fixtures();
    const token = await adminToken();
    expect((await get(token, `${LOGS}?id=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await get(token, `${LOGS}?log=999999999`)).statusCode).toBe(404);
    expect((await get(token, LOGS)).statusCode).toBe(400);
    expect((await get(token, `${LOGS}?id=${f.p4.id}&log=${f.logs.orphan}`)).statusCode).toBe(400);
    expect((await get(token, `${LOGS}?id=ORD0004`)).statusCode).toBe(400);
    expect((await get(token, `${LOGS}?log=abc`)).statusCode).toBe(400);
  });
});
