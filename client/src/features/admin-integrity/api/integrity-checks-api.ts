import type {
  IntegrityOverrides,
  IntegrityPhaseSummary,
  IntegrityRunDto,
  IntegritySettingsDto,
} from '@riyazi/api/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import { integrityKeys } from './integrity-api';

/** The thresholds and phase checks (`/api/admin/integrity/settings`, `/phases`, `/phases/:id/run`). */
export const checksKeys = {
  settings: [...integrityKeys.root, 'settings'] as const,
  saveSettings: [...integrityKeys.root, 'settings', 'save'] as const,
  phases: [...integrityKeys.root, 'phases'] as const,
  run: (phaseId: string) => [...integrityKeys.root, 'run', phaseId] as const,
};

const RUN_POLL_MS = 2000;
const isRunning = (run: IntegrityRunDto | undefined) => run?.state === 'waiting' || run?.state === 'active';

export const useIntegritySettings = () =>
  useQuery({
    queryKey: checksKeys.settings,
    queryFn: ({ signal }) => adminHttp.get<IntegritySettingsDto>('/admin/integrity/settings', { signal }),
    meta: { silent: true },
  });

/** silent: the form shows the server's problems on its fields. */
export const useSaveIntegritySettings = () =>
  useToastMutation({
    mutationKey: checksKeys.saveSettings,
    mutationFn: (overrides: IntegrityOverrides) =>
      adminHttp.put<IntegritySettingsDto>('/admin/integrity/settings', overrides),
    success: () => 'Integrity thresholds saved. They apply to the next check.',
    invalidate: checksKeys.settings,
    silent: true,
  });

export const useIntegrityPhases = () =>
  useQuery({
    queryKey: checksKeys.phases,
    queryFn: async ({ signal }) =>
      (await adminHttp.get<{ data: IntegrityPhaseSummary[] }>('/admin/integrity/phases', { signal })).data,
    meta: { silent: true },
  });

/** A phase's check, polled while it waits or runs; the phase list is reread when it ends. */
export function usePhaseRun(phaseId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: checksKeys.run(phaseId),
    queryFn: async ({ signal }) => {
      const run = await adminHttp.get<IntegrityRunDto>(`/admin/integrity/phases/${phaseId}/run`, { signal });
      const before = queryClient.getQueryData<IntegrityRunDto>(checksKeys.run(phaseId));
      if (isRunning(before) && !isRunning(run)) {
        void queryClient.invalidateQueries({ queryKey: checksKeys.phases });
      }
      return run;
    },
    refetchInterval: (query) => (isRunning(query.state.data) ? RUN_POLL_MS : false),
    meta: { silent: true },
  });
}

/** Errors are shown beside the phase's button, not as a toast. */
export function useStartPhaseRun(phaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminHttp.post<IntegrityRunDto>(`/admin/integrity/phases/${phaseId}/run`),
    meta: { silent: true },
    onSuccess: (run) => queryClient.setQueryData(checksKeys.run(phaseId), run),
  });
}

export { isRunning };
