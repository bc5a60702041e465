import { rooms } from '@riyazi/api/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRoom } from '../../../shared/realtime/rooms';
import { type BulkUploadRun, bulkUploadKeys, fetchRun, fetchRuns } from './bulk-upload-api';

export const isFinished = (run: Pick<BulkUploadRun, 'status'> | undefined) =>
  run?.status === 'SUCCEEDED' || run?.status === 'FAILED' || run?.status === 'CANCELLED';

/**
 * One run as it goes: progress pushed to its job room, a REST resync after every join (a missed
 * event never leaves the bar stuck), and a slow poll in case the socket is down.
 */
export function useBulkRun(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: bulkUploadKeys.run(id ?? ''),
    queryFn: ({ signal }) => fetchRun(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (isFinished(q.state.data) ? false : 5000),
    meta: { silent: true },
  });
  useEffect(() => {
    if (id === null) {
      return undefined;
    }
    const key = bulkUploadKeys.run(id);
    return subscribeRoom(
      rooms.job(id),
      'job:progress',
      (event) => {
        if (event.jobId !== id) {
          return;
        }
        queryClient.setQueryData<BulkUploadRun>(key, (run) =>
          run && !isFinished(run) ? { ...run, status: event.status, progress: event.progress } : run,
        );
        if (event.status !== 'RUNNING') {
          void queryClient.invalidateQueries({ queryKey: key });
          void queryClient.invalidateQueries({ queryKey: [...bulkUploadKeys.root, 'list'] });
        }
      },
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [id, queryClient]);
  return query.data;
}

export function useBulkRuns(page: number) {
  return useQuery({
    queryKey: bulkUploadKeys.list(page),
    queryFn: ({ signal }) => fetchRuns(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Runs in progress move on their own: refresh the list while any is unfinished.
    refetchInterval: (q) => (q.state.data?.data.some((run) => !isFinished(run)) ? 3000 : false),
  });
}
