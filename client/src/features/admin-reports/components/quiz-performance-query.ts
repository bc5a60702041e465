import { REPORT_TIME_ZONE } from '@riyazi/api/contracts';
import { defineListSchema, idField } from '../../../shared/admin-list';

/** The report's filters in the URL (quiz, phase, grade). */
export const QUIZ_PERFORMANCE_LIST = defineListSchema({
  quizId: idField,
  phaseId: idField,
  gradeId: idField,
});

export const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
export const score = (value: number | null) => (value === null ? '—' : String(value));
export const binLabel = (bin: { from: number; to: number }) =>
  bin.from === bin.to ? String(bin.from) : `${bin.from}–${bin.to}`;

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** 2026-03-11 → "11 Mar" (the day is already a Pakistan day). */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** quiz-performance-2026-11-22.csv, today in Pakistan time. */
export function csvFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE }).format(now);
  return `quiz-performance-${/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : 'export'}.csv`;
}
