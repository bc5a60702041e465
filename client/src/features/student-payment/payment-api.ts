import type {
  CheckoutResult,
  GatewayChoice,
  PaymentOptions,
  PaymentOrder,
  PromoCheck,
  RedeemCodeResult,
} from '@riyazi/api/contracts';
import { studentHttp } from '../../shared/http/clients';
import { STUDENT_KEY_ROOT } from '../../shared/query/query-meta';

export type { CheckoutResult, GatewayChoice, PaymentOptions, PaymentOrder, PromoCheck, RedeemCodeResult };

export const paymentKeys = {
  options: [STUDENT_KEY_ROOT, 'payment', 'options'] as const,
  order: (orderRef: string) => [STUDENT_KEY_ROOT, 'payment', 'order', orderRef] as const,
};

export const fetchPaymentOptions = async (signal?: AbortSignal) =>
  (await studentHttp.get<{ data: PaymentOptions }>('/payment/options', { signal })).data;

export const checkPromoCode = (input: { code: string; packageId: string }, signal?: AbortSignal) =>
  studentHttp.post<PromoCheck>('/payment/promo/check', input, { signal });

export const placeCheckout = (input: { packageId: string; gateway: GatewayChoice; promoCode?: string }) =>
  studentHttp.post<CheckoutResult>('/payment/checkout', input);

export const fetchOrder = async (orderRef: string, signal?: AbortSignal) =>
  (
    await studentHttp.get<{ data: PaymentOrder }>(`/payment/orders/${encodeURIComponent(orderRef)}`, {
      signal,
    })
  ).data;

export const confirmOrder = async (orderRef: string) =>
  (
    await studentHttp.post<{ data: PaymentOrder }>(
      `/payment/orders/${encodeURIComponent(orderRef)}/confirm`,
      {},
    )
  ).data;

/** Gives up a checkout left at the gateway (its promo code is free again); a later payment still counts. */
export const cancelOrder = async (orderRef: string) =>
  (
    await studentHttp.post<{ data: PaymentOrder }>(
      `/payment/orders/${encodeURIComponent(orderRef)}/cancel`,
      {},
    )
  ).data;

export const redeemAccessCode = (code: string) =>
  studentHttp.post<RedeemCodeResult>('/payment/redeem-code', { code });

/** Sends the browser to the gateway's hosted checkout with the signed fields (a real form post). */
export function goToGateway(redirect: Extract<CheckoutResult, { status: 'PENDING' }>['redirect']): void {
  const form = document.createElement('form');
  form.method = redirect.method;
  form.action = redirect.action;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export { formatRupees as formatPkr } from '../../shared/format/money';
