import { useQuery } from '@tanstack/react-query';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import { contestKeys, endContest, fetchPhaseContests, setResultsRelease } from './contest-api';
import { referenceKeys } from './reference-api';

/** Stages move with the clock (open → closing → closed): look again every half minute. */
const CONTEST_REFRESH_MS = 30_000;

export function usePhaseContests(enabled: boolean) {
  return useQuery({
    queryKey: contestKeys.all,
    queryFn: ({ signal }) => fetchPhaseContests(signal),
    enabled,
    staleTime: 0,
    refetchInterval: CONTEST_REFRESH_MS,
    meta: { silent: true },
  });
}

/** The dialog shows a refusal itself; the phases and their contests are re-read before the toast. */
export const useEndContest = () =>
  useToastMutation({
    mutationKey: contestKeys.end,
    mutationFn: endContest,
    success: (response) => response.message,
    invalidate: referenceKeys.root,
    silent: true,
  });

export const useResultsRelease = () =>
  useToastMutation({
    mutationKey: contestKeys.release,
    mutationFn: setResultsRelease,
    success: (response) => response.message,
    invalidate: referenceKeys.root,
    silent: true,
  });
