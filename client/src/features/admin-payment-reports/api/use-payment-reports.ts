import type { PaymentGatewayOption } from '@riyazi/api/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { saveBlob } from '../../../shared/files/save-blob';
import {
  type FailureQuery,
  fetchFailureOptions,
  fetchPaymentCsv,
  fetchPaymentFailures,
  fetchPaymentOptions,
  fetchPaymentReport,
  fetchPaymentTrail,
  type PaymentFilters,
  type PaymentQuery,
  paymentReportKeys,
  type TrailTarget,
} from './payment-reports-api';

// Spec §8 messages.
export const PAYMENT_FETCH_FAILED = 'Failed to fetch Payment data';
const EXPORTING = 'Exporting...';
const EXPORT_DONE = 'Export completed successfully.';
const EXPORT_FAILED = 'Export failed. Please try again.';

export function usePaymentReport(query: PaymentQuery) {
  const report = useQuery({
    queryKey: paymentReportKeys.payments(query),
    queryFn: ({ signal }) => fetchPaymentReport(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const failedAt = report.isError ? report.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) {
      toast.error(PAYMENT_FETCH_FAILED, { id: 'payment-data' });
    }
  }, [failedAt]);
  return report;
}

const NO_OPTIONS = { gateways: [], packages: [], grades: [], cities: [] };

/** Gateways, packages, grades and cities for the filters (from the report itself: no other permission needed). */
export function usePaymentOptions() {
  const options = useQuery({
    queryKey: paymentReportKeys.options(),
    queryFn: ({ signal }) => fetchPaymentOptions(signal),
    meta: { silent: true },
  });
  return options.data ?? NO_OPTIONS;
}

/** The gateway filter's choices (every registered gateway and free), for staff who read failures. */
export function useFailureGateways(): PaymentGatewayOption[] {
  const options = useQuery({
    queryKey: paymentReportKeys.failureOptions(),
    queryFn: ({ signal }) => fetchFailureOptions(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  return options.data?.gateways ?? NO_OPTIONS.gateways;
}

const labelIn = (choices: readonly PaymentGatewayOption[], id: string) =>
  choices.find((g) => g.id === id)?.label ?? id;

/** A gateway's name as the api labels it (its id until the labels are loaded). */
export function usePaymentGatewayLabel(): (id: string) => string {
  const { gateways } = usePaymentOptions();
  return useCallback((id: string) => labelIn(gateways, id), [gateways]);
}

export function useFailureGatewayLabel(): (id: string) => string {
  const gateways = useFailureGateways();
  return useCallback((id: string) => labelIn(gateways, id), [gateways]);
}

/** Downloads the CSV and hands it to the browser as a file, with the spec's progress toasts. */
export function usePaymentCsvExport() {
  return useMutation({
    mutationFn: async ({ filters, filename }: { filters: PaymentFilters; filename: string }) => {
      const blob = await fetchPaymentCsv(filters);
      saveBlob(blob, filename);
    },
    onMutate: () => {
      toast.loading(EXPORTING, { id: 'payment-export' });
    },
    onSuccess: () => {
      toast.success(EXPORT_DONE, { id: 'payment-export' });
    },
    onError: () => {
      toast.error(EXPORT_FAILED, { id: 'payment-export' });
    },
    meta: { silent: true },
  });
}

export function usePaymentFailures(query: FailureQuery) {
  return useQuery({
    queryKey: paymentReportKeys.failures(query),
    queryFn: ({ signal }) => fetchPaymentFailures(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function usePaymentTrail(target: TrailTarget | null) {
  return useQuery({
    queryKey: paymentReportKeys.trail(target ?? { id: '' }),
    queryFn: ({ signal }) => fetchPaymentTrail(target ?? { id: '' }, signal),
    enabled: target !== null,
    meta: { silent: true },
  });
}
