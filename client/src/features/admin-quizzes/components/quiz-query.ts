import { describeSeconds } from '@riyazi/api/contracts';
import { applyListChange, idOf, oneOf, pagingFromParams } from '../../../shared/query/list-params';
import { QUIZ_KINDS, QUIZ_STATUSES, type QuizListQuery, type QuizRow } from '../api/quizzes-api';

/** The list state as the URL holds it; bad values fall back, so a mangled link still opens the list. */
export function queryFromParams(params: URLSearchParams): QuizListQuery {
  return {
    ...pagingFromParams(params),
    search: (params.get('search') ?? '').trim().slice(0, 100),
    kind: oneOf(QUIZ_KINDS, params.get('kind')),
    phaseId: idOf(params.get('phaseId')),
    gradeId: idOf(params.get('gradeId')),
    status: oneOf(QUIZ_STATUSES, params.get('status')),
  };
}

export type QueryChange = Partial<
  Record<'page' | 'itemsPerPage' | 'search' | 'kind' | 'phaseId' | 'gradeId' | 'status', string>
>;

/** The URL after a change: a filter change goes back to page 1; defaults and empties are left out. */
export function applyQueryChange(current: URLSearchParams, change: QueryChange): URLSearchParams {
  return applyListChange(current, change);
}

export function isFiltered(query: QuizListQuery): boolean {
  const { page: _page, limit: _limit, ...filters } = query;
  return Object.values(filters).some((value) => value !== '');
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "1 Dec 2026, 09:00 – 10 Dec 2026, 17:00", "From …", "Until …" or "Always open". */
export function describeWindow(row: Pick<QuizRow, 'opensAt' | 'closesAt'>): string {
  const opens = row.opensAt === null ? null : dateTime.format(new Date(row.opensAt));
  const closes = row.closesAt === null ? null : dateTime.format(new Date(row.closesAt));
  if (opens && closes) {
    return `${opens} – ${closes}`;
  }
  if (opens) {
    return `From ${opens}`;
  }
  return closes ? `Until ${closes}` : 'Always open';
}

/** "15 × 3 minutes" */
export const describeTiming = (row: Pick<QuizRow, 'questionCount' | 'secondsPerQuestion'>) =>
  `${row.questionCount} × ${describeSeconds(row.secondsPerQuestion)}`;
