import {
  REPORT_KINDS,
  REPORT_ORDERS,
  REPORT_SORTS,
  type ReportFlag,
  type ReportOrder,
  type ReportSort,
} from '@riyazi/api/contracts';
import {
  applyListUrlChange,
  choiceField,
  dayField,
  defineListSchema,
  idField,
  isListFiltered,
  type ListChange,
  filtersOf as listFilters,
  orderedDays,
  readListQuery,
} from '../../../shared/admin-list';
import { datedCsvName } from '../../../shared/format/date-time';
import type { ReportFilters, ReportQuery } from '../api/question-report-api';

/** The report in the URL; the default sort (question number, low first) is left out of it. */
export const REPORT_LIST = defineListSchema(
  {
    phaseId: idField,
    gradeId: idField,
    categoryId: idField,
    kind: choiceField(REPORT_KINDS),
    from: dayField,
    to: dayField,
    sort: choiceField(REPORT_SORTS, 'questionNo'),
    order: choiceField(REPORT_ORDERS, 'asc'),
  },
  {
    refine: orderedDays,
    sortKeys: ['sort', 'order'],
    tidy: (next) => {
      if (next.get('sort') === 'questionNo' && next.get('order') !== 'desc') {
        next.delete('sort');
        next.delete('order');
      }
      return next;
    },
  },
);

export const queryFromParams = (params: URLSearchParams): ReportQuery => readListQuery(REPORT_LIST, params);

export type QueryChange = ListChange<ReportQuery>;

/** The URL after a change: anything but the page goes back to page 1; defaults are left out. */
export const applyQueryChange = (current: URLSearchParams, change: QueryChange) =>
  applyListUrlChange(REPORT_LIST, current, change);

/** Clicking a header: the same column flips its order; a new one starts high-first (number low-first). */
export function sortChange(query: { sort: ReportSort; order: ReportOrder }, column: ReportSort): QueryChange {
  if (query.sort === column) {
    return { sort: column, order: query.order === 'asc' ? 'desc' : 'asc' };
  }
  return { sort: column, order: column === 'questionNo' ? 'asc' : 'desc' };
}

export const filtersOf = (query: ReportQuery): ReportFilters => listFilters(query);

/** True when any filter (not page, size or sort) narrows the report. */
export const isFiltered = (query: ReportQuery) => isListFiltered(REPORT_LIST, query);

export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
export const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
export const signed = (value: number | null) =>
  value === null ? '—' : value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2);

export const FLAG_LABELS: Record<ReportFlag, { label: string; about: string }> = {
  NOBODY_CORRECT: { label: 'Nobody correct', about: 'Served 5+ times and never answered correctly' },
  EVERYBODY_CORRECT: { label: 'Everybody correct', about: 'Served 5+ times and always answered correctly' },
  NEGATIVE_DISCRIMINATION: {
    label: 'Negative D',
    about: 'Weaker students answer it correctly more often than stronger ones',
  },
  LOW_DISCRIMINATION: { label: 'Low D', about: 'D below 0.20: it barely separates strong and weak students' },
};

/** question-report-2026-11-22.csv, today in Pakistan time. */
export const csvFilename = (now = new Date()) => datedCsvName('question-report', now);
