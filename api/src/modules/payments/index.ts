// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { grantAttempts } from './attempt-grants.repository.js';
export type { GatewayModule, GatewaySettingSpec } from './gateways/gateway.js';
export {
  findGatewayModule,
  type GatewayPolicy,
  gatewayAllowed,
  gatewayModules,
  paymentGatewayChoices,
} from './gateways/registry.js';
export {
  expireStalePendingPayments,
  findStalePendingPayments,
  PAYMENT_EXPIRY_MS,
} from './reconciliation.service.js';
