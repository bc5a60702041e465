import { describe, expect, it } from 'vitest';
import { studentFiltersSchema } from '#modules/students';
import { filtersToParams } from './student-export.service.js';

describe('filtersToParams', () => {
  it('stores the filters so the worker parses them back to the same filters', () => {
    const filters = studentFiltersSchema.parse({
      grade: '3f1c1a5e-1111-4222-8333-944444444444',
      isActive: 'false',
      contestPlayed: '2',
      practicePlayed: 'true',
      phone: '0300-123',
      fullName: '',
    });
    const params = filtersToParams(filters);
    expect(params).toEqual({
      grade: '3f1c1a5e-1111-4222-8333-944444444444',
      isActive: 'false',
      contestPlayed: '2',
      practicePlayed: 'true',
      phone: '0300123',
    });
    expect(studentFiltersSchema.parse(params)).toEqual(filters);
  });
});
