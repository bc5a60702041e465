// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { type EncodedVariant, encodeImage } from './media.service.js';
