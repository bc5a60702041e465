import { paymentGatewayChoices } from '#modules/payments';
import {
  type PaymentFailureOptions,
  type PaymentFailurePage,
  type PaymentFailureRow,
  type PaymentLogEntry,
  type PaymentLogKind,
  type PaymentLogOutcome,
  type PaymentLogTrail,
  type PaymentReportOptions,
  type PaymentReportPage,
  type PaymentReportRow,
  type PaymentStatus,
  type ProblemOutcome,
  rupees,
} from '../../contracts/payment-reports.js';
import type { Executor } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import * as failuresRepo from './payment-failures.repository.js';
import * as repo from './payment-reports.repository.js';
import type { FailureQuery, PaymentFilter, PaymentPageQuery, TrailQuery } from './payment-reports.schemas.js';

const money = (paisa: number | null) => (paisa === null ? null : rupees(paisa));
const pages = (total: number, limit: number) => Math.ceil(total / limit);

function toPaymentRow(row: repo.PaymentRow): PaymentReportRow {
  return {
    _id: row.id,
    orderRef: row.orderRef,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    status: row.status as PaymentStatus,
    gateway: row.gateway,
    gatewayRef: row.gatewayRef,
    package: { _id: row.packageId, name: row.packageName },
    attempts: row.attempts,
    listPrice: rupees(row.listPricePaisa),
    discount: rupees(row.discountPaisa),
    amount: rupees(row.amountPaisa),
    promoCode: row.promoCode,
    student: {
      _id: row.studentId,
      studentNo: Number(row.studentNo),
      fullName: row.fullName,
      grade: row.gradeId === null ? null : { _id: row.gradeId, title: row.gradeTitle ?? '' },
      city: row.city,
    },
  };
}

export async function paymentReport(db: Executor, query: PaymentPageQuery): Promise<PaymentReportPage> {
  const { page, limit, ...filter } = query;
  const [rows, totals, days] = await Promise.all([
    repo.findPayments(db, filter, { limit, offset: (page - 1) * limit }),
    repo.paymentTotals(db, filter),
    repo.paidByDay(db, filter),
  ]);
  return {
    data: rows.map(toPaymentRow),
    total: totals.count,
    currentPage: page,
    totalPages: pages(totals.count, limit),
    itemsPerPage: limit,
    totals: { count: totals.count, paidCount: totals.paidCount, paidAmount: rupees(totals.paidPaisa) },
    byDay: days.map((d) => ({
      day: d.day,
      gateway: d.gateway,
      paidCount: d.paidCount,
      paidAmount: rupees(d.paidPaisa),
    })),
  };
}

export const EXPORT_BATCH = 1000;

/** Every filtered payment, newest first, a batch at a time: memory stays flat however many there are. */
export async function* paymentBatches(
  db: Executor,
  filter: PaymentFilter,
  batch = EXPORT_BATCH,
): AsyncGenerator<PaymentReportRow[]> {
  let after: repo.PaymentCursor | null = null;
  for (;;) {
    const rows = await repo.findPayments(db, filter, { limit: batch, after });
    if (rows.length > 0) {
      yield rows.map(toPaymentRow);
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < batch) {
      return;
    }
    after = { at: last.cursorAt, id: last.id };
  }
}

const CITY_CHOICES = 500;

/** The failures report's gateway filter: every registered gateway and free. */
export const failureOptions = (): PaymentFailureOptions => ({ gateways: paymentGatewayChoices() });

export async function paymentOptions(db: Executor): Promise<PaymentReportOptions> {
  const [packages, grades, cities] = await Promise.all([
    repo.packageOptions(db),
    repo.gradeOptions(db),
    repo.paymentCities(db, CITY_CHOICES),
  ]);
  return {
    gateways: paymentGatewayChoices(),
    packages: packages.map((p) => ({ _id: p.id, name: p.name })),
    grades: grades.map((g) => ({ _id: g.id, title: g.title })),
    cities,
  };
}

function toFailureRow(row: failuresRepo.FailureRow): PaymentFailureRow {
  return {
    kind: row.kind,
    _id: row.id,
    orderRef: row.orderRef,
    student:
      row.studentId === null
        ? null
        : { _id: row.studentId, studentNo: Number(row.studentNo), fullName: row.fullName ?? '' },
    gateway: row.gateway,
    amount: money(row.amountPaisa),
    status: row.status as PaymentStatus | null,
    outcome: row.outcome as ProblemOutcome,
    message: row.message,
    at: row.at.toISOString(),
  };
}

export async function failureReport(db: Executor, query: FailureQuery): Promise<PaymentFailurePage> {
  const { page, limit, ...filter } = query;
  const [rows, total] = await Promise.all([
    failuresRepo.findFailures(db, filter, { limit, offset: (page - 1) * limit }),
    failuresRepo.countFailures(db, filter),
  ]);
  return {
    data: rows.map(toFailureRow),
    total,
    currentPage: page,
    totalPages: pages(total, limit),
    itemsPerPage: limit,
  };
}

function toLogEntry(row: failuresRepo.LogRow, student: PaymentLogEntry['student']): PaymentLogEntry {
  return {
    _id: String(row.id),
    at: new Date(row.at).toISOString(),
    kind: row.kind as PaymentLogKind,
    outcome: row.outcome as PaymentLogOutcome,
    student,
    orderRef: row.orderRef,
    gateway: row.gateway,
    gatewayRef: row.gatewayRef,
    responseCode: row.responseCode,
    responseMessage: row.responseMessage,
    expectedAmount: money(row.expectedAmountPaisa),
    receivedAmount: money(row.receivedAmountPaisa),
    expectedCurrency: row.expectedCurrency,
    receivedCurrency: row.receivedCurrency,
    signatureValid: row.signatureValid,
    attemptNo: row.attemptNo,
    sourceIp: row.sourceIp,
    payloadSha256: row.payloadSha256,
  };
}

async function paymentTrail(db: Executor, paymentId: string): Promise<PaymentLogTrail> {
  const [payment, logs] = await Promise.all([
    failuresRepo.findTrailPayment(db, paymentId),
    failuresRepo.findLogsOfPayment(db, paymentId),
  ]);
  if (payment === undefined) {
    throw notFound('Payment not found');
  }
  const student = {
    _id: payment.studentId,
    studentNo: Number(payment.studentNo),
    fullName: payment.fullName,
  };
  return {
    payment: {
      _id: payment.id,
      orderRef: payment.orderRef,
      status: payment.status as PaymentStatus,
      gateway: payment.gateway,
      gatewayRef: payment.gatewayRef,
      amount: rupees(payment.amountPaisa),
      currency: payment.currency,
      createdAt: payment.createdAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
      package: { _id: payment.packageId, name: payment.packageName },
      student,
    },
    logs: logs.map((log) => toLogEntry(log, { studentNo: student.studentNo, fullName: student.fullName })),
  };
}

/** A payment's whole trail; a log id opens the trail of its payment, or the log alone when it names none. */
export async function logTrail(db: Executor, query: TrailQuery): Promise<PaymentLogTrail> {
  if (query.id !== undefined) {
    return paymentTrail(db, query.id);
  }
  const log = query.log === undefined ? undefined : await failuresRepo.findLog(db, query.log);
  if (log === undefined) {
    throw notFound('Payment log not found');
  }
  if (log.paymentId !== null) {
    return paymentTrail(db, log.paymentId);
  }
  return { payment: null, logs: [toLogEntry(log, null)] };
}
