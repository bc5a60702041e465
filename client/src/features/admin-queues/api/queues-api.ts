import type { QueueSummaryList } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export const queueKeys = { summary: [ADMIN_KEY_ROOT, 'queues', 'summary'] as const };

/** Counts move while a contest runs: the page refreshes them every 10 s while it is open. */
export const QUEUE_REFRESH_MS = 10_000;

export function useQueueSummary() {
  return useQuery({
    queryKey: queueKeys.summary,
    queryFn: ({ signal }) => adminHttp.get<QueueSummaryList>('/admin/queues-summary', { signal }),
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** Sets the board's cookie (the staff session's own token, for the board's path only); returns its URL. */
export async function openQueueBoardSession(): Promise<string> {
  return (await adminHttp.post<{ url: string }>('/admin/queues-session')).url;
}
