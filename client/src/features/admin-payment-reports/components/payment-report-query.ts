import {
  isGatewayId,
  PAYMENT_REPORT_TIME_ZONE,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PROBLEM_OUTCOMES,
  type ProblemOutcome,
} from '@riyazi/api/contracts';
import { applyListChange, idOf, oneOf, pagingFromParams } from '../../../shared/query/list-params';
import type {
  FailureFilters,
  FailureQuery,
  PaymentFilters,
  PaymentQuery,
  TrailTarget,
} from '../api/payment-reports-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PROMO = /^[A-Z0-9-]{3,32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A gateway id's shape (the api says which gateways exist). */
const gatewayOf = (value: string | null) => (value !== null && isGatewayId(value) ? value : '');

const dayOf = (value: string | null) => (value !== null && DAY.test(value) ? value : '');

/** from and to; a range that ends before it starts keeps only its start. */
function daysOf(params: URLSearchParams) {
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  return { from, to: from !== '' && to !== '' && to < from ? '' : to };
}

/** The payments report state as the URL holds it; bad values fall back, so a mangled link still opens. */
export function paymentQueryFromParams(params: URLSearchParams): PaymentQuery {
  const promoCode = (params.get('promoCode') ?? '').trim().toUpperCase();
  return {
    ...pagingFromParams(params),
    ...daysOf(params),
    status: oneOf(PAYMENT_STATUSES, params.get('status')),
    gateway: gatewayOf(params.get('gateway')),
    packageId: idOf(params.get('packageId')),
    promoCode: PROMO.test(promoCode) ? promoCode : '',
    gradeId: idOf(params.get('gradeId')),
    city: (params.get('city') ?? '').trim().slice(0, 80),
  };
}

export function failureQueryFromParams(params: URLSearchParams): FailureQuery {
  return {
    ...pagingFromParams(params),
    ...daysOf(params),
    outcome: oneOf(PROBLEM_OUTCOMES, params.get('outcome')),
    gateway: gatewayOf(params.get('gateway')),
  };
}

export type QueryChange = Partial<
  Record<'page' | 'itemsPerPage' | keyof PaymentFilters | keyof FailureFilters, string>
>;

/** The URL after a change: anything but the page goes back to page 1; defaults are left out. */
export const applyQueryChange = (current: URLSearchParams, change: QueryChange) =>
  applyListChange(current, change);

export function filtersOf({ page: _page, limit: _limit, ...filters }: PaymentQuery): PaymentFilters {
  return filters;
}

/** True when any filter (not page or size) narrows the list. */
export const isFiltered = (query: PaymentQuery | FailureQuery) =>
  Object.entries(query).some(([key, value]) => key !== 'page' && key !== 'limit' && value !== '');

/** The trail a log page shows: /logs/{payment id}, or /logs/orphan?log={log id}. */
export function trailTargetOf(id: string, params: URLSearchParams): TrailTarget | null {
  if (UUID.test(id)) {
    return { id };
  }
  const log = params.get('log') ?? '';
  return /^[1-9]\d{0,15}$/.test(log) ? { log } : null;
}

export const ORPHAN_SEGMENT = 'orphan';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};
export const OUTCOME_LABELS: Record<ProblemOutcome, string> = {
  REJECTED: 'Rejected (bad signature)',
  SUSPICIOUS: 'Suspicious (amount or currency)',
  FAILED: 'Declined',
  EXPIRED: 'Expired',
};

const rupeeFormat = new Intl.NumberFormat('en-PK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRupees = (amount: number | null) =>
  amount === null ? '—' : `Rs ${rupeeFormat.format(amount)}`;

const pktFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PAYMENT_REPORT_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** 11 Mar 2026, 01:30 (Pakistan time, as the filters count days). */
export const pakistanTime = (iso: string | null) => (iso === null ? '—' : pktFormat.format(new Date(iso)));

/** 2026-03-10 20:30:05 UTC: the log trail is in UTC, as gateways report times. */
export const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
/** 11 Mar, for a YYYY-MM-DD day. */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** payments-2026-11-22.csv, today in Pakistan time. */
export function csvFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: PAYMENT_REPORT_TIME_ZONE }).format(now);
  return `payments-${DAY.test(day) ? day : 'export'}.csv`;
}
