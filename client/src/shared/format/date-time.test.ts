import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateTime,
  formatDay,
  formatPreciseDateTime,
  formatShortDateTime,
} from './date-time';

describe('Pakistan time for staff', () => {
  it('writes a moment in Pakistan time (UTC+5), labelled, whatever the machine zone', () => {
    expect(formatDateTime('2026-03-10T20:30:00Z')).toBe('11 Mar 2026, 01:30 PKT');
    expect(formatShortDateTime('2026-03-10T20:30:00Z')).toBe('11 Mar, 01:30 PKT');
    expect(formatDay('2026-03-10T20:30:00Z')).toBe('11 Mar 2026');
    expect(formatPreciseDateTime('2026-03-10T20:30:05Z')).toBe('11 Mar 2026, 01:30:05 PKT');
    expect(formatClock('2026-03-10T20:30:05Z')).toBe('01:30:05 PKT');
  });

  it('writes a dash, or what it is told, for no moment', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(null, 'Never')).toBe('Never');
    expect(formatDay(null)).toBe('—');
  });
});
