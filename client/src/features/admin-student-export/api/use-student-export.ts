import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useJobProgress } from '../../../shared/jobs/use-job-progress';
import { fetchExportJob, fetchExports, fetchGradeTitles, studentExportKeys } from './student-export-api';

/** One export as it runs (see useJobProgress). */
export function useExportJob(id: string | null) {
  return useJobProgress({
    id,
    queryKey: studentExportKeys.job,
    fetchJob: fetchExportJob,
    listKey: studentExportKeys.lists,
    gcTime: 60_000,
  });
}

export function useExportList(page: number) {
  return useQuery({
    queryKey: studentExportKeys.list(page),
    queryFn: ({ signal }) => fetchExports(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Grade titles by id (offered grades only), for describing an export's filters. */
export function useGradeTitles() {
  return useQuery({
    queryKey: studentExportKeys.grades,
    queryFn: ({ signal }) => fetchGradeTitles(signal),
  });
}
