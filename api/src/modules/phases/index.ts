// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).

export { phaseSchema } from './phases.schemas.js';
export { findActiveContestPhase } from './phases.service.js';
