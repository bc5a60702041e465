import { describe, expect, it } from 'vitest';
import { applyStudentQueryChange, clearedFilters, queryFromParams } from './student-query';

describe('student list query', () => {
  it('reads paging and only the non-empty known filters from the URL', () => {
    const params = new URLSearchParams(
      'page=3&itemsPerPage=20&fullName=%20ali%20&city=&bogus=1&phase1Toppers=100',
    );
    expect(queryFromParams(params)).toEqual({
      page: 3,
      limit: 20,
      filters: { fullName: 'ali', phase1Toppers: '100' },
    });
  });

  it('defaults to page 1 of 50', () => {
    expect(queryFromParams(new URLSearchParams())).toEqual({ page: 1, limit: 50, filters: {} });
  });

  it('goes back to page 1 when a filter changes and drops emptied filters', () => {
    const next = applyStudentQueryChange(new URLSearchParams('page=4&grade=g&fullName=ali'), {
      fullName: '',
      gender: 'OTHER',
    });
    expect(next.toString()).toBe('grade=g&gender=OTHER');
  });

  it('clears every filter but keeps the page size', () => {
    const next = clearedFilters(new URLSearchParams('itemsPerPage=100&page=2&grade=g&isActive=true'));
    expect(next.toString()).toBe('itemsPerPage=100');
  });
});
