// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { failedMailSince, queueMail, resendFailedMail } from './mail.service.js';
