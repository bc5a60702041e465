import type { QuestionReportPage, ReportKind, ReportOrder, ReportSort } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

/** The report request as the page holds it: '' means "no filter" and is left out of the query. */
export interface ReportFilters {
  phaseId: string;
  gradeId: string;
  categoryId: string;
  kind: ReportKind | '';
  from: string;
  to: string;
  sort: ReportSort;
  order: ReportOrder;
}
export interface ReportQuery extends ReportFilters {
  page: number;
  limit: number;
}

interface ListPage<T> {
  data: T[];
}
export interface GradeOption {
  _id: string;
  title: string;
}
export interface PhaseOption {
  _id: string;
  name: string;
}
export interface CategoryOption {
  _id: string;
  name: string;
}
export type OptionEndpoint = 'grade' | 'phase' | 'category';

const root = [ADMIN_KEY_ROOT, 'question-report'] as const;
export const reportKeys = {
  root,
  page: (query: ReportQuery) => [...root, 'page', query] as const,
  options: (endpoint: OptionEndpoint) => [...root, 'options', endpoint] as const,
};

export function fetchQuestionReport(query: ReportQuery, signal?: AbortSignal) {
  return adminHttp.get<QuestionReportPage>('/reports/questions/', { query: withoutEmpty(query), signal });
}

/** Every row of a reference list (the api allows 100 a page, more than the platform has). */
export async function fetchOptions<T>(endpoint: OptionEndpoint, signal?: AbortSignal): Promise<T[]> {
  return (
    await adminHttp.get<ListPage<T>>(`/${endpoint}/detail/`, { query: { page: 1, limit: 100 }, signal })
  ).data;
}
