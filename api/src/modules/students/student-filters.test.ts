import { describe, expect, it } from 'vitest';
import { STUDENT_FILTER_KEYS } from '../../contracts/students.js';
import { pakistanDayStart } from '../../lib/time.js';
import { studentFiltersSchema } from './student-filters.js';

describe('studentFiltersSchema', () => {
  it('knows exactly the filter names the client sends', () => {
    expect(Object.keys(studentFiltersSchema.shape).sort()).toEqual([...STUDENT_FILTER_KEYS].sort());
  });

  it('coerces query strings and treats empty values as absent', () => {
    const parsed = studentFiltersSchema.parse({
      studentId: '100001',
      isActive: 'false',
      contestPlayed: '2',
      practicePlayed: 'true',
      phase2Toppers: '20',
      phone: '0300-123',
      fullName: '',
    });
    expect(parsed).toMatchObject({
      studentId: 100001,
      isActive: false,
      contestPlayed: 2,
      practicePlayed: true,
      phase2Toppers: 20,
      phone: '0300123',
    });
    expect(parsed.fullName).toBeUndefined();
  });

  it('refuses toppers cuts the spec does not offer', () => {
    expect(studentFiltersSchema.safeParse({ phase1Toppers: '50' }).success).toBe(false);
    expect(studentFiltersSchema.safeParse({ phase2Toppers: '100' }).success).toBe(false);
  });

  it('starts a day at midnight Pakistan time', () => {
    expect(pakistanDayStart('2026-11-02').toISOString()).toBe('2026-11-01T19:00:00.000Z');
    expect(pakistanDayStart('2026-11-02', 1).toISOString()).toBe('2026-11-02T19:00:00.000Z');
  });
});
