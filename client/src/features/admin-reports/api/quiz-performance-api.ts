import type { QuizPerformanceReport } from '@riyazi/api/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../shared/files/save-blob';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

/** The report's filters as the page holds them: '' means "all". */
export interface QuizPerformanceFilters {
  quizId: string;
  phaseId: string;
  gradeId: string;
}

const root = [ADMIN_KEY_ROOT, 'quiz-performance'] as const;
export const quizPerformanceKeys = {
  root,
  report: (filters: QuizPerformanceFilters) => [...root, filters] as const,
};

export function useQuizPerformance(filters: QuizPerformanceFilters) {
  return useQuery({
    queryKey: quizPerformanceKeys.report(filters),
    queryFn: ({ signal }) =>
      adminHttp.get<QuizPerformanceReport>('/reports/quiz-performance', {
        query: withoutEmpty(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Downloads the report as CSV (through the http client, so the bearer token goes with it). */
export function useQuizPerformanceCsv() {
  return useMutation({
    mutationFn: async ({ filters, filename }: { filters: QuizPerformanceFilters; filename: string }) => {
      const blob = await adminHttp.request<Blob>('GET', '/reports/quiz-performance.csv', {
        query: withoutEmpty(filters),
        responseType: 'blob',
      });
      saveBlob(blob, filename);
    },
    meta: { silent: true },
  });
}
