import { defineListSchema, idField } from '../../../shared/admin-list';
import { datedCsvName } from '../../../shared/format/date-time';

export { shortDay } from '../../../shared/format/date-time';
export { percent, seconds } from './report-query';

/** The report's filters in the URL (quiz, phase, grade). */
export const QUIZ_PERFORMANCE_LIST = defineListSchema({
  quizId: idField,
  phaseId: idField,
  gradeId: idField,
});

export const score = (value: number | null) => (value === null ? '—' : String(value));
export const binLabel = (bin: { from: number; to: number }) =>
  bin.from === bin.to ? String(bin.from) : `${bin.from}–${bin.to}`;

/** quiz-performance-2026-11-22.csv, today in Pakistan time. */
export const csvFilename = (now = new Date()) => datedCsvName('quiz-performance', now);
