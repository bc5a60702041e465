import type {
  FlaggedPlaysPage,
  PlayEvidence,
  ReviewDecisionBody,
  ReviewDecisionResult,
} from '@riyazi/api/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';

/** The queue's request as the page holds it: '' means "no filter". */
export interface QueueQuery {
  phaseId: string;
  gradeId: string;
  kind: string;
  decision: string;
  page: number;
  limit: number;
}

const root = [ADMIN_KEY_ROOT, 'integrity'] as const;
export const integrityKeys = {
  root,
  queue: (query: QueueQuery) => [...root, 'queue', query] as const,
  play: (id: string) => [...root, 'play', id] as const,
  decide: [...root, 'decide'] as const,
};

export function useFlaggedPlays(query: QueueQuery) {
  return useQuery({
    queryKey: integrityKeys.queue(query),
    queryFn: ({ signal }) =>
      adminHttp.get<FlaggedPlaysPage>('/admin/integrity/plays/', { query: withoutEmpty(query), signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function usePlayEvidence(id: string) {
  return useQuery({
    queryKey: integrityKeys.play(id),
    queryFn: async ({ signal }) =>
      (await adminHttp.get<{ data: PlayEvidence }>('/admin/integrity/play/', { query: { id }, signal })).data,
    meta: { silent: true },
  });
}

/** silent: the decision form shows its own error. */
export const useDecide = () =>
  useToastMutation({
    mutationKey: integrityKeys.decide,
    mutationFn: ({ id, body }: { id: string; body: ReviewDecisionBody }) =>
      adminHttp.post<ReviewDecisionResult>('/admin/integrity/play/decide/', body, { query: { id } }),
    success: (result) => result.message,
    invalidate: root,
    silent: true,
  });
