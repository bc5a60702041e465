// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { type StudentFilters, studentFiltersSchema } from './student-filters.js';
export { applyStudentFilters } from './students-filters.repository.js';
