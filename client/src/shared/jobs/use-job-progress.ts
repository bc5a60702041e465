import { type JobProgressEvent, rooms } from '@riyazi/api/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRoom } from '../realtime/rooms';

export type JobStatus = JobProgressEvent['status'];

/** Succeeded, failed or cancelled: nothing more will happen to the job. */
export const isJobFinished = (job: { status: JobStatus } | undefined) =>
  job?.status === 'SUCCEEDED' || job?.status === 'FAILED' || job?.status === 'CANCELLED';

const POLL_MS = 5000;

export interface JobProgressOptions<Job> {
  /** The job to follow; null follows none. */
  id: string | null;
  queryKey: (id: string) => QueryKey;
  fetchJob: (id: string, signal: AbortSignal) => Promise<Job>;
  /** Lists that show the job, refreshed when it leaves the running state (a constant: the socket rejoins when it changes). */
  listKey: QueryKey;
  gcTime?: number;
}

/**
 * One background job as it goes: progress pushed to its job room, a REST resync after every join (a
 * missed event never leaves the bar stuck), and a slow poll in case the socket is down.
 */
export function useJobProgress<Job extends { status: JobStatus; progress: number }>({
  id,
  queryKey,
  fetchJob,
  listKey,
  gcTime,
}: JobProgressOptions<Job>): Job | undefined {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKey(id ?? ''),
    queryFn: ({ signal }) => fetchJob(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    ...(gcTime === undefined ? {} : { gcTime }),
    refetchInterval: (q) => (isJobFinished(q.state.data) ? false : POLL_MS),
    meta: { silent: true },
  });
  useEffect(() => {
    if (id === null) {
      return undefined;
    }
    const key = queryKey(id);
    return subscribeRoom(
      rooms.job(id),
      'job:progress',
      (event) => {
        if (event.jobId !== id) {
          return;
        }
        queryClient.setQueryData<Job>(key, (job) =>
          job && !isJobFinished(job) ? { ...job, status: event.status, progress: event.progress } : job,
        );
        if (event.status !== 'RUNNING') {
          void queryClient.invalidateQueries({ queryKey: key });
          void queryClient.invalidateQueries({ queryKey: listKey });
        }
      },
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [id, queryClient, queryKey, listKey]);
  return query.data;
}
