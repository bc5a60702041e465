import {
  isGatewayId,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PROBLEM_OUTCOMES,
  type ProblemOutcome,
} from '@riyazi/api/contracts';
import {
  applyListUrlChange,
  choiceField,
  dayField,
  defineListSchema,
  type FieldParser,
  idField,
  type ListChange,
  filtersOf as listFilters,
  orderedDays,
  readListQuery,
  textField,
} from '../../../shared/admin-list';
import { datedCsvName } from '../../../shared/format/date-time';
import type {
  FailureFilters,
  FailureQuery,
  PaymentFilters,
  PaymentQuery,
  TrailTarget,
} from '../api/payment-reports-api';

const PROMO = /^[A-Z0-9-]{3,32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A gateway id's shape (the api says which gateways exist). */
const gatewayField: FieldParser<string> = (raw) => (raw !== null && isGatewayId(raw) ? raw : '');

const promoField: FieldParser<string> = (raw) => {
  const code = (raw ?? '').trim().toUpperCase();
  return PROMO.test(code) ? code : '';
};

/** The payments report in the URL. */
export const PAYMENT_LIST = defineListSchema(
  {
    from: dayField,
    to: dayField,
    status: choiceField(PAYMENT_STATUSES),
    gateway: gatewayField,
    packageId: idField,
    promoCode: promoField,
    gradeId: idField,
    city: textField(80),
  },
  { refine: orderedDays },
);

/** The payment failures list in the URL. */
export const FAILURE_LIST = defineListSchema(
  { from: dayField, to: dayField, outcome: choiceField(PROBLEM_OUTCOMES), gateway: gatewayField },
  { refine: orderedDays },
);

export const paymentQueryFromParams = (params: URLSearchParams): PaymentQuery =>
  readListQuery(PAYMENT_LIST, params);

export const failureQueryFromParams = (params: URLSearchParams): FailureQuery =>
  readListQuery(FAILURE_LIST, params);

export type QueryChange = ListChange<PaymentFilters & FailureFilters>;

/** The URL after a change: anything but the page goes back to page 1; defaults are left out. */
export const applyQueryChange = (current: URLSearchParams, change: QueryChange) =>
  applyListUrlChange(PAYMENT_LIST, current, change);

export const filtersOf = (query: PaymentQuery): PaymentFilters => listFilters(query);

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
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};
export const OUTCOME_LABELS: Record<ProblemOutcome, string> = {
  REJECTED: 'Rejected (bad signature)',
  SUSPICIOUS: 'Suspicious (amount or currency)',
  FAILED: 'Declined',
  EXPIRED: 'Expired',
};

export { shortDay } from '../../../shared/format/date-time';
export { formatRupees } from '../../../shared/format/money';

/** payments-2026-11-22.csv, today in Pakistan time. */
export const csvFilename = (now = new Date()) => datedCsvName('payments', now);
