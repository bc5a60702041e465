import type { ReactNode } from 'react';
import { Button } from './button';
import { isPastEnd } from './pagination-range';
import { Alert, LoadingBlock } from './surface';

/** The parts of a list query (TanStack Query) that ListStatus reads. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  /**
   * The rows, or a page of them; paged lists also carry their page numbers: a page past the end is
   * not an empty list.
   */
  data?:
    | readonly unknown[]
    | { data: readonly unknown[]; currentPage?: number; totalPages?: number }
    | undefined;
  refetch: () => unknown;
}

interface ListStatusProps {
  query: ListQuery;
  /** Shown while the first page loads, e.g. "Loading questions…". */
  loading: string;
  /** The error sentence, e.g. "The questions could not be loaded." */
  error: ReactNode;
  errorTestId?: string;
  /** Shown when the page came back with no rows. */
  empty: ReactNode;
  emptyTestId: string;
}

const isEmpty = (data: NonNullable<ListQuery['data']>) =>
  'data' in data ? data.data.length === 0 && !pastEnd(data) : data.length === 0;

const pastEnd = (data: { currentPage?: number; totalPages?: number }) =>
  data.currentPage !== undefined &&
  data.totalPages !== undefined &&
  isPastEnd({ currentPage: data.currentPage, totalPages: data.totalPages });

/**
 * Loading, error (with "Try again") and empty states of an admin list; the page renders the rows.
 * A page past the end is left to the pager, which offers the last page.
 */
export function ListStatus({ query, loading, error, errorTestId, empty, emptyTestId }: ListStatusProps) {
  return (
    <>
      {query.isPending ? <LoadingBlock label={loading} /> : null}
      {query.isError ? (
        <Alert tone="error" data-testid={errorTestId}>
          <p>{error}</p>
          <Button small variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {query.data !== undefined && isEmpty(query.data) ? (
        <p className="muted" data-testid={emptyTestId}>
          {empty}
        </p>
      ) : null}
    </>
  );
}
