import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../shared/files/save-blob';
import {
  type CategoryOption,
  fetchOptions,
  fetchQuestionReport,
  fetchQuestionReportCsv,
  type GradeOption,
  type PhaseOption,
  type ReportFilters,
  type ReportQuery,
  reportKeys,
} from './question-report-api';

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

/** Downloads the CSV and hands it to the browser as a file. */
export function useCsvDownload() {
  return useMutation({
    mutationFn: async ({ filters, filename }: { filters: ReportFilters; filename: string }) => {
      const blob = await fetchQuestionReportCsv(filters);
      saveBlob(blob, filename);
    },
    meta: { silent: true },
  });
}
