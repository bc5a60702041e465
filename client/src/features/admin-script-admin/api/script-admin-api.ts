import type { ScriptActionInfo, ScriptRunRequest, ScriptRunResult } from '@riyazi/api/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export interface PhaseChoice {
  _id: string;
  name: string;
}

const root = [ADMIN_KEY_ROOT, 'script-admin'] as const;

export function useScriptActions() {
  return useQuery({
    queryKey: [...root, 'actions'],
    queryFn: ({ signal }) =>
      adminHttp.get<{ data: ScriptActionInfo[] }>('/admin/script-admin/actions', { signal }),
  });
}

/** Every phase (a contest has a handful; the api pages at most 100). */
export function usePhaseChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...root, 'phases'],
    queryFn: async ({ signal }) =>
      (await adminHttp.get<{ data: PhaseChoice[] }>('/phase/detail/', { query: { limit: 100 }, signal }))
        .data,
    enabled,
  });
}

/** The screen shows the server's refusal itself (wrong password, bad parameter, already running). */
export function useRunScript() {
  return useMutation({
    mutationKey: [...root, 'run'],
    mutationFn: (body: ScriptRunRequest) => adminHttp.post<ScriptRunResult>('/admin/script-admin/run', body),
    meta: { silent: true },
  });
}
