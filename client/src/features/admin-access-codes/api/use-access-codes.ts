import { batchSlug } from '@riyazi/api/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import {
  type BatchFilters,
  type CodeBatch,
  codeKeys,
  createBatch,
  fetchBatchCsv,
  fetchBatchPage,
  fetchPhaseOptions,
  revokeBatch,
  revokeCode,
} from './access-codes-api';

export function useBatchPage(filters: BatchFilters) {
  return useQuery({
    queryKey: codeKeys.list(filters),
    queryFn: ({ signal }) => fetchBatchPage(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** The phases a batch may be tied to; only read by staff who may list phases. */
export function usePhaseOptions(enabled: boolean) {
  return useQuery({
    queryKey: codeKeys.phases,
    queryFn: ({ signal }) => fetchPhaseOptions(signal),
    enabled,
    meta: { silent: true },
  });
}

/** Errors are shown in the form or dialog that made the call. */
export const useCreateBatch = () =>
  useToastMutation({
    mutationKey: codeKeys.create,
    mutationFn: createBatch,
    success: (batch) => `${batch.codeCount} codes generated for ${batch.label}`,
    invalidate: codeKeys.root,
    silent: true,
  });

export const useRevokeBatch = () =>
  useToastMutation({
    mutationKey: codeKeys.revokeBatch,
    mutationFn: revokeBatch,
    success: (result) => result.message,
    invalidate: codeKeys.root,
    silent: true,
  });

export const useRevokeCode = () =>
  useToastMutation({
    mutationKey: codeKeys.revokeCode,
    mutationFn: revokeCode,
    success: () => 'Code revoked',
    invalidate: codeKeys.root,
    silent: true,
  });

/** access-codes-city-school-2026-11-23.csv (the browser's day). */
export function exportFilename(label: string, now = new Date()): string {
  const slug = batchSlug(label);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `access-codes-${slug}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Downloads a batch's CSV and hands it to the browser as a file; progress and outcome as toasts. */
export function useExportBatch() {
  return useMutation({
    mutationKey: codeKeys.export,
    mutationFn: async (batch: CodeBatch) => {
      const blob = await fetchBatchCsv(batch._id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFilename(batch.label);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    meta: { silent: true },
    onMutate: () => ({ toastId: toast.loading('Exporting...') }),
    onSuccess: (_result, _batch, context) => {
      toast.success('Export completed successfully.', { id: context?.toastId });
    },
    onError: (_error, _batch, context) => {
      toast.error('Export failed. Please try again.', { id: context?.toastId });
    },
  });
}
