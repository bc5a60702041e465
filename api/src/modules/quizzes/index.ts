// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { allocatePicked, allocatePool, type PoolCandidate } from './quiz-pool.js';
export { eligibleQuestions, pickedOf, rulesOf } from './quizzes.repository.js';
