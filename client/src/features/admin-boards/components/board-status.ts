import type { RebuildResult } from '../api/boards-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 85 → "85 ms", 1240 → "1.2 s", 65_000 → "1 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) {
    return `${Math.round(ms)} ms`;
  }
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(1)} s`;
  }
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The toast after a rebuild: "Ranked 120 students in 3 grades in 1.2 s". */
export function rebuildSummary(result: Pick<RebuildResult, 'grades' | 'ranked' | 'durationMs'>): string {
  const took = formatDuration(result.durationMs);
  if (result.ranked === 0) {
    return `Rankings rebuilt in ${took}: no finished contest plays in this phase yet`;
  }
  const grades = result.grades.filter((g) => g.rankedCount > 0).length;
  return `Ranked ${plural(result.ranked, 'student')} in ${plural(grades, 'grade')} in ${took}`;
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "3 minutes ago", "yesterday", "in 2 hours". */
export function relativeTime(iso: string, now: Date): string {
  const diff = new Date(iso).getTime() - now.getTime();
  if (Math.abs(diff) < 45_000) {
    return 'just now';
  }
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'minute') {
      return relativeFormat.format(Math.round(diff / size), unit);
    }
  }
  return 'just now';
}
