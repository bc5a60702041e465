import type { Db } from '@riyazi/db';
import { bearer, makeGrade, makeStudent, signedInStaff, useTestContext } from '../../test/helpers.js';
import { DECLINED_BY_BANK } from '../../test/payment-logs.js';

// Shared by the payment-reports-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export async function adminToken() {
  return (await signedInStaff(t, { superAdmin: true })).token;
}

export const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

export async function makePackage(db: Db, name: string, pricePaisa: number) {
  return db
    .insertInto('paymentPackages')
    .values({ name, pricePaisa, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function makePromo(db: Db, code: string) {
  return db
    .insertInto('promoCodes')
    .values({ code, discountType: 'PERCENT', discountValue: 50 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface PaymentFactory {
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

export async function makePayment(db: Db, p: PaymentFactory) {
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

export interface LogFactory {
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

export async function makeLog(db: Db, log: LogFactory) {
  const row = await db
    .insertInto('paymentLogs')
    .values({ gateway: 'jazzcash', ...log, at: new Date(log.at) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export const SHA = 'a'.repeat(64);

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
export async function fixtures() {
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
      ...DECLINED_BY_BANK,
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

export interface Row {
  _id: string;
  orderRef: string;
  [key: string]: unknown;
}
export interface Page {
  data: Row[];
  total: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
  totals: { count: number; paidCount: number; paidAmount: number };
  byDay: { day: string; gateway: string; paidCount: number; paidAmount: number }[];
}

export const PAYMENTS = '/api/admin/reports/payments/';
export const EXPORT = '/api/admin/reports/payments/export/';
export const FAILURES = '/api/admin/reports/payment-failures/';
export const LOGS = '/api/admin/reports/payment-failures/logs/';

export interface FailurePage {
  data: { kind: string; _id: string; orderRef: string | null; outcome: string; [key: string]: unknown }[];
  total: number;
  totalPages: number;
}
