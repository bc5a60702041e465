import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  makeGrade,
  makeStudent,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

async function adminToken() {
  return (await signedInStaff(t, { superAdmin: true })).token;
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function makePackage(db: Db, name: string, pricePaisa: number) {
  return db
    .insertInto('paymentPackages')
    .values({ name, pricePaisa, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function makePromo(db: Db, code: string) {
  return db
    .insertInto('promoCodes')
    .values({ code, discountType: 'PERCENT', discountValue: 50 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

interface PaymentFactory {
  orderRef: string;
  studentId: string;
  packageId: string;
  promoCodeId?: string;
  gateway: 'jazzcash' | 'sandbox' | 'free';
  status: 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';
  listPricePaisa: number;
  discountPaisa?: number;
  createdAt: string;
  gatewayRef?: string;
  responseCode?: string;
  responseMessage?: string;
}

async function makePayment(db: Db, p: PaymentFactory) {
  const createdAt = new Date(p.createdAt);
  const discountPaisa = p.discountPaisa ?? 0;
  return db
    .insertInto('payments')
    .values({
      ...p,
      discountPaisa,
      amountPaisa: p.listPricePaisa - discountPaisa,
      attempts: 1,
      createdAt,
      updatedAt: createdAt,
      paidAt: p.status === 'PAID' ? new Date(createdAt.getTime() + 60_000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

interface LogFactory {
  paymentId: string | null;
  orderRef: string;
  at: string;
  kind: 'CHECKOUT' | 'CALLBACK' | 'RETURN' | 'INQUIRY' | 'EXPIRY';
  outcome: string;
  gateway?: string;
  gatewayRef?: string;
  responseCode?: string;
  responseMessage?: string;
  expectedAmountPaisa?: number;
  receivedAmountPaisa?: number;
  expectedCurrency?: string;
  receivedCurrency?: string;
  signatureValid?: boolean;
  attemptNo?: number;
  sourceIp?: string;
  payloadSha256?: string;
}

async function makeLog(db: Db, log: LogFactory) {
  const row = await db
    .insertInto('paymentLogs')
    .values({ gateway: 'jazzcash', ...log, at: new Date(log.at) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const SHA = 'a'.repeat(64);

/**
 * Seven payments (times UTC; Pakistan is UTC+5):
 *   P1 Ali, Single, jazzcash PAID Rs 500, 03-10 10:00 (PKT 03-10)
 *   P2 Sara, Triple with EID-50, jazzcash PAID Rs 600, 03-10 20:30 (PKT 03-11 01:30)
 *   P3 Ali, Single, sandbox PAID Rs 500, 03-11 05:00 (PKT 03-11)
 *   P4 Sara, Single, jazzcash FAILED (declined), 03-11 06:00
 *   P5 Zain, Single, jazzcash EXPIRED, 03-09 18:59 (PKT 03-09 23:59)
 *   P6 Zain, Triple, jazzcash PENDING with a suspicious callback, 03-12 00:00
 *   P7 Ali, Triple with FREE-100, free PAID Rs 0, 03-11 07:00
 * and a forged callback (REJECTED) naming an order we never made.
 */
async function fixtures() {
  const grade4 = await makeGrade(t.db, 4);
  const grade5 = await makeGrade(t.db, 5);
  const ali = await makeStudent(t.db, { fullName: 'Ali Raza', gradeId: grade4.id, city: 'Lahore' });
  const sara = await makeStudent(t.db, { fullName: 'Sara Khan', gradeId: grade5.id, city: 'Karachi' });
  const zain = await makeStudent(t.db, {
    fullName: '=HYPERLINK("http://x")',
    gradeId: null,
    city: '@Quetta',
  });
  const single = await makePackage(t.db, 'Single attempt', 50_000);
  const triple = await makePackage(t.db, 'Three attempts', 120_000);
  const eid = await makePromo(t.db, 'EID-50');
  const free = await makePromo(t.db, 'FREE-100');
  const jazz = { gateway: 'jazzcash' as const };
  const p1 = await makePayment(t.db, {
    ...jazz,
    orderRef: 'ORD0001',
    studentId: ali.id,
    packageId: single.id,
    status: 'PAID',
    listPricePaisa: 50_000,
    createdAt: '2026-03-10T10:00:00Z',
    gatewayRef: 'T1001',
  });
  const p2 = await makePayment(t.db, {
    ...jazz,
    orderRef: 'ORD0002',
    studentId: sara.id,
    packageId: triple.id,
    promoCodeId: eid.id,
    status: 'PAID',
    listPricePaisa: 120_000,
    discountPaisa: 60_000,
    createdAt: '2026-03-10T20:30:00Z',
    gatewayRef: 'T1002',
  });
  const p3 = await makePayment(t.db, {
    gateway: 'sandbox',
    orderRef: 'ORD0003',
    studentId: ali.id,
    packageId: single.id,
    status: 'PAID',
    listPricePaisa: 50_000,
    createdAt: '2026-03-11T05:00:00Z',
    gatewayRef: 'SB-3',
  });
  const p4 = await makePayment(t.db, {
    ...jazz,
    orderRef: 'ORD0004',
    studentId: sara.id,
    packageId: single.id,
    status: 'FAILED',
    listPricePaisa: 50_000,
    createdAt: '2026-03-11T06:00:00Z',
    gatewayRef: 'T1004',
    responseCode: '124',
    responseMessage: 'Declined by bank',
  });
  const p5 = await makePayment(t.db, {
    ...jazz,
    orderRef: 'ORD0005',
    studentId: zain.id,
    packageId: single.id,
    status: 'EXPIRED',
    listPricePaisa: 50_000,
    createdAt: '2026-03-09T18:59:00Z',
  });
  const p6 = await makePayment(t.db, {
    ...jazz,
    orderRef: 'ORD0006',
    studentId: zain.id,
    packageId: triple.id,
    status: 'PENDING',
    listPricePaisa: 120_000,
    createdAt: '2026-03-12T00:00:00Z',
  });
  const p7 = await makePayment(t.db, {
    gateway: 'free',
    orderRef: 'ORD0007',
    studentId: ali.id,
    packageId: triple.id,
    promoCodeId: free.id,
    status: 'PAID',
    listPricePaisa: 120_000,
    discountPaisa: 120_000,
    createdAt: '2026-03-11T07:00:00Z',
  });

  const logs = {
    p1Checkout: await makeLog(t.db, {
      paymentId: p1.id,
      orderRef: 'ORD0001',
      at: '2026-03-10T10:00:00Z',
      kind: 'CHECKOUT',
      outcome: 'STARTED',
    }),
    p1Credited: await makeLog(t.db, {
      paymentId: p1.id,
      orderRef: 'ORD0001',
      at: '2026-03-10T10:01:00Z',
      kind: 'CALLBACK',
      outcome: 'CREDITED',
    }),
    p1Duplicate: await makeLog(t.db, {
      paymentId: p1.id,
      orderRef: 'ORD0001',
      at: '2026-03-10T10:02:00Z',
      kind: 'CALLBACK',
      outcome: 'DUPLICATE',
      attemptNo: 2,
    }),
    p4Checkout: await makeLog(t.db, {
      paymentId: p4.id,
      orderRef: 'ORD0004',
      at: '2026-03-11T06:00:00Z',
      kind: 'CHECKOUT',
      outcome: 'STARTED',
      expectedAmountPaisa: 50_000,
      expectedCurrency: 'PKR',
    }),
    p4Declined: await makeLog(t.db, {
      paymentId: p4.id,
      orderRef: 'ORD0004',
      at: '2026-03-11T06:02:00Z',
      kind: 'CALLBACK',
      outcome: 'FAILED',
      gatewayRef: 'T1004',
      responseCode: '124',
      responseMessage: 'Declined by bank',
      expectedAmountPaisa: 50_000,
      receivedAmountPaisa: 50_000,
      expectedCurrency: 'PKR',
      receivedCurrency: 'PKR',
      signatureValid: true,
      attemptNo: 1,
      sourceIp: '203.0.113.7',
      payloadSha256: SHA,
    }),
    p5Expired: await makeLog(t.db, {
      paymentId: p5.id,
      orderRef: 'ORD0005',
      at: '2026-03-09T19:30:00Z',
      kind: 'EXPIRY',
      outcome: 'EXPIRED',
      gateway: 'jazzcash',
      responseMessage: 'No answer from the gateway in 30 minutes',
    }),
    p6Suspicious: await makeLog(t.db, {
      paymentId: p6.id,
      orderRef: 'ORD0006',
      at: '2026-03-12T00:05:00Z',
      kind: 'CALLBACK',
      outcome: 'SUSPICIOUS',
      responseCode: '000',
      responseMessage: 'Amount does not match',
      expectedAmountPaisa: 120_000,
      receivedAmountPaisa: 100,
      expectedCurrency: 'PKR',
      receivedCurrency: 'PKR',
      signatureValid: true,
    }),
    orphan: await makeLog(t.db, {
      paymentId: null,
      orderRef: 'FAKE0001',
      at: '2026-03-10T12:00:00Z',
      kind: 'CALLBACK',
      outcome: 'REJECTED',
      responseCode: '000',
      responseMessage: 'Bad signature',
      receivedAmountPaisa: 100_000,
      receivedCurrency: 'PKR',
      signatureValid: false,
      sourceIp: '198.51.100.9',
      payloadSha256: 'b'.repeat(64),
    }),
  };
  return { grade4, grade5, ali, sara, zain, single, triple, p1, p2, p3, p4, p5, p6, p7, logs };
}

interface Row {
  _id: string;
  orderRef: string;
  [key: string]: unknown;
}
interface Page {
  data: Row[];
  total: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
  totals: { count: number; paidCount: number; paidAmount: number };
  byDay: { day: string; gateway: string; paidCount: number; paidAmount: number }[];
}

const PAYMENTS = '/api/admin/reports/payments/';
const EXPORT = '/api/admin/reports/payments/export/';
const FAILURES = '/api/admin/reports/payment-failures/';
const LOGS = '/api/admin/reports/payment-failures/logs/';

describe('GET /api/admin/reports/payments/', () => {
  it('lists payments newest first with student, package, promo and amounts in rupees', async () => {
    const f = await fixtures();
    const res = await get(await adminToken(), PAYMENTS);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({ total: 7, currentPage: 1, totalPages: 1, itemsPerPage: 50 });
    expect(page.data.map((r) => r.orderRef)).toEqual([
      'ORD0006',
      'ORD0007',
      'ORD0004',
      'ORD0003',
      'ORD0002',
      'ORD0001',
      'ORD0005',
    ]);
    expect(page.data[4]).toEqual({
      _id: f.p2.id,
      orderRef: 'ORD0002',
      createdAt: '2026-03-10T20:30:00.000Z',
      paidAt: '2026-03-10T20:31:00.000Z',
      status: 'PAID',
      gateway: 'jazzcash',
      gatewayRef: 'T1002',
      package: { _id: f.triple.id, name: 'Three attempts' },
      attempts: 1,
      listPrice: 1200,
      discount: 600,
      amount: 600,
      promoCode: 'EID-50',
      student: {
        _id: f.sara.id,
        studentNo: f.sara.studentNo,
        fullName: 'Sara Khan',
        grade: { _id: f.grade5.id, title: 'Grade 5' },
        city: 'Karachi',
      },
    });
    expect(page.data[6]).toMatchObject({
      orderRef: 'ORD0005',
      paidAt: null,
      promoCode: null,
      student: { grade: null, city: '@Quetta' },
    });
  });

  it('totals the whole filtered set and groups paid amounts by Pakistan day and gateway', async () => {
    await fixtures();
    const page = (await get(await adminToken(), PAYMENTS)).json<Page>();
    expect(page.totals).toEqual({ count: 7, paidCount: 4, paidAmount: 1600 });
    // P2 was paid at 20:30 UTC on the 10th: the 11th in Pakistan.
    expect(page.byDay).toEqual([
      { day: '2026-03-10', gateway: 'jazzcash', paidCount: 1, paidAmount: 500 },
      { day: '2026-03-11', gateway: 'free', paidCount: 1, paidAmount: 0 },
      { day: '2026-03-11', gateway: 'jazzcash', paidCount: 1, paidAmount: 600 },
      { day: '2026-03-11', gateway: 'sandbox', paidCount: 1, paidAmount: 500 },
    ]);
  });

  it('narrows by every filter on the server, days in Pakistan time with both ends included', async () => {
    const f = await fixtures();
    const token = await adminToken();
    const refs = async (query: string) => {
      const res = await get(token, `${PAYMENTS}?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json<Page>().data.map((r) => r.orderRef);
    };
    expect(await refs('status=PAID')).toEqual(['ORD0007', 'ORD0003', 'ORD0002', 'ORD0001']);
    expect(await refs('status=EXPIRED')).toEqual(['ORD0005']);
    expect(await refs('gateway=sandbox')).toEqual(['ORD0003']);
    expect(await refs('gateway=free')).toEqual(['ORD0007']);
    expect(await refs(`packageId=${f.triple.id}`)).toEqual(['ORD0006', 'ORD0007', 'ORD0002']);
    expect(await refs('promoCode=eid-50')).toEqual(['ORD0002']);
    expect(await refs('promoCode=NOPE-1')).toEqual([]);
    expect(await refs(`gradeId=${f.grade5.id}`)).toEqual(['ORD0004', 'ORD0002']);
    expect(await refs('city=%20lahore')).toEqual(['ORD0007', 'ORD0003', 'ORD0001']);
    expect(await refs('from=2026-03-11&to=2026-03-11')).toEqual(['ORD0007', 'ORD0004', 'ORD0003', 'ORD0002']);
    expect(await refs('from=2026-03-10&to=2026-03-10')).toEqual(['ORD0001']);
    expect(await refs('to=2026-03-09')).toEqual(['ORD0005']);
    expect(await refs('from=2026-03-12')).toEqual(['ORD0006']);
    expect(await refs(`from=2026-03-11&gateway=jazzcash&gradeId=${f.grade5.id}&status=FAILED`)).toEqual([
      'ORD0004',
    ]);

    const day11 = (await get(token, `${PAYMENTS}?from=2026-03-11&to=2026-03-11`)).json<Page>();
    expect(day11.totals).toEqual({ count: 4, paidCount: 3, paidAmount: 1100 });
    expect(day11.byDay.map((d) => d.day)).toEqual(['2026-03-11', '2026-03-11', '2026-03-11']);
    const failed = (await get(token, `${PAYMENTS}?status=FAILED`)).json<Page>();
    expect(failed.totals).toEqual({ count: 1, paidCount: 0, paidAmount: 0 });
    expect(failed.byDay).toEqual([]);
  });

  it('pages the rows while totals cover every page', async () => {
    await fixtures();
    const token = await adminToken();
    const second = (await get(token, `${PAYMENTS}?limit=3&page=2`)).json<Page>();
    expect(second).toMatchObject({ total: 7, currentPage: 2, totalPages: 3, itemsPerPage: 3 });
    expect(second.data.map((r) => r.orderRef)).toEqual(['ORD0003', 'ORD0002', 'ORD0001']);
    expect(second.totals.count).toBe(7);
    const beyond = (await get(token, `${PAYMENTS}?limit=3&page=9`)).json<Page>();
    expect(beyond).toMatchObject({ total: 7, data: [] });
  });

  it('answers 400 naming the field for bad filters', async () => {
    const token = await adminToken();
    const cases: [string, string][] = [
      ['from=11/03/2026', 'from'],
      ['to=2026-02-30', 'to'],
      ['from=2026-03-12&to=2026-03-11', 'to'],
      ['status=DONE', 'status'],
      ['gateway=paypal', 'gateway'],
      ['packageId=1', 'packageId'],
      ['promoCode=a', 'promoCode'],
      ['gradeId=x', 'gradeId'],
      ['page=0', 'page'],
      ['limit=1000', 'limit'],
    ];
    for (const [query, field] of cases) {
      for (const path of [PAYMENTS, EXPORT]) {
        if (path === EXPORT && (field === 'page' || field === 'limit')) {
          continue;
        }
        const res = await get(token, `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json<{ message: string }>().message.startsWith(field), query).toBe(true);
      }
    }
  });
});

describe('GET /api/admin/reports/payments/export/', () => {
  const HEADER =
    'Order ref,Created (PKT),Paid (PKT),Status,Gateway,Gateway ref,Package,Attempts,List price (PKR),' +
    'Discount (PKR),Amount (PKR),Promo code,Student No,Student name,Grade,City';

  it('sends the filtered payments as CSV with formula-looking cells neutralised', async () => {
    const f = await fixtures();
    const res = await get(await adminToken(), `${EXPORT}?from=2026-03-09&to=2026-03-11`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1, -1)).toEqual([
      `ORD0007,2026-03-11 12:00:00,2026-03-11 12:01:00,PAID,free,,Three attempts,1,1200.00,1200.00,0.00,FREE-100,${f.ali.studentNo},Ali Raza,Grade 4,Lahore`,
      `ORD0004,2026-03-11 11:00:00,,FAILED,jazzcash,T1004,Single attempt,1,500.00,0.00,500.00,,${f.sara.studentNo},Sara Khan,Grade 5,Karachi`,
      `ORD0003,2026-03-11 10:00:00,2026-03-11 10:01:00,PAID,sandbox,SB-3,Single attempt,1,500.00,0.00,500.00,,${f.ali.studentNo},Ali Raza,Grade 4,Lahore`,
      `ORD0002,2026-03-11 01:30:00,2026-03-11 01:31:00,PAID,jazzcash,T1002,Three attempts,1,1200.00,600.00,600.00,EID-50,${f.sara.studentNo},Sara Khan,Grade 5,Karachi`,
      `ORD0001,2026-03-10 15:00:00,2026-03-10 15:01:00,PAID,jazzcash,T1001,Single attempt,1,500.00,0.00,500.00,,${f.ali.studentNo},Ali Raza,Grade 4,Lahore`,
      `ORD0005,2026-03-09 23:59:00,,EXPIRED,jazzcash,,Single attempt,1,500.00,0.00,500.00,,${f.zain.studentNo},"'=HYPERLINK(""http://x"")",,'@Quetta`,
    ]);
  });

  it('streams every row of a large export once, in order, across batches', async () => {
    const f = await fixtures();
    // 2,500 payments in one microsecond: the batches must page by (created_at, id), not by time alone.
    await sql`
      INSERT INTO payments (order_ref, student_id, package_id, gateway, list_price_paisa, amount_paisa,
        attempts, status, created_at)
      SELECT 'BULK' || lpad(n::text, 6, '0'), ${f.sara.id}, ${f.single.id}, 'sandbox', 100, 100, 1,
        'PENDING', '2026-04-01T00:00:00.123456Z'
      FROM generate_series(1, 2500) AS n
    `.execute(t.db);
    const res = await get(await adminToken(), `${EXPORT}?gateway=sandbox&status=PENDING`);
    expect(res.statusCode).toBe(200);
    const refs = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(refs).toHaveLength(2500);
    expect(new Set(refs).size).toBe(2500);
    const ids = await t.db
      .selectFrom('payments')
      .select('orderRef')
      .where('orderRef', 'like', 'BULK%')
      .orderBy('id', 'desc')
      .execute();
    expect(refs).toEqual(ids.map((r) => r.orderRef));
  });

  it('sends only the header row when nothing matches', async () => {
    await fixtures();
    const res = await get(await adminToken(), `${EXPORT}?from=2027-01-01`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\uFEFF${HEADER}\r\n`);
  });
});

interface FailurePage {
  data: { kind: string; _id: string; orderRef: string | null; outcome: string; [key: string]: unknown }[];
  total: number;
  totalPages: number;
}

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

describe('permissions', () => {
  it('needs paymentTransactions:read for the payments report and paymentFailure:read for failures', async () => {
    const f = await fixtures();
    const tokenOf = async (permissions: StaffFactoryOptions['permissions']) =>
      (await signedInStaff(t, { permissions })).token;
    const transactions = await tokenOf([['paymentTransactions', 'read']]);
    const failures = await tokenOf([['paymentFailure', 'read']]);
    const others = await tokenOf([
      ['questionReports', 'read'],
      ['paymentConfigurations', 'read'],
      ['promoCode', 'read'],
    ]);
    const paymentRoutes = [PAYMENTS, EXPORT, '/api/admin/reports/payments/options/'];
    const failureRoutes = [FAILURES, `${FAILURES}options/`, `${LOGS}?id=${f.p4.id}`];
    for (const url of paymentRoutes) {
      expect((await get(transactions, url)).statusCode, url).toBe(200);
      expect((await get(failures, url)).statusCode, url).toBe(403);
      expect((await get(others, url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    for (const url of failureRoutes) {
      expect((await get(failures, url)).statusCode, url).toBe(200);
      expect((await get(transactions, url)).statusCode, url).toBe(403);
      expect((await get(others, url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/admin/reports/payments/options/', () => {
  it('offers the packages, the grades and one spelling of each paying city', async () => {
    const f = await fixtures();
    await makeStudent(t.db, { fullName: 'No payments', gradeId: null, city: 'Sialkot' });
    await makePayment(t.db, {
      gateway: 'sandbox',
      orderRef: 'ORD0099',
      studentId: (await makeStudent(t.db, { fullName: 'Lower', gradeId: null, city: ' lahore ' })).id,
      packageId: f.single.id,
      status: 'PENDING',
      listPricePaisa: 50_000,
      createdAt: '2026-03-11T00:00:00Z',
    });
    const options = (await get(await adminToken(), '/api/admin/reports/payments/options/')).json();
    expect(options).toEqual({
      gateways: [
        { id: 'jazzcash', label: 'JazzCash' },
        { id: 'sandbox', label: 'Sandbox (test payments)' },
        { id: 'free', label: 'Free (100% promo)' },
      ],
      packages: [
        { _id: f.single.id, name: 'Single attempt' },
        { _id: f.triple.id, name: 'Three attempts' },
      ],
      grades: [
        { _id: f.grade4.id, title: 'Grade 4' },
        { _id: f.grade5.id, title: 'Grade 5' },
      ],
      cities: ['@Quetta', 'Karachi', 'Lahore'],
    });
  });
});

describe('API reference', () => {
  it('documents the payment report routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/admin/reports/payments/',
        '/api/admin/reports/payments/export/',
        '/api/admin/reports/payments/options/',
        '/api/admin/reports/payment-failures/',
        '/api/admin/reports/payment-failures/options/',
        '/api/admin/reports/payment-failures/logs/',
      ]),
    );
  });
});
