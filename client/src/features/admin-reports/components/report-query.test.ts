import { describe, expect, it } from 'vitest';
import { applyQueryChange, csvFilename, queryFromParams, signed, sortChange } from './report-query';

const GRADE = '0b6a7c9e-1d2f-4a3b-8c4d-5e6f7a8b9c0d';

describe('the report URL', () => {
  it('reads filters and falls back on bad values', () => {
    const query = queryFromParams(
      new URLSearchParams(
        `gradeId=${GRADE}&phaseId=nope&kind=QUIZ&from=2026-03-01&to=2026-02-01&sort=x&page=0`,
      ),
    );
    expect(query).toEqual({
      page: 1,
      limit: 50,
      gradeId: GRADE,
      phaseId: '',
      categoryId: '',
      kind: '',
      from: '2026-03-01',
      to: '',
      sort: 'questionNo',
      order: 'asc',
    });
  });

  it('goes back to page 1 on a filter change and leaves defaults out', () => {
    const next = applyQueryChange(new URLSearchParams('page=3&kind=CONTEST'), { kind: '', gradeId: GRADE });
    expect(next.toString()).toBe(`gradeId=${GRADE}`);
    expect(applyQueryChange(new URLSearchParams('kind=CONTEST'), { page: '2' }).toString()).toBe(
      'kind=CONTEST&page=2',
    );
  });

  it('flips the order of the sorted column and starts a new column high-first', () => {
    expect(sortChange({ sort: 'served', order: 'desc' }, 'served')).toEqual({ sort: 'served', order: 'asc' });
    expect(sortChange({ sort: 'served', order: 'asc' }, 'discrimination')).toEqual({
      sort: 'discrimination',
      order: 'desc',
    });
    expect(sortChange({ sort: 'served', order: 'desc' }, 'questionNo')).toEqual({
      sort: 'questionNo',
      order: 'asc',
    });
  });
});

describe('formatting', () => {
  it('signs the discrimination index', () => {
    expect(signed(0.5)).toBe('+0.50');
    expect(signed(-0.25)).toBe('-0.25');
    expect(signed(null)).toBe('—');
  });

  it('names the CSV by the day in Pakistan', () => {
    expect(csvFilename(new Date('2026-03-10T19:30:00Z'))).toBe('question-report-2026-03-11.csv');
  });
});
