import {
  STUDENT_FILTER_KEYS,
  STUDENT_SORT_DEFAULT,
  STUDENT_SORTS,
  type StudentFilterKey,
  type StudentFilterValues,
} from '@riyazi/api/contracts';
import {
  applyListUrlChange,
  clearedListChange,
  defineListSchema,
  type FieldParser,
  type ListChange,
  readListQuery,
  textField,
} from '../../../shared/admin-list';
import type { StudentListQuery } from '../api/students-api';

const MAX_FILTER_LENGTH = 120;

/** The student list in the URL: every filter is text the api checks; newest sign-ups first by default. */
export const STUDENT_LIST = defineListSchema(
  Object.fromEntries(STUDENT_FILTER_KEYS.map((key) => [key, textField(MAX_FILTER_LENGTH)])) as Record<
    StudentFilterKey,
    FieldParser<string>
  >,
  {
    sort: {
      columns: STUDENT_SORTS,
      ...STUDENT_SORT_DEFAULT,
      startsDesc: ['createdAt', 'codeEntered', 'contestAttempts'],
    },
  },
);

/** The non-empty filters only (spec §5: sent only when non-empty). */
export function nonEmptyFilters(filters: Record<StudentFilterKey, string>): StudentFilterValues {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== ''),
  ) as StudentFilterValues;
}

type StudentListState = ReturnType<typeof readListQuery<(typeof STUDENT_LIST)['fields']>>;

/** The request of a list state: paging, order and the non-empty filters. */
export function studentQueryOf({ page, limit, sort, dir, ...filters }: StudentListState): StudentListQuery {
  return { page, limit, sort, dir, filters: nonEmptyFilters(filters) };
}

export const queryFromParams = (params: URLSearchParams): StudentListQuery =>
  studentQueryOf(readListQuery(STUDENT_LIST, params));

export type StudentQueryChange = ListChange<Record<StudentFilterKey | 'sort' | 'dir', string>>;

/** The URL after a change: a filter change goes back to page 1, empty values are left out. */
export const applyStudentQueryChange = (current: URLSearchParams, change: StudentQueryChange) =>
  applyListUrlChange(STUDENT_LIST, current, change);

/** Clears every filter, keeping the page size. */
export const clearedFilters = (current: URLSearchParams) =>
  applyListUrlChange(STUDENT_LIST, current, clearedListChange(STUDENT_LIST));
