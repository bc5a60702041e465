// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { idQuery, listResponse, messageResponse } from './reference-data.schemas.js';
