import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import {
  deletePackage,
  fetchPackages,
  fetchPaymentConfig,
  paymentConfigKeys,
  savePackage,
  savePaymentConfig,
  setPackageStatus,
} from './payment-config-api';

export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentConfigKeys.settings,
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
  });
}

export function useSavePaymentConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: paymentConfigKeys.saveSettings,
    mutationFn: savePaymentConfig,
    // Field problems are also shown next to the fields; the admin adapter toasts every failure.
    onSuccess: (response) => {
      toast.success(response.message);
      queryClient.setQueryData(paymentConfigKeys.settings, response.data);
    },
  });
}

export function usePackages() {
  return useQuery({ queryKey: paymentConfigKeys.packages, queryFn: ({ signal }) => fetchPackages(signal) });
}

function usePackageMutation<TInput>(
  mutationKey: readonly unknown[],
  mutationFn: (input: TInput) => Promise<unknown>,
  successMessage: (input: TInput) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn,
    onSuccess: async (_data, input) => {
      toast.success(successMessage(input));
      await queryClient.invalidateQueries({ queryKey: paymentConfigKeys.packages });
    },
  });
}

/** Failures are toasted by the admin adapter (spec §8); forms and the delete dialog also show them in place. */
export const useSavePackage = () =>
  usePackageMutation(paymentConfigKeys.savePackage, savePackage, ({ id }) =>
    id === null ? 'Package added' : 'Package updated',
  );

export const useSetPackageStatus = () =>
  usePackageMutation(paymentConfigKeys.packageStatus, setPackageStatus, ({ isActive }) =>
    isActive ? 'Package switched on' : 'Package switched off',
  );

export const useDeletePackage = () =>
  usePackageMutation(paymentConfigKeys.deletePackage, deletePackage, () => 'Package deleted');
