// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { currentPolicyVersions } from './site-pages.service.js';
