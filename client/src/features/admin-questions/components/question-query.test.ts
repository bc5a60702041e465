import { describe, expect, it } from 'vitest';
import { applyQueryChange, assetUrl, isFiltered, letteredOptions, queryFromParams } from './question-query';

const GRADE = '0b7e6a8e-3f55-4d8a-9a43-0a1f1b2c3d4e';
const CATEGORY = '1b7e6a8e-3f55-4d8a-9a43-0a1f1b2c3d4e';
const SUB = '2b7e6a8e-3f55-4d8a-9a43-0a1f1b2c3d4e';

describe('question list query', () => {
  it('reads every filter from the URL and drops bad values', () => {
    const params = new URLSearchParams(
      `page=3&itemsPerPage=500&search=%20sum%20&gradeId=${GRADE}&phaseId=nope&categoryId=${CATEGORY}&subCategoryId=${SUB}&tag=CONTEST&type=Open+Ended&status=Maybe&sort=grade&dir=sideways`,
    );
    expect(queryFromParams(params)).toEqual({
      page: 3,
      limit: 100,
      search: 'sum',
      gradeId: GRADE,
      phaseId: '',
      categoryId: CATEGORY,
      subCategoryId: SUB,
      tag: 'CONTEST',
      type: 'Open Ended',
      status: '',
      sort: 'grade',
      dir: 'desc',
    });
  });

  it('ignores a sub category without its category', () => {
    expect(queryFromParams(new URLSearchParams(`subCategoryId=${SUB}`)).subCategoryId).toBe('');
  });

  it('defaults to the first page of 50', () => {
    const query = queryFromParams(new URLSearchParams('page=0&itemsPerPage=abc'));
    expect(query).toMatchObject({ page: 1, limit: 50 });
    expect(isFiltered(query)).toBe(false);
    expect(isFiltered({ ...query, tag: 'BOTH' })).toBe(true);
  });

  it('resets the page on a filter change and the sub category on a category change', () => {
    const current = new URLSearchParams(`page=4&categoryId=${CATEGORY}&subCategoryId=${SUB}`);
    expect(applyQueryChange(current, { categoryId: '' }).toString()).toBe('');
    expect(applyQueryChange(current, { status: 'Active' }).toString()).toBe(
      `categoryId=${CATEGORY}&subCategoryId=${SUB}&status=Active`,
    );
    expect(applyQueryChange(current, { page: '5' }).get('page')).toBe('5');
    expect(applyQueryChange(current, { page: '1' }).has('page')).toBe(false);
    expect(applyQueryChange(current, { itemsPerPage: '50' }).has('itemsPerPage')).toBe(false);
  });
});

describe('question view helpers', () => {
  const option = (text: string) => ({ _id: text, text, textUrdu: null, image: null, isCorrect: false });

  it('letters the options that exist in slot order', () => {
    const lettered = letteredOptions({
      option1: option('a'),
      option2: null,
      option3: option('c'),
      option4: option('d'),
    });
    expect(lettered.map((o) => `${o.letter}:${o.option.text}`)).toEqual(['A:a', 'C:c', 'D:d']);
  });

  it('serves uploads from the api origin and leaves URLs alone', () => {
    expect(assetUrl('/uploads/q/1.png', 'https://api.example.pk')).toBe(
      'https://api.example.pk/uploads/q/1.png',
    );
    expect(assetUrl('/uploads/q/1.png', '')).toBe('/uploads/q/1.png');
    expect(assetUrl('https://cdn.example.pk/a.png', 'https://api.example.pk')).toBe(
      'https://cdn.example.pk/a.png',
    );
  });
});
