import { describe, expect, it } from 'vitest';
import { fromLocalInput, pakistanInputDate, toLocalInput } from './local-input';

describe('datetime-local values in Pakistan time', () => {
  it('reads the typed time as Pakistan time (UTC+5), whatever the machine zone', () => {
    expect(fromLocalInput('2026-03-10T18:30')).toBe('2026-03-10T13:30:00.000Z');
    expect(toLocalInput('2026-03-10T20:30:00Z')).toBe('2026-03-11T01:30');
  });

  it('round-trips an instant through the input', () => {
    const iso = '2026-11-01T04:05:00.000Z';
    expect(toLocalInput(iso)).toBe('2026-11-01T09:05');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('treats an empty box as none, and nonsense or a missing day as invalid', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('  ')).toBeNull();
    expect(pakistanInputDate('  ')).toBeNull();
    expect(pakistanInputDate('tomorrow')?.getTime()).toBeNaN();
    expect(pakistanInputDate('2026-02-31T10:00')?.getTime()).toBeNaN();
    expect(fromLocalInput('2026-02-31T10:00')).toBeNull();
  });
});
