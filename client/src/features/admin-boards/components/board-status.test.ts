import { describe, expect, it } from 'vitest';
import { formatDuration, rebuildSummary, relativeTime } from './board-status';

describe('formatDuration', () => {
  it('writes milliseconds, seconds or minutes as the size asks', () => {
    expect(formatDuration(85)).toBe('85 ms');
    expect(formatDuration(1240)).toBe('1.2 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
  });
});

describe('rebuildSummary', () => {
  it('counts students and the grades that have any', () => {
    const grades = [
      { gradeId: 'g3', rankedCount: 1, durationMs: 20 },
      { gradeId: 'g4', rankedCount: 0, durationMs: 5 },
    ];
    expect(rebuildSummary({ grades, ranked: 1, durationMs: 42 })).toBe(
      'Ranked 1 student in 1 grade in 42 ms',
    );
    expect(
      rebuildSummary({
        grades: [...grades, { gradeId: 'g5', rankedCount: 119, durationMs: 900 }],
        ranked: 120,
        durationMs: 1240,
      }),
    ).toBe('Ranked 120 students in 2 grades in 1.2 s');
  });

  it('says so when the phase has nothing to rank', () => {
    expect(rebuildSummary({ grades: [], ranked: 0, durationMs: 7 })).toBe(
      'Rankings rebuilt in 7 ms: no finished contest plays in this phase yet',
    );
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('says "just now" within the minute', () => {
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('just now');
  });

  it('picks the largest whole unit', () => {
    expect(relativeTime('2026-03-10T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-03-09T11:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-03-10T14:00:00Z', now)).toBe('in 2 hours');
  });
});
