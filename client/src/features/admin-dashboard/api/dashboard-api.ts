import type { Dashboard } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export const dashboardKeys = { all: [ADMIN_KEY_ROOT, 'dashboard'] as const };

/** While a contest phase is open the figures move by the second: they are read again this often. */
export const LIVE_REFRESH_MS = 10_000;

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => adminHttp.get<Dashboard>('/admin/dashboard', { signal }),
    // Every visit reads the figures afresh; the cache only bridges the moment of opening.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.contestRunning ? LIVE_REFRESH_MS : false),
  });
}
