import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeStudent, type StaffFactoryOptions, signedInStaff } from '../../test/helpers.js';
import {
  adminToken,
  EXPORT,
  FAILURES,
  fixtures,
  get,
  LOGS,
  makePayment,
  PAYMENTS,
  type Page,
  t,
} from './payment-reports.fixtures.js';

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
