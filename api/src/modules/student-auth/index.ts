// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export * as studentAuthRepository from './student-auth.repository.js';
export { isProfileCompleted, loadAccount, type StudentDeps, toProfile } from './student-auth.service.js';
