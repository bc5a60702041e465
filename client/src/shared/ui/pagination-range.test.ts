import { describe, expect, it } from 'vitest';
import { isPastEnd, pageSizeChoices, rangeLabel } from './pagination-range';

describe('pagination summary', () => {
  it('says which rows a page shows', () => {
    expect(rangeLabel(1, 50, 120)).toBe('1–50 of 120');
    expect(rangeLabel(3, 50, 120)).toBe('101–120 of 120');
    expect(rangeLabel(4, 50, 120)).toBe('Page 4 is empty');
    expect(rangeLabel(1, 50, 0, 'students')).toBe('No students');
  });

  it('keeps a page size that came from the URL', () => {
    expect(pageSizeChoices(50)).toEqual([10, 25, 50, 100]);
    expect(pageSizeChoices(30)).toEqual([10, 25, 30, 50, 100]);
  });
});

describe('a page past the end', () => {
  it('is a page after the last of a list that has rows, never a page of an empty list', () => {
    expect(isPastEnd({ currentPage: 99, totalPages: 4 })).toBe(true);
    expect(isPastEnd({ currentPage: 4, totalPages: 4 })).toBe(false);
    expect(isPastEnd({ currentPage: 3, totalPages: 0 })).toBe(false);
  });
});
