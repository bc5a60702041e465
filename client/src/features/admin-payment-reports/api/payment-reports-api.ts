import type {
  PaymentFailureOptions,
  PaymentFailurePage,
  PaymentGatewayName,
  PaymentLogTrail,
  PaymentReportOptions,
  PaymentReportPage,
  PaymentStatus,
  ProblemOutcome,
} from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

/** The payments report request as the page holds it: '' means "no filter" and is left out of the query. */
export interface PaymentFilters {
  from: string;
  to: string;
  status: PaymentStatus | '';
  gateway: PaymentGatewayName | '';
  packageId: string;
  promoCode: string;
  gradeId: string;
  city: string;
}
export interface PaymentQuery extends PaymentFilters {
  page: number;
  limit: number;
}

export interface FailureFilters {
  from: string;
  to: string;
  outcome: ProblemOutcome | '';
  gateway: PaymentGatewayName | '';
}
export interface FailureQuery extends FailureFilters {
  page: number;
  limit: number;
}

/** A payment's trail, or the trail of one log (an orphan log names no payment). */
export type TrailTarget = { id: string } | { log: string };

const root = [ADMIN_KEY_ROOT, 'payment-reports'] as const;
export const paymentReportKeys = {
  root,
  payments: (query: PaymentQuery) => [...root, 'payments', query] as const,
  options: () => [...root, 'options'] as const,
  failureOptions: () => [...root, 'failure-options'] as const,
  failures: (query: FailureQuery) => [...root, 'failures', query] as const,
  trail: (target: TrailTarget) => [...root, 'trail', target] as const,
};

export function fetchPaymentReport(query: PaymentQuery, signal?: AbortSignal) {
  return adminHttp.get<PaymentReportPage>('/admin/reports/payments/', { query: withoutEmpty(query), signal });
}

/** Every filtered payment as CSV, through the http client so the bearer token goes with it. */
export function fetchPaymentCsv(filters: PaymentFilters): Promise<Blob> {
  return adminHttp.request<Blob>('GET', '/admin/reports/payments/export/', {
    query: withoutEmpty(filters),
    responseType: 'blob',
  });
}

export function fetchPaymentOptions(signal?: AbortSignal) {
  return adminHttp.get<PaymentReportOptions>('/admin/reports/payments/options/', { signal });
}

export function fetchFailureOptions(signal?: AbortSignal) {
  return adminHttp.get<PaymentFailureOptions>('/admin/reports/payment-failures/options/', { signal });
}

export function fetchPaymentFailures(query: FailureQuery, signal?: AbortSignal) {
  return adminHttp.get<PaymentFailurePage>('/admin/reports/payment-failures/', {
    query: withoutEmpty(query),
    signal,
  });
}

export function fetchPaymentTrail(target: TrailTarget, signal?: AbortSignal) {
  return adminHttp.get<PaymentLogTrail>('/admin/reports/payment-failures/logs/', { query: target, signal });
}

export type PaymentAction = 'cancel' | 'mark-paid' | 'refund';

export interface PaymentActionResult {
  data: {
    _id: string;
    orderRef: string;
    status: string;
    contestAttempts?: number;
    attemptsReverted?: number;
  };
  message: string;
}

/** Staff settle a payment by hand (paymentTransactions:update), with the reason kept in the audit log. */
export function postPaymentAction(action: PaymentAction, id: string, reason: string) {
  return adminHttp.post<PaymentActionResult>(`/admin/payments/${action}/`, { reason }, { query: { id } });
}
