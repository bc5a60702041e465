import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import {
  type Category,
  createItem,
  deleteItem,
  fetchList,
  type ListFilters,
  type ReferenceEndpoint,
  type RequestBody,
  referenceKeys,
  updateItem,
} from './reference-api';

export function useReferenceList<T>(endpoint: ReferenceEndpoint, filters: ListFilters) {
  return useQuery({
    queryKey: referenceKeys.list(endpoint, filters),
    queryFn: ({ signal }) => fetchList<T>(endpoint, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every category, for the sub category form (the api allows up to 100 a page). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: referenceKeys.options('category'),
    queryFn: ({ signal }) => fetchList<Category>('category', { page: 1, limit: 100, search: '' }, signal),
    select: (page) => page.data,
  });
}

function useReferenceMutation<TInput>(
  mutationKey: readonly unknown[],
  mutationFn: (input: TInput) => Promise<unknown>,
  successMessage: string,
  silent: boolean,
) {
  // Sub category rows carry their category's name, so every reference list is re-read.
  return useToastMutation({
    mutationKey,
    mutationFn,
    success: () => successMessage,
    invalidate: referenceKeys.root,
    silent,
  });
}

/** Form and delete errors are shown in their dialog; a failed switch falls back to the error toast. */
export function useReferenceMutations(endpoint: ReferenceEndpoint, noun: string) {
  return {
    create: useReferenceMutation(
      referenceKeys.change(endpoint, 'create'),
      (body: RequestBody) => createItem(endpoint, body),
      `${noun} added`,
      true,
    ),
    update: useReferenceMutation(
      referenceKeys.change(endpoint, 'update'),
      (input: { id: string; changes: RequestBody }) => updateItem(endpoint, input),
      `${noun} updated`,
      true,
    ),
    toggle: useReferenceMutation(
      referenceKeys.change(endpoint, 'update'),
      (input: { id: string; changes: RequestBody }) => updateItem(endpoint, input),
      `${noun} updated`,
      false,
    ),
    remove: useReferenceMutation(
      referenceKeys.change(endpoint, 'delete'),
      (id: string) => deleteItem(endpoint, id),
      `${noun} deleted`,
      true,
    ),
  };
}
