// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { type FlagsChange, getFlags, getVersionedFlags, saveFlags } from './flags.service.js';
