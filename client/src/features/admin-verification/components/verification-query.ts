import { applyListChange, pagingFromParams } from '../../../shared/query/list-params';
import { PAGE_SIZES } from '../../../shared/ui/pagination-range';
import type { VerificationListQuery, VerificationStatus } from '../api/verification-api';

export { PAGE_SIZES };

const MAX_SEARCH_LENGTH = 120;

export const STATUS_FILTERS: readonly { value: VerificationStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'NOT_SUBMITTED', label: 'Not submitted' },
];

export const STATUS_LABELS: Record<VerificationStatus, string> = {
  NOT_SUBMITTED: 'Not submitted',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

function isStatus(value: string | null): value is VerificationStatus {
  return value !== null && value in STATUS_LABELS;
}

/** The list state as the URL holds it (page, itemsPerPage, status, search, gradeId); bad values fall back. */
export function queryFromParams(params: URLSearchParams): VerificationListQuery {
  const status = params.get('status');
  return {
    ...pagingFromParams(params),
    status: isStatus(status) ? status : '',
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    gradeId: params.get('gradeId') ?? '',
  };
}

export type QueryChange = Partial<Record<'page' | 'itemsPerPage' | 'status' | 'search' | 'gradeId', string>>;

/**
 * The URL after a change. A filter change goes back to page 1; defaults and empty values are left out,
 * so the plain list has a clean address.
 */
export function applyQueryChange(current: URLSearchParams, change: QueryChange): URLSearchParams {
  return applyListChange(current, change);
}
