import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { errorMessage, SessionExpiredError } from '../shared/http/http-error';
import { type AppQueryMeta, isAdminKey, isStudentKey } from '../shared/query/query-meta';
import { toastError } from '../shared/ui/toasts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const QUERY_CACHE_STORAGE_KEY = 'riyazi-query-cache';

/** Spec §8: a failed admin call toasts the server's message. Done here, once, not in the http client. */
function toastAdminError(
  error: unknown,
  key: readonly unknown[] | undefined,
  meta: AppQueryMeta | undefined,
) {
  if (!isAdminKey(key) || meta?.silent === true || error instanceof SessionExpiredError) {
    return;
  }
  toastError(errorMessage(error));
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => toastAdminError(error, query.queryKey, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        toastAdminError(error, mutation.options.mutationKey, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 5 * MINUTE, gcTime: DAY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function createPersistOptions(): PersistQueryClientProviderProps['persistOptions'] {
  return {
    persister: createSyncStoragePersister({ storage: window.localStorage, key: QUERY_CACHE_STORAGE_KEY }),
    maxAge: DAY,
    dehydrateOptions: {
      // Back-office data and a student's own details (phones are shared) never go to plain localStorage.
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && !isAdminKey(query.queryKey) && !isStudentKey(query.queryKey),
    },
  };
}
