import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import {
  createPromo,
  deletePromo,
  fetchPackageOptions,
  fetchPromoPage,
  type PromoFilters,
  promoKeys,
  setPromoStatus,
  updatePromo,
} from './promo-codes-api';

export function usePromoPage(filters: PromoFilters) {
  return useQuery({
    queryKey: promoKeys.list(filters),
    queryFn: ({ signal }) => fetchPromoPage(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePackageOptions() {
  return useQuery({ queryKey: promoKeys.packages, queryFn: ({ signal }) => fetchPackageOptions(signal) });
}

/** silent: the form and the delete dialog show their own errors; a failed switch toasts. */
function usePromoMutation<TInput, TOutput>(
  mutationKey: readonly unknown[],
  mutationFn: (input: TInput) => Promise<TOutput>,
  successMessage: (output: TOutput) => string,
  silent: boolean,
) {
  return useToastMutation({
    mutationKey,
    mutationFn,
    success: successMessage,
    invalidate: promoKeys.root,
    silent,
  });
}

export const useCreatePromo = () =>
  usePromoMutation(promoKeys.create, createPromo, (p) => `Promo code ${p.code} added`, true);
export const useUpdatePromo = () =>
  usePromoMutation(promoKeys.update, updatePromo, (p) => `Promo code ${p.code} updated`, true);
export const useSetPromoStatus = () =>
  usePromoMutation(
    promoKeys.status,
    setPromoStatus,
    (p) => `Promo code ${p.code} ${p.isActive ? 'activated' : 'deactivated'}`,
    false,
  );
export const useDeletePromo = () =>
  usePromoMutation(promoKeys.remove, deletePromo, () => 'Promo code deleted', true);
