import { SORT_DIRS, type SortDefault, type SortDir } from '@riyazi/api/contracts';
import { DEFAULT_PAGE_SIZE, idOf, MAX_PAGE_SIZE, oneOf, positiveInt } from '../query/list-params';

/** Reads one URL parameter; a bad or missing value gives the field's default (usually '', no filter). */
export type FieldParser<T extends string> = (raw: string | null) => T;

/** Free text, trimmed and cut to max characters. */
export const textField =
  (max: number): FieldParser<string> =>
  (raw) =>
    (raw ?? '').trim().slice(0, max);

/** An id filter: a UUID, else ''. */
export const idField: FieldParser<string> = idOf;

/** Any value as it stands (the api checks it). */
export const rawField: FieldParser<string> = (raw) => raw ?? '';

/** One of values, else fallback ('' unless given). */
export function choiceField<T extends string>(values: readonly T[]): FieldParser<T | ''>;
export function choiceField<T extends string>(values: readonly T[], fallback: T): FieldParser<T>;
export function choiceField<T extends string>(values: readonly T[], fallback?: T): FieldParser<T | ''> {
  return (raw) => oneOf(values, raw) || (fallback ?? '');
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day, else ''. */
export const dayField: FieldParser<string> = (raw) => (raw !== null && DAY.test(raw) ? raw : '');

/** A from/to range that ends before it starts keeps only its start. */
export function orderedDays<F extends { from: string; to: string }>(filters: F): F {
  return filters.from !== '' && filters.to !== '' && filters.to < filters.from
    ? { ...filters, to: '' }
    : filters;
}

type Parsers = Record<string, FieldParser<string>>;
type Key<P> = keyof P & string;

/** The filter values a schema's parsers give. */
export type FiltersOf<P extends Parsers> = { [K in keyof P]: ReturnType<P[K]> };

/** A list's sortable columns (the api's whitelist) and its order when the URL names none. */
export interface ListSort<C extends string> extends SortDefault<C> {
  readonly columns: readonly C[];
  /** Columns whose first click sorts high to low (dates, counts); the others start A to Z. */
  readonly startsDesc?: readonly C[];
}

/** The sort and dir parameters a sortable list adds to its fields. */
export type SortParsers<C extends string> = { sort: FieldParser<C>; dir: FieldParser<SortDir> };

/** How one admin list keeps its state in the URL: each parameter's parser, and a few page rules. */
export interface ListSchema<P extends Parsers> {
  readonly fields: P;
  /** Sortable lists: ?sort=column&dir=asc|desc, the default order left out of the URL. */
  readonly sort?: ListSort<string>;
  /** Rules across fields after parsing (a sub category only under its category). */
  readonly refine?: (filters: FiltersOf<NoInfer<P>>) => FiltersOf<NoInfer<P>>;
  /** Fields that a change to a field also clears (a new category clears the sub category). */
  readonly clears?: { readonly [K in Key<NoInfer<P>>]?: readonly Key<NoInfer<P>>[] };
  /** Fields that order the list rather than narrow it: not counted by isFiltered. */
  readonly sortKeys?: readonly Key<NoInfer<P>>[];
  /** The page size parameter's name: itemsPerPage unless a page has always used another. */
  readonly sizeParam?: string;
  readonly defaultSize?: number;
  /** The last word on the next URL (e.g. the default sort is left out). */
  readonly tidy?: (next: URLSearchParams) => URLSearchParams;
}

export type ListQuery<P extends Parsers> = { page: number; limit: number } & FiltersOf<P>;

/** A change to the URL: filter values, page and page size as strings ('' clears). */
export type ListChange<F extends object> = Partial<
  Record<Key<F> | 'page' | 'itemsPerPage' | 'limit', string>
>;

type Rules<P extends Parsers> = Omit<ListSchema<P>, 'fields' | 'sort'>;

/**
 * A list's schema: its fields first (their parsers type the rest), then the page's rules. A sort
 * adds the sort and dir fields.
 */
export function defineListSchema<P extends Parsers>(fields: P, rules?: Rules<P>): ListSchema<P>;
export function defineListSchema<P extends Parsers, C extends string>(
  fields: P,
  rules: Rules<P> & { sort: ListSort<C> },
): ListSchema<P & SortParsers<C>>;
export function defineListSchema(
  fields: Parsers,
  rules: Rules<Parsers> & { sort?: ListSort<string> } = {},
): ListSchema<Parsers> {
  const { sort } = rules;
  return {
    ...rules,
    fields:
      sort === undefined
        ? fields
        : { ...fields, sort: choiceField(sort.columns, sort.by), dir: choiceField(SORT_DIRS, sort.dir) },
  };
}

/** The URL change of a click on a column's header: the same column turns round, another starts its way. */
export function sortChange(
  sort: ListSort<string>,
  current: { by: string; dir: SortDir },
  column: string,
): { sort: string; dir: SortDir } {
  if (current.by === column) {
    return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  }
  return { sort: column, dir: sort.startsDesc?.includes(column) ? 'desc' : 'asc' };
}

/** The default order is left out of the URL, so the plain list keeps a clean address. */
function withoutDefaultSort(sort: ListSort<string> | undefined, next: URLSearchParams): URLSearchParams {
  if (
    sort !== undefined &&
    (next.get('sort') ?? sort.by) === sort.by &&
    (next.get('dir') ?? sort.dir) === sort.dir
  ) {
    next.delete('sort');
    next.delete('dir');
  }
  return next;
}

type Paging = Pick<ListSchema<Parsers>, 'sizeParam' | 'defaultSize'>;
export const sizeParamOf = (schema: Paging) => schema.sizeParam ?? 'itemsPerPage';
const defaultSizeOf = (schema: Paging) => schema.defaultSize ?? DEFAULT_PAGE_SIZE;

/** The filters as the URL holds them; bad values fall back, so a mangled link still opens the list. */
export function readFilters<P extends Parsers>(schema: ListSchema<P>, params: URLSearchParams): FiltersOf<P> {
  const parsed = Object.fromEntries(
    Object.entries(schema.fields).map(([key, parse]) => [key, parse(params.get(key))]),
  ) as FiltersOf<P>;
  return schema.refine ? schema.refine(parsed) : parsed;
}

/** Page, page size and filters; bad paging falls back to page 1 and the default size. */
export function readListQuery<P extends Parsers>(
  schema: ListSchema<P>,
  params: URLSearchParams,
): ListQuery<P> {
  return {
    page: positiveInt(params.get('page'), 1),
    limit: positiveInt(params.get(sizeParamOf(schema)), defaultSizeOf(schema), MAX_PAGE_SIZE),
    ...readFilters(schema, params),
  };
}

/**
 * The URL after a change. A change that does not name the page goes back to page 1; empty values,
 * page 1 and the default page size are left out, so the plain list has a clean address.
 */
export function applyListUrlChange<P extends Parsers>(
  schema: ListSchema<P>,
  current: URLSearchParams,
  change: ListChange<P>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const cleared = Object.keys(change).flatMap((key) => schema.clears?.[key as Key<P>] ?? []);
  const entries: Record<string, string | undefined> = {
    ...('page' in change ? {} : { page: '' }),
    ...Object.fromEntries(cleared.map((key) => [key, ''])),
    ...change,
  };
  const sizeParam = sizeParamOf(schema);
  for (const [key, value = ''] of Object.entries(entries)) {
    const isDefault =
      value === '' ||
      (key === 'page' && value === '1') ||
      (key === sizeParam && value === String(defaultSizeOf(schema)));
    if (isDefault) {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  }
  const tidied = withoutDefaultSort(schema.sort, next);
  return schema.tidy ? schema.tidy(tidied) : tidied;
}

/** Every filter cleared; the page size and the sort stay. */
export function clearedListChange<P extends Parsers>(schema: ListSchema<P>): ListChange<P> {
  const filters = Object.keys(schema.fields).filter(
    (key) => !(schema.sort !== undefined && SORT_PARAMS.includes(key)),
  );
  return Object.fromEntries(filters.map((key) => [key, ''])) as ListChange<P>;
}

const SORT_PARAMS: readonly string[] = ['sort', 'dir'];

/** True when any filter (not page, size or sort) narrows the list. */
export function isListFiltered<P extends Parsers>(schema: ListSchema<P>, filters: FiltersOf<P>): boolean {
  return Object.keys(schema.fields).some(
    (key) =>
      !schema.sortKeys?.includes(key) &&
      !(schema.sort !== undefined && SORT_PARAMS.includes(key)) &&
      filters[key as Key<P>] !== '',
  );
}

/** The filters of a list query, without page and size. */
export function filtersOf<F extends object>({
  page: _page,
  limit: _limit,
  ...filters
}: F & { page: number; limit: number }): F {
  return filters as unknown as F;
}
