/** What workers use of payments (`@riyazi/api/payments`). */
export type { PaymentDeps } from './payment-deps.js';
export { reconcilePendingPayments } from './reconciliation.service.js';
