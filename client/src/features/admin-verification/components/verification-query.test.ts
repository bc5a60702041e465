import { describe, expect, it } from 'vitest';
import { applyQueryChange, queryFromParams } from './verification-query';

const params = (search: string) => new URLSearchParams(search);

describe('verification list query', () => {
  it('defaults to every submitted student, page 1, 50 a page', () => {
    expect(queryFromParams(params(''))).toEqual({ page: 1, limit: 50, status: '', search: '', gradeId: '' });
  });

  it('reads page, itemsPerPage and the filters from the URL', () => {
    expect(
      queryFromParams(params('page=3&itemsPerPage=25&status=REJECTED&search=%20ali%20&gradeId=g1')),
    ).toEqual({ page: 3, limit: 25, status: 'REJECTED', search: 'ali', gradeId: 'g1' });
  });

  it('ignores an unknown status, a bad page and caps the page size at 100', () => {
    expect(queryFromParams(params('status=LOST&page=-2&itemsPerPage=5000'))).toMatchObject({
      page: 1,
      limit: 100,
      status: '',
    });
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(applyQueryChange(params('page=4&status=PENDING'), { status: 'APPROVED' }).toString()).toBe(
      'status=APPROVED',
    );
  });

  it('keeps the filters when only the page changes', () => {
    expect(applyQueryChange(params('status=PENDING'), { page: '2' }).toString()).toBe(
      'status=PENDING&page=2',
    );
  });

  it('leaves defaults and empty values out of the address', () => {
    const next = applyQueryChange(params('search=ali&itemsPerPage=25&page=2'), {
      search: '',
      itemsPerPage: '50',
    });
    expect(next.toString()).toBe('');
  });
});
