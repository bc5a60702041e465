import { Button } from './button';
import { isPastEnd, pageSizeChoices, rangeLabel } from './pagination-range';
import './pagination.css';

export interface PaginationProps {
  total: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** What the list holds, for the empty summary ('No students'). */
  noun?: string;
  testId?: string;
}

export function Pagination({
  total,
  currentPage,
  totalPages,
  itemsPerPage,
  onPage,
  onPageSize,
  noun,
  testId,
}: PaginationProps) {
  return (
    <nav className="pagination" aria-label="Pages" data-testid={testId}>
      <p className="muted" aria-live="polite">
        {rangeLabel(currentPage, itemsPerPage, total, noun)}
      </p>
      <div className="pagination__controls">
        <label className="pagination__size">
          <span>Per page</span>
          <select
            className="select"
            value={String(itemsPerPage)}
            onChange={(event) => onPageSize(Number(event.target.value))}
            data-testid={testId ? `${testId}-size` : undefined}
          >
            {pageSizeChoices(itemsPerPage).map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className="pagination__pages">
          <Button
            small
            variant="secondary"
            disabled={currentPage <= 1}
            onClick={() => onPage(currentPage - 1)}
          >
            Previous
          </Button>
          <span className="pagination__page">
            Page {currentPage} of {Math.max(totalPages, 1)}
          </span>
          <Button
            small
            variant="secondary"
            disabled={currentPage >= totalPages}
            onClick={() => onPage(currentPage + 1)}
          >
            Next
          </Button>
        </div>
      </div>
    </nav>
  );
}

type PageEnvelope = Pick<PaginationProps, 'total' | 'currentPage' | 'totalPages' | 'itemsPerPage'>;

/** Instead of an empty page past the end: says so, and offers the last page. */
function PastEnd({
  page,
  onPage,
  noun = 'results',
}: { page: PageEnvelope } & Pick<PaginationProps, 'onPage' | 'noun'>) {
  const pages = `${page.totalPages} page${page.totalPages === 1 ? '' : 's'}`;
  return (
    <div className="pagination-past-end" role="status" data-testid="list-past-end">
      <p>
        Page {page.currentPage} is past the end of the list: the {page.total} {noun} fill {pages}.
      </p>
      <Button small onClick={() => onPage(page.totalPages)}>
        Go to page {page.totalPages}
      </Button>
    </div>
  );
}

/**
 * Pagination under a list: nothing until the page has loaded, nor when the list is empty; a page
 * past the end offers the last page instead.
 */
export function ListPagination({
  page,
  ...rest
}: { page: PageEnvelope | undefined } & Omit<PaginationProps, keyof PageEnvelope>) {
  if (page !== undefined && isPastEnd(page)) {
    return <PastEnd page={page} onPage={rest.onPage} noun={rest.noun} />;
  }
  return page !== undefined && page.total > 0 ? (
    <Pagination
      total={page.total}
      currentPage={page.currentPage}
      totalPages={page.totalPages}
      itemsPerPage={page.itemsPerPage}
      {...rest}
    />
  ) : null;
}
