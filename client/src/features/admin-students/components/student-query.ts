import { STUDENT_FILTER_KEYS, type StudentFilterKey, type StudentFilterValues } from '@riyazi/api/contracts';
import { applyListChange, pagingFromParams } from '../../../shared/query/list-params';
import type { StudentListQuery } from '../api/students-api';

const MAX_FILTER_LENGTH = 120;

/** The filters the URL carries, trimmed, empty ones left out (spec §5: sent only when non-empty). */
export function filtersFromParams(params: URLSearchParams): StudentFilterValues {
  const filters: StudentFilterValues = {};
  for (const key of STUDENT_FILTER_KEYS) {
    const value = (params.get(key) ?? '').trim().slice(0, MAX_FILTER_LENGTH);
    if (value !== '') {
      filters[key] = value;
    }
  }
  return filters;
}

export function queryFromParams(params: URLSearchParams): StudentListQuery {
  return { ...pagingFromParams(params), filters: filtersFromParams(params) };
}

export type StudentQueryChange = Partial<Record<StudentFilterKey | 'page' | 'itemsPerPage', string>>;

/** The URL after a change: a filter change goes back to page 1, empty values are left out. */
export const applyStudentQueryChange = (current: URLSearchParams, change: StudentQueryChange) =>
  applyListChange(current, change);

/** Clears every filter, keeping the page size. */
export function clearedFilters(current: URLSearchParams): URLSearchParams {
  return applyListChange(current, Object.fromEntries(STUDENT_FILTER_KEYS.map((key) => [key, ''])));
}
