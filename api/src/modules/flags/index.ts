// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { getFlags } from './flags.service.js';
