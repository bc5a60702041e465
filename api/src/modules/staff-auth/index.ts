// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export type { StaffIdentity } from './staff-auth.service.js';
export { queueStaffResetLink } from './staff-password.service.js';
