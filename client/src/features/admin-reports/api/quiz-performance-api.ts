import type { QuizPerformanceReport } from '@riyazi/api/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import { useReportCsv } from './report-csv';

/** The report's filters as the page holds them: '' means "all". */
export type QuizPerformanceFilters = Record<'quizId' | 'phaseId' | 'gradeId', string>;

export function useQuizPerformance(filters: QuizPerformanceFilters) {
  return useQuery({
    queryKey: [ADMIN_KEY_ROOT, 'quiz-performance', filters],
    queryFn: ({ signal }) =>
      adminHttp.get<QuizPerformanceReport>('/reports/quiz-performance', {
        query: withoutEmpty(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export const useQuizPerformanceCsv = () =>
  useReportCsv<QuizPerformanceFilters>('/reports/quiz-performance.csv');
