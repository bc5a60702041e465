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
  return {
    params,
    query,
    update,
    pager,
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
