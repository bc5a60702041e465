// The payment reports (transactions and failures), shared by api and client; keep it dependency-free.

import type { ListPage } from './list-page.js';

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A registered gateway's id, or 'free' (a 100% promo code); the api lists them with their labels. */
export type PaymentGatewayName = string;
export interface PaymentGatewayOption {
  id: PaymentGatewayName;
  label: string;
}
export const PAYMENT_LOG_KINDS = [
  'CHECKOUT',
  'CALLBACK',
  'RETURN',
  'INQUIRY',
  'EXPIRY',
  'CANCEL',
  'MARK_PAID',
  'REFUND',
] as const;
export type PaymentLogKind = (typeof PAYMENT_LOG_KINDS)[number];
export const PAYMENT_LOG_OUTCOMES = [
  'STARTED',
  'CREDITED',
  'DUPLICATE',
  'REJECTED',
  'SUSPICIOUS',
  'FAILED',
  'PENDING',
  'EXPIRED',
  'CANCELLED',
  'REFUNDED',
] as const;
export type PaymentLogOutcome = (typeof PAYMENT_LOG_OUTCOMES)[number];
/** Outcomes that make a payment (or an orphan log) show up in the failures report. */
export const PROBLEM_OUTCOMES = ['REJECTED', 'SUSPICIOUS', 'FAILED', 'EXPIRED'] as const;
export type ProblemOutcome = (typeof PROBLEM_OUTCOMES)[number];

/** Days are calendar days in Pakistan time (UTC+5): a payment's day is the day its checkout started. */
export const PAYMENT_REPORT_TIME_ZONE = 'Asia/Karachi';

/** Money in the reports is rupees (2 decimals); the database keeps integer paisa. */
export const rupees = (paisa: number) => Math.round(paisa) / 100;

export interface PaymentReportRow {
  _id: string;
  orderRef: string;
  createdAt: string;
  paidAt: string | null;
  status: PaymentStatus;
  gateway: PaymentGatewayName;
  gatewayRef: string | null;
  package: { _id: string; name: string };
  attempts: number;
  listPrice: number;
  discount: number;
  amount: number;
  promoCode: string | null;
  student: {
    _id: string;
    studentNo: number;
    fullName: string;
    grade: { _id: string; title: string } | null;
    city: string | null;
  };
}

export interface PaymentDayTotal {
  /** YYYY-MM-DD in Pakistan time. */
  day: string;
  gateway: PaymentGatewayName;
  paidCount: number;
  paidAmount: number;
}

export interface PaymentReportPage extends ListPage<PaymentReportRow> {
  /** Over every filtered payment, not just this page. */
  totals: { count: number; paidCount: number; paidAmount: number };
  /** Paid payments of the filtered set per Pakistan day and gateway, oldest day first. */
  byDay: PaymentDayTotal[];
}

export interface PaymentReportOptions {
  gateways: PaymentGatewayOption[];
  packages: { _id: string; name: string }[];
  grades: { _id: string; title: string }[];
  cities: string[];
}

export interface PaymentFailureRow {
  /** 'payment': a payment that failed, expired or had a rejected or suspicious message; 'orphan': a
   * problem log that names no known payment (e.g. a forged callback). */
  kind: 'payment' | 'orphan';
  /** The payment id, or the orphan log's id. */
  _id: string;
  orderRef: string | null;
  student: { _id: string; studentNo: number; fullName: string } | null;
  gateway: string;
  /** The payment's amount; for an orphan log, the amount the message claimed. */
  amount: number | null;
  status: PaymentStatus | null;
  outcome: ProblemOutcome;
  message: string | null;
  at: string;
}

/** GET /admin/reports/payment-failures/options/: the gateway filter's choices. */
export interface PaymentFailureOptions {
  gateways: PaymentGatewayOption[];
}

export type PaymentFailurePage = ListPage<PaymentFailureRow>;

export interface PaymentLogEntry {
  _id: string;
  /** ISO time, UTC. */
  at: string;
  kind: PaymentLogKind;
  outcome: PaymentLogOutcome;
  student: { studentNo: number; fullName: string } | null;
  orderRef: string | null;
  gateway: string;
  gatewayRef: string | null;
  responseCode: string | null;
  responseMessage: string | null;
  expectedAmount: number | null;
  receivedAmount: number | null;
  expectedCurrency: string | null;
  receivedCurrency: string | null;
  signatureValid: boolean | null;
  attemptNo: number;
  sourceIp: string | null;
  payloadSha256: string | null;
}

export interface PaymentLogTrail {
  /** null for an orphan log. */
  payment: {
    _id: string;
    orderRef: string;
    status: PaymentStatus;
    gateway: string;
    gatewayRef: string | null;
    amount: number;
    currency: string;
    createdAt: string;
    paidAt: string | null;
    package: { _id: string; name: string };
    student: { _id: string; studentNo: number; fullName: string };
  } | null;
  /** Oldest first. */
  logs: PaymentLogEntry[];
}
