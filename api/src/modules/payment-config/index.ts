// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { listActivePackages, loadGatewaySettings, missingSettings } from './payment-config.service.js';
