// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { countFailures } from './payment-failures.repository.js';
