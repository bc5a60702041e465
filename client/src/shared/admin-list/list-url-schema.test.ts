import { describe, expect, it } from 'vitest';
import {
  applyListUrlChange,
  choiceField,
  clearedListChange,
  dayField,
  defineListSchema,
  idField,
  isListFiltered,
  orderedDays,
  readListQuery,
  sortChange,
  textField,
} from './list-url-schema';

const ID = '0b7e6a8e-3f55-4d8a-9a43-0a1f1b2c3d4e';
const LIST = defineListSchema(
  {
    search: textField(5),
    groupId: idField,
    subId: idField,
    kind: choiceField(['A', 'B'] as const),
    sort: choiceField(['name', 'size'] as const, 'name'),
  },
  { clears: { groupId: ['subId'] }, sortKeys: ['sort'] },
);

describe('list URL state', () => {
  it('reads each field and falls back to its default on a bad value', () => {
    const params = new URLSearchParams(
      `page=2&itemsPerPage=500&search=%20abcdefg&groupId=x&kind=C&sort=size`,
    );
    expect(readListQuery(LIST, params)).toEqual({
      page: 2,
      limit: 100,
      search: 'abcde',
      groupId: '',
      subId: '',
      kind: '',
      sort: 'size',
    });
  });

  it('goes back to page 1 on a filter change and clears the fields it names', () => {
    const current = new URLSearchParams(`page=3&groupId=${ID}&subId=${ID}`);
    expect(applyListUrlChange(LIST, current, { groupId: '' }).toString()).toBe('');
    expect(applyListUrlChange(LIST, current, { page: '4' }).get('page')).toBe('4');
  });

  it('leaves page 1 and the default page size out of the address', () => {
    const next = applyListUrlChange(LIST, new URLSearchParams('kind=A'), { page: '1', itemsPerPage: '50' });
    expect(next.toString()).toBe('kind=A');
  });

  it('names the page size as the page has always named it', () => {
    const attempts = defineListSchema({}, { sizeParam: 'limit', defaultSize: 25 });
    expect(readListQuery(attempts, new URLSearchParams('limit=10&itemsPerPage=99')).limit).toBe(10);
    expect(applyListUrlChange(attempts, new URLSearchParams('page=2'), { limit: '25' }).toString()).toBe('');
  });

  it('counts filters but not the sort, and clears filters keeping the size', () => {
    const query = readListQuery(LIST, new URLSearchParams('sort=size&itemsPerPage=20'));
    expect(isListFiltered(LIST, query)).toBe(false);
    expect(isListFiltered(LIST, { ...query, kind: 'B' })).toBe(true);
    const cleared = applyListUrlChange(
      LIST,
      new URLSearchParams('kind=A&itemsPerPage=20'),
      clearedListChange(LIST),
    );
    expect(cleared.toString()).toBe('itemsPerPage=20');
  });

  it('keeps only the start of a day range that ends before it starts', () => {
    expect(dayField('2026-3-1')).toBe('');
    expect(orderedDays({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ from: '2026-03-02', to: '' });
  });
});

describe('a sortable list in the URL', () => {
  const SORTED = defineListSchema(
    { search: textField(5) },
    {
      sort: {
        columns: ['name', 'createdAt'] as const,
        by: 'createdAt',
        dir: 'desc',
        startsDesc: ['createdAt'],
      },
    },
  );

  it('reads the sort and falls back to the default order on a column it does not know', () => {
    expect(readListQuery(SORTED, new URLSearchParams('sort=name&dir=asc'))).toMatchObject({
      sort: 'name',
      dir: 'asc',
    });
    expect(readListQuery(SORTED, new URLSearchParams('sort=password&dir=up'))).toMatchObject({
      sort: 'createdAt',
      dir: 'desc',
    });
  });

  it('turns a column round on a second click; a new column starts its own way; the default stays out of the URL', () => {
    const sort = SORTED.sort!;
    expect(sortChange(sort, { by: 'createdAt', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(sortChange(sort, { by: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(sortChange(sort, { by: 'name', dir: 'asc' }, 'createdAt')).toEqual({
      sort: 'createdAt',
      dir: 'desc',
    });
    const current = new URLSearchParams('page=3&search=ali');
    expect(applyListUrlChange(SORTED, current, { sort: 'name', dir: 'asc' }).toString()).toBe(
      'search=ali&sort=name&dir=asc',
    );
    expect(applyListUrlChange(SORTED, current, { sort: 'createdAt', dir: 'desc' }).toString()).toBe(
      'search=ali',
    );
  });

  it('counts neither sort as a filter, and clearing filters keeps the order', () => {
    expect(isListFiltered(SORTED, readListQuery(SORTED, new URLSearchParams('sort=name')))).toBe(false);
    const cleared = applyListUrlChange(
      SORTED,
      new URLSearchParams('search=ali&sort=name&dir=asc'),
      clearedListChange(SORTED),
    );
    expect(cleared.toString()).toBe('sort=name&dir=asc');
  });
});
