// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { certificateFileKey } from './certificates.run.js';
export { type RevocationCause, revokeUnearnedCertificates } from './certificates-admin.service.js';
