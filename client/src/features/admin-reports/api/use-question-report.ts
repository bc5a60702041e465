import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CategoryOption,
  fetchOptions,
  fetchQuestionReport,
  type GradeOption,
  type PhaseOption,
  type ReportFilters,
  type ReportQuery,
  reportKeys,
} from './question-report-api';
import { useReportCsv } from './report-csv';

export function useQuestionReport(query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.page(query),
    queryFn: ({ signal }) => fetchQuestionReport(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Grades, phases and categories for the filters. */
export function useReportOptions() {
  const grades = useQuery({
    queryKey: reportKeys.options('grade'),
    queryFn: ({ signal }) => fetchOptions<GradeOption>('grade', signal),
  });
  const phases = useQuery({
    queryKey: reportKeys.options('phase'),
    queryFn: ({ signal }) => fetchOptions<PhaseOption>('phase', signal),
  });
  const categories = useQuery({
    queryKey: reportKeys.options('category'),
    queryFn: ({ signal }) => fetchOptions<CategoryOption>('category', signal),
  });
  return { grades: grades.data ?? [], phases: phases.data ?? [], categories: categories.data ?? [] };
}

/** Downloads the whole report (same filters and sort) as CSV. */
export const useCsvDownload = () => useReportCsv<ReportFilters>('/reports/questions/csv');
