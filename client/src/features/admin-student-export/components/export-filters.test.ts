import { describe, expect, it } from 'vitest';
import { describeExportFilters } from './export-filters';

describe('describeExportFilters', () => {
  const grades = new Map([['g4', 'Grade 4']]);

  it('names each filter and its value in words', () => {
    expect(
      describeExportFilters(
        {
          grade: 'g4',
          registeredThroughBulk: 'true',
          gender: 'FEMALE',
          phase1Toppers: '100',
          city: 'Lahore',
        },
        grades,
      ),
    ).toBe(
      'Grade: Grade 4, Registered through bulk upload: Yes, Gender: Female, Phase 1 toppers: Top 100, City: Lahore',
    );
  });

  it('says all students for no filter, and never shows a grade id', () => {
    expect(describeExportFilters({}, grades)).toBe('All students');
    expect(describeExportFilters({ grade: 'gone' }, grades)).toBe('Grade: a grade no longer offered');
    expect(describeExportFilters({ grade: 'g4' }, null)).toBe('Grade: …');
  });
});
