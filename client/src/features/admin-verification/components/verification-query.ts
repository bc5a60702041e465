import {
  applyListUrlChange,
  choiceField,
  defineListSchema,
  type ListChange,
  rawField,
  readListQuery,
  textField,
} from '../../../shared/admin-list';
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

const STATUSES = Object.keys(STATUS_LABELS) as VerificationStatus[];

/** The verification list in the URL (page, itemsPerPage, status, search, gradeId). */
export const VERIFICATION_LIST = defineListSchema({
  status: choiceField(STATUSES),
  search: textField(MAX_SEARCH_LENGTH),
  gradeId: rawField,
});

export const queryFromParams = (params: URLSearchParams): VerificationListQuery =>
  readListQuery(VERIFICATION_LIST, params);

export type QueryChange = ListChange<VerificationListQuery>;

/** The URL after a change: a filter change goes back to page 1; defaults and empty values are left out. */
export const applyQueryChange = (current: URLSearchParams, change: QueryChange) =>
  applyListUrlChange(VERIFICATION_LIST, current, change);
