import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isJobFinished, useJobProgress } from '../../../shared/jobs/use-job-progress';
import { bulkUploadKeys, fetchRun, fetchRuns } from './bulk-upload-api';

/** One run as it goes (see useJobProgress). */
export function useBulkRun(id: string | null) {
  return useJobProgress({
    id,
    queryKey: bulkUploadKeys.run,
    fetchJob: fetchRun,
    listKey: bulkUploadKeys.lists,
  });
}

export function useBulkRuns(page: number) {
  return useQuery({
    queryKey: bulkUploadKeys.list(page),
    queryFn: ({ signal }) => fetchRuns(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Runs in progress move on their own: refresh the list while any is unfinished.
    refetchInterval: (q) => (q.state.data?.data.some((run) => !isJobFinished(run)) ? 3000 : false),
  });
}
