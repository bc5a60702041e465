// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { documentStore, isDocumentKey } from './document-files.js';
export { documentSchema } from './documents.routes.js';
export { toDocumentDto } from './documents.service.js';
