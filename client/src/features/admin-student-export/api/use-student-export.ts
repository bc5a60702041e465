import { rooms, type StudentExportJob } from '@riyazi/api/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRoom } from '../../../shared/realtime/rooms';
import { fetchExportJob, fetchExports, studentExportKeys } from './student-export-api';

const isDone = (job: StudentExportJob | undefined) =>
  job?.status === 'SUCCEEDED' || job?.status === 'FAILED' || job?.status === 'CANCELLED';

/**
 * One export as it runs: pushed progress from its job room, a REST resync after every join (a
 * missed event never leaves the bar stuck), and a slow poll in case the socket is down.
 */
export function useExportJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: studentExportKeys.job(id ?? ''),
    queryFn: ({ signal }) => fetchExportJob(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 60_000,
    refetchInterval: (q) => (isDone(q.state.data) ? false : 5000),
    meta: { silent: true },
  });
  useEffect(() => {
    if (id === null) {
      return undefined;
    }
    const key = studentExportKeys.job(id);
    return subscribeRoom(
      rooms.job(id),
      'job:progress',
      (event) => {
        if (event.jobId !== id) {
          return;
        }
        queryClient.setQueryData<StudentExportJob>(key, (job) =>
          job && !isDone(job) ? { ...job, status: event.status, progress: event.progress } : job,
        );
        if (event.status === 'SUCCEEDED' || event.status === 'FAILED') {
          void queryClient.invalidateQueries({ queryKey: key });
          void queryClient.invalidateQueries({ queryKey: [...studentExportKeys.root, 'list'] });
        }
      },
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [id, queryClient]);
  return query.data;
}

export function useExportList(page: number) {
  return useQuery({
    queryKey: studentExportKeys.list(page),
    queryFn: ({ signal }) => fetchExports(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
