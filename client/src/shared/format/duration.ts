/**
 * A time taken, as a stopwatch shows it: whole seconds elapsed, never rounded up (6,010 ms is
 * "0:06", 59,999 ms "0:59"). Every duration a student or admin reads (results, boards, attempts)
 * goes through here, so the same play reads the same everywhere. "1:05:09" past an hour.
 * The quiz's countdown is not a duration: it rounds up (quiz-timer.ts formatClock).
 */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
