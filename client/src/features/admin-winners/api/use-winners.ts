import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import {
  createWinnersAutomatically,
  fetchCandidate,
  fetchCutoffs,
  fetchNotifyPreview,
  fetchPhaseOptions,
  fetchWinners,
  notifyQualifiers,
  promoteStudent,
  removeWinner,
  saveCutoff,
  winnersKeys,
} from './winners-api';

export function usePhaseOptions() {
  return useQuery({ queryKey: winnersKeys.phases, queryFn: ({ signal }) => fetchPhaseOptions(signal) });
}

export function useWinners(phaseId: string, enabled: boolean) {
  return useQuery({
    queryKey: winnersKeys.list(phaseId),
    queryFn: ({ signal }) => fetchWinners(phaseId, signal),
    enabled: enabled && phaseId !== '',
    // Winners change by hand and are checked right after: never show a stale list.
    staleTime: 0,
  });
}

/** The screen shows "not found" itself. */
export function useCandidate(phaseId: string, studentNo: number | null) {
  return useQuery({
    queryKey: winnersKeys.candidate(phaseId, studentNo ?? 0),
    queryFn: ({ signal }) => fetchCandidate(phaseId, studentNo ?? 0, signal),
    enabled: phaseId !== '' && studentNo !== null,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useCutoffs(phaseId: string) {
  return useQuery({
    queryKey: winnersKeys.cutoffs(phaseId),
    queryFn: ({ signal }) => fetchCutoffs(phaseId, signal),
    enabled: phaseId !== '',
  });
}

function useRefreshWinners() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: winnersKeys.root });
}

/** Dialog errors (a wrong password) are shown in the dialog, not as a toast. */
export function usePromoteStudent() {
  const refresh = useRefreshWinners();
  return useMutation({
    mutationKey: winnersKeys.promote,
    mutationFn: promoteStudent,
    meta: { silent: true },
    onSuccess: refresh,
  });
}

export function useAutoWinners() {
  const refresh = useRefreshWinners();
  return useMutation({
    mutationKey: winnersKeys.auto,
    mutationFn: createWinnersAutomatically,
    meta: { silent: true },
    onSuccess: async (result) => {
      toast.success(result.message);
      await refresh();
    },
  });
}

export function useRemoveWinner() {
  const refresh = useRefreshWinners();
  return useMutation({
    mutationKey: winnersKeys.remove,
    mutationFn: removeWinner,
    meta: { silent: true },
    onSuccess: async () => {
      toast.success('Winner removed');
      await refresh();
    },
  });
}

export function useSaveCutoff() {
  const refresh = useRefreshWinners();
  return useMutation({
    mutationKey: winnersKeys.saveCutoff,
    mutationFn: saveCutoff,
    onSuccess: async () => {
      toast.success('Cut-off saved');
      await refresh();
    },
  });
}

/** Asked each time the confirm dialog opens: how many would be e-mailed now, or why not yet. */
export function useNotifyPreview(phaseId: string) {
  return useQuery({
    queryKey: winnersKeys.notifyPreview(phaseId),
    queryFn: ({ signal }) => fetchNotifyPreview(phaseId, signal),
    staleTime: 0,
    meta: { silent: true },
  });
}

/** A refusal (the phase is still running) is shown in the confirm dialog, not as a toast. */
export function useNotifyQualifiers() {
  const refresh = useRefreshWinners();
  return useMutation({
    mutationKey: winnersKeys.notify,
    mutationFn: notifyQualifiers,
    meta: { silent: true },
    onSettled: refresh,
    onSuccess: (result) => {
      toast.success(
        result.notified === 0
          ? 'Every qualifier has already been e-mailed'
          : `${result.notified} qualifier${result.notified === 1 ? '' : 's'} e-mailed about ${result.nextPhase.name}`,
      );
    },
  });
}
