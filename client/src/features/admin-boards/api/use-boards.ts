import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { rebuildSummary } from '../components/board-status';
import {
  boardsKeys,
  fetchDisplaySettings,
  fetchPhaseOptions,
  fetchRankingStatus,
  freezeBoard,
  rebuildRankings,
  revealBoard,
  saveDisplaySettings,
} from './boards-api';

/** The status says "3 minutes ago" and other admins freeze boards too: look again now and then. */
const STATUS_REFRESH_MS = 30_000;

export function usePhaseOptions(enabled: boolean) {
  return useQuery({
    queryKey: boardsKeys.phases,
    queryFn: ({ signal }) => fetchPhaseOptions(signal),
    enabled,
  });
}

export function useRankingStatus(phaseId: string) {
  return useQuery({
    queryKey: boardsKeys.status(phaseId),
    queryFn: ({ signal }) => fetchRankingStatus(phaseId, signal),
    enabled: phaseId !== '',
    staleTime: 0,
    refetchInterval: STATUS_REFRESH_MS,
    meta: { silent: true },
  });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return (phaseId: string) => queryClient.invalidateQueries({ queryKey: boardsKeys.status(phaseId) });
}

/** Errors are toasted by the admin adapter (server message or "An error occurred"). */
export function useRebuildRankings() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationKey: boardsKeys.rebuild,
    mutationFn: rebuildRankings,
    onSuccess: async (result) => {
      toast.success(rebuildSummary(result));
      await refresh(result.phaseId);
    },
  });
}

/** The confirm dialog shows the error itself; a 409 means someone else acted first, so look again. */
export function useFreezeBoard() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationKey: boardsKeys.freeze,
    mutationFn: freezeBoard,
    meta: { silent: true },
    onSuccess: (response) => toast.success(response.message),
    onSettled: (_data, _error, phaseId) => refresh(phaseId),
  });
}

export function useRevealBoard() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationKey: boardsKeys.reveal,
    mutationFn: revealBoard,
    meta: { silent: true },
    onSuccess: (response) => toast.success(response.message),
    onSettled: (_data, _error, phaseId) => refresh(phaseId),
  });
}

export function useDisplaySettings() {
  return useQuery({
    queryKey: boardsKeys.display,
    queryFn: ({ signal }) => fetchDisplaySettings(signal),
    meta: { silent: true },
  });
}

/** Field problems are shown next to the fields; anything else is toasted by the admin adapter. */
export function useSaveDisplaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boardsKeys.saveDisplay,
    mutationFn: saveDisplaySettings,
    onSuccess: (response) => {
      toast.success(response.message);
      queryClient.setQueryData(boardsKeys.display, response.data);
    },
  });
}
