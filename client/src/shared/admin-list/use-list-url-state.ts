import type { SortDir } from '@riyazi/api/contracts';
import { useSearchParams } from 'react-router-dom';
import {
  applyListUrlChange,
  clearedListChange,
  type FieldParser,
  isListFiltered,
  type ListChange,
  type ListQuery,
  type ListSchema,
  readListQuery,
  sortChange,
} from './list-url-schema';

type Parsers = Record<string, FieldParser<string>>;

/** A filter control's value, its onChange and its test id. */
export interface BoundField {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'data-testid': string;
}

/** The pager's callbacks: a page number or a page size into the URL. */
export interface PagerWiring {
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** A sortable list's order and what a column header's click does. */
export interface SortState {
  by: string;
  dir: SortDir;
  /** A header's click: the same column turns round, another starts its own way. */
  onSort: (column: string) => void;
  /** A chosen order (the phone's sort menu). */
  onChoose: (column: string, dir: SortDir) => void;
}

/**
 * An admin list's state (page, page size, search, filters, sort) in the URL, read and written the one
 * way the schema says: bad values fall back to defaults, and a filter change goes back to page 1.
 */
export function useListUrlState<P extends Parsers>(schema: ListSchema<P>) {
  const [params, setParams] = useSearchParams();
  const query: ListQuery<P> = readListQuery(schema, params);
  const update = (change: ListChange<P>) =>
    setParams((current) => applyListUrlChange(schema, current, change));
  const sizeParam = schema.sizeParam ?? 'itemsPerPage';
  const pager: PagerWiring = {
    onPage: (page) => update({ page: String(page) } as ListChange<P>),
    onPageSize: (size) => update({ [sizeParam]: String(size) } as ListChange<P>),
  };
  const sortSchema = schema.sort;
  const { sort: by, dir } = query as unknown as { sort: string; dir: SortDir };
  const sort: SortState | null =
    sortSchema === undefined
      ? null
      : {
          by,
          dir,
          onSort: (column) => update(sortChange(sortSchema, { by, dir }, column) as ListChange<P>),
          onChoose: (column, chosen) => update({ sort: column, dir: chosen } as ListChange<P>),
        };
  return {
    params,
    query,
    update,
    pager,
    /** The order and header clicks of a sortable list (null for one the schema gives no sort). */
    sort,
    filtered: isListFiltered(schema, query),
    /** Clears every filter; the page size stays unless keepSize is false. */
    clear: (keepSize = true) =>
      update({ ...clearedListChange(schema), ...(keepSize ? {} : { [sizeParam]: '' }) }),
    /** Props for a filter control bound to one field. */
    bind: (key: keyof P & string, testId: string): BoundField => ({
      value: query[key],
      onChange: (event) => update({ [key]: event.target.value } as ListChange<P>),
      'data-testid': testId,
    }),
  };
}

export type ListUrlState<P extends Parsers> = ReturnType<typeof useListUrlState<P>>;
