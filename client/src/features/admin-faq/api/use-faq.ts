import { useQuery } from '@tanstack/react-query';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import {
  deleteEntry,
  deleteGroup,
  faqKeys,
  fetchAdminFaq,
  moveEntry,
  moveGroup,
  saveEntry,
  saveGroup,
  setPublished,
} from './faq-api';

export function useAdminFaq() {
  return useQuery({ queryKey: faqKeys.all, queryFn: ({ signal }) => fetchAdminFaq(signal) });
}

/** silent: forms and the delete dialogs show their own errors; moves and the publish switch toast. */
function useFaqMutation<TInput, TOutput>(
  mutationKey: readonly unknown[],
  mutationFn: (input: TInput) => Promise<TOutput>,
  success: (output: TOutput) => string,
  silent: boolean,
) {
  return useToastMutation({ mutationKey, mutationFn, success, invalidate: faqKeys.root, silent });
}

export const useSaveGroup = () =>
  useFaqMutation(faqKeys.saveGroup, saveGroup, (g) => `Group “${g.title}” saved`, true);
export const useMoveGroup = () =>
  useFaqMutation(faqKeys.moveGroup, moveGroup, (g) => `Group “${g.title}” moved`, false);
export const useDeleteGroup = () =>
  useFaqMutation(faqKeys.deleteGroup, deleteGroup, () => 'Group deleted', true);
export const useSaveEntry = () => useFaqMutation(faqKeys.saveEntry, saveEntry, () => 'Question saved', true);
export const usePublishEntry = () =>
  useFaqMutation(
    faqKeys.publish,
    setPublished,
    (e) => (e.isPublished ? 'Question published' : 'Question moved back to drafts'),
    false,
  );
export const useMoveEntry = () => useFaqMutation(faqKeys.moveEntry, moveEntry, () => 'Question moved', false);
export const useDeleteEntry = () =>
  useFaqMutation(faqKeys.deleteEntry, deleteEntry, () => 'Question deleted', true);
