import {
  REPORT_KINDS,
  REPORT_ORDERS,
  REPORT_SORTS,
  type ReportFlag,
  type ReportOrder,
  type ReportSort,
} from '@riyazi/api/contracts';
import { applyListChange, idOf, oneOf, pagingFromParams } from '../../../shared/query/list-params';
import type { ReportFilters, ReportQuery } from '../api/question-report-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (value: string | null) => (value !== null && DAY.test(value) ? value : '');

/** The report state as the URL holds it; bad values fall back, so a mangled link still opens. */
export function queryFromParams(params: URLSearchParams): ReportQuery {
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  return {
    ...pagingFromParams(params),
    phaseId: idOf(params.get('phaseId')),
    gradeId: idOf(params.get('gradeId')),
    categoryId: idOf(params.get('categoryId')),
    kind: oneOf(REPORT_KINDS, params.get('kind')),
    from,
    // A range that ends before it starts keeps only its start.
    to: from !== '' && to !== '' && to < from ? '' : to,
    sort: oneOf(REPORT_SORTS, params.get('sort')) || 'questionNo',
    order: oneOf(REPORT_ORDERS, params.get('order')) || 'asc',
  };
}

export type QueryKeyName = 'page' | 'itemsPerPage' | keyof ReportFilters;
export type QueryChange = Partial<Record<QueryKeyName, string>>;

/** The URL after a change: anything but the page goes back to page 1; defaults are left out. */
export function applyQueryChange(current: URLSearchParams, change: QueryChange): URLSearchParams {
  const next = applyListChange(current, change);
  if (next.get('sort') === 'questionNo' && next.get('order') !== 'desc') {
    next.delete('sort');
    next.delete('order');
  }
  return next;
}

/** Clicking a header: the same column flips its order; a new one starts high-first (number low-first). */
export function sortChange(query: { sort: ReportSort; order: ReportOrder }, column: ReportSort): QueryChange {
  if (query.sort === column) {
    return { sort: column, order: query.order === 'asc' ? 'desc' : 'asc' };
  }
  return { sort: column, order: column === 'questionNo' ? 'asc' : 'desc' };
}

export function filtersOf({ page: _page, limit: _limit, ...filters }: ReportQuery): ReportFilters {
  return filters;
}

/** True when any filter (not page, size or sort) narrows the report. */
export function isFiltered(query: ReportQuery): boolean {
  const { sort: _sort, order: _order, ...filters } = filtersOf(query);
  return Object.values(filters).some((value) => value !== '');
}

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
export function csvFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(now);
  return `question-report-${DAY.test(day) ? day : 'export'}.csv`;
}
