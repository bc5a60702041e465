import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { errorMessage } from '../../../shared/http/http-error';
import {
  addToVerificationList,
  type Decision,
  decideVerification,
  fetchDocumentFile,
  fetchGradeOptions,
  fetchVerification,
  fetchVerificationPage,
  type VerificationDetail,
  type VerificationListQuery,
  verificationKeys,
  verifyEmailOnBehalf,
} from './verification-api';

export function useVerificationPage(query: VerificationListQuery) {
  return useQuery({
    queryKey: verificationKeys.list(query),
    queryFn: ({ signal }) => fetchVerificationPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVerification(id: string) {
  return useQuery({
    queryKey: verificationKeys.detail(id),
    queryFn: ({ signal }) => fetchVerification(id, signal),
    // A decision made by a colleague a minute ago matters here.
    staleTime: 0,
  });
}

export function useGradeOptions() {
  return useQuery({
    queryKey: verificationKeys.grades,
    queryFn: ({ signal }) => fetchGradeOptions(signal),
    meta: { silent: true },
  });
}

/** Documents can be 5 MB: they leave the cache a minute after the page closes. */
export function useDocumentFile(documentId: string, enabled = true) {
  return useQuery({
    queryKey: verificationKeys.document(documentId),
    queryFn: ({ signal }) => fetchDocumentFile(documentId, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

function useStoreChange() {
  const queryClient = useQueryClient();
  return async (data: VerificationDetail) => {
    queryClient.setQueryData(verificationKeys.detail(data._id), data);
    await queryClient.invalidateQueries({ queryKey: verificationKeys.lists });
  };
}

/** Spec §8: 'Verifying Student' while the call runs, then the outcome in the same toast. */
export function useDecideVerification(id: string) {
  const storeChange = useStoreChange();
  return useMutation({
    mutationKey: verificationKeys.decide,
    mutationFn: (decision: Decision) => decideVerification({ id, decision }),
    meta: { silent: true },
    onMutate: () => ({ toastId: toast.loading('Verifying Student') }),
    onSuccess: async (response, _decision, context) => {
      toast.success(response.message, { id: context.toastId });
      await storeChange(response.data);
    },
    onError: (error, _decision, context) => {
      toast.error(errorMessage(error), { id: context?.toastId });
    },
  });
}

export function useAddToVerificationList(id: string) {
  const storeChange = useStoreChange();
  return useMutation({
    mutationKey: verificationKeys.add,
    mutationFn: () => addToVerificationList(id),
    onSuccess: async (response) => {
      toast.success(response.message);
      await storeChange(response.data);
    },
  });
}

export function useVerifyEmailOnBehalf(id: string) {
  const storeChange = useStoreChange();
  return useMutation({
    mutationFn: () => verifyEmailOnBehalf(id),
    onSuccess: async (response) => {
      toast.success(response.message);
      await storeChange(response.data);
    },
  });
}
