import { describe, expect, it } from 'vitest';
import { applyStudentQueryChange, clearedFilters, queryFromParams } from './student-query';

describe('student list query', () => {
  it('reads paging and only the non-empty known filters from the URL', () => {
    const params = new URLSearchParams(
      'page=3&itemsPerPage=20&fullName=%20ali%20&city=&bogus=1&phase1Toppers=100&sort=fullName&dir=asc',
    );
    expect(queryFromParams(params)).toEqual({
      page: 3,
      limit: 20,
      sort: 'fullName',
      dir: 'asc',
      filters: { fullName: 'ali', phase1Toppers: '100' },
    });
  });

  it('defaults to page 1 of 50, newest sign-ups first, and falls back on an unknown sort', () => {
    const plain = { page: 1, limit: 50, sort: 'createdAt', dir: 'desc', filters: {} };
    expect(queryFromParams(new URLSearchParams())).toEqual(plain);
    expect(queryFromParams(new URLSearchParams('sort=passwordHash&dir=up'))).toEqual(plain);
  });

  it('keeps a chosen sort in the URL and leaves the default out', () => {
    const sorted = applyStudentQueryChange(new URLSearchParams('page=2'), { sort: 'fullName', dir: 'asc' });
    expect(sorted.toString()).toBe('sort=fullName&dir=asc');
    const back = applyStudentQueryChange(sorted, { sort: 'createdAt', dir: 'desc' });
    expect(back.toString()).toBe('');
  });

  it('goes back to page 1 when a filter changes and drops emptied filters', () => {
    const next = applyStudentQueryChange(new URLSearchParams('page=4&grade=g&fullName=ali'), {
      fullName: '',
      gender: 'OTHER',
    });
    expect(next.toString()).toBe('grade=g&gender=OTHER');
  });

  it('clears every filter but keeps the page size and the sort', () => {
    const next = clearedFilters(
      new URLSearchParams('itemsPerPage=100&page=2&grade=g&isActive=true&sort=fullName&dir=asc'),
    );
    expect(next.toString()).toBe('itemsPerPage=100&sort=fullName&dir=asc');
  });
});
