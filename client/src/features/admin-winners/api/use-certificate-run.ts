import type { CertificateRun } from '@riyazi/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isJobFinished, useJobProgress } from '../../../shared/jobs/use-job-progress';
import { certificateRunKeys, fetchLatestRun, startCertificateRun } from './certificate-run-api';

/**
 * The phase's latest certificate run, followed live while it runs (progress pushed to its job room,
 * see useJobProgress); the finished run's counts come from a refetch when it leaves RUNNING.
 */
export function useCertificateRun(phaseId: string): {
  run: CertificateRun | null | undefined;
  failedToLoad: boolean;
} {
  const latest = useQuery({
    queryKey: certificateRunKeys.latest(phaseId),
    queryFn: ({ signal }) => fetchLatestRun(phaseId, signal),
    enabled: phaseId !== '',
    staleTime: 0,
  });
  const active = latest.data && !isJobFinished(latest.data) ? latest.data._id : null;
  // One run per phase at a time: the phase's latest run is the one followed.
  const fetchJob = useCallback(
    async (id: string, signal: AbortSignal) => {
      const run = await fetchLatestRun(phaseId, signal);
      if (run === null || run._id !== id) {
        throw new Error('The certificate run could not be found.');
      }
      return run;
    },
    [phaseId],
  );
  const job = useJobProgress({
    id: active,
    queryKey: certificateRunKeys.job,
    fetchJob,
    listKey: certificateRunKeys.root,
  });
  const run = job && job._id === active ? job : latest.data;
  return { run, failedToLoad: latest.isError };
}

/** Errors (a run already going: 409) are shown in the dialog, not as a toast; either way the run is reread. */
export function useStartCertificateRun(phaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startCertificateRun(phaseId),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateRunKeys.latest(phaseId) }),
  });
}
