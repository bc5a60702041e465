import type {
  AdminPackage,
  AdminPackageBody,
  AdminPackageList,
  PaymentConfigBody,
  PaymentConfigView,
} from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'payment-config'] as const;

export const paymentConfigKeys = {
  settings: [...root, 'settings'] as const,
  saveSettings: [...root, 'save-settings'] as const,
  packages: [...root, 'packages'] as const,
  savePackage: [...root, 'save-package'] as const,
  packageStatus: [...root, 'package-status'] as const,
  deletePackage: [...root, 'delete-package'] as const,
};

export async function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfigView> {
  return (await adminHttp.get<DataEnvelope<PaymentConfigView>>('/admin/paymentConfig/detail/', { signal }))
    .data;
}

export function savePaymentConfig(body: PaymentConfigBody) {
  return adminHttp.post<{ message: string; data: PaymentConfigView }>('/admin/paymentConfig/create/', body);
}

export function fetchPackages(signal?: AbortSignal): Promise<AdminPackageList> {
  return adminHttp.get<AdminPackageList>('/admin/paymentPackage/', { signal });
}

/** id null: a new package; otherwise the changed fields of an existing one. */
export async function savePackage({
  id,
  body,
}: {
  id: string | null;
  body: Partial<AdminPackageBody>;
}): Promise<AdminPackage> {
  const response =
    id === null
      ? await adminHttp.post<DataEnvelope<AdminPackage>>('/admin/paymentPackage/create/', body)
      : await adminHttp.post<DataEnvelope<AdminPackage>>('/admin/paymentPackage/update/', body, {
          query: { id },
        });
  return response.data;
}

export async function setPackageStatus({ id, isActive }: { id: string; isActive: boolean }) {
  return (
    await adminHttp.post<DataEnvelope<AdminPackage>>(
      '/admin/paymentPackage/status/',
      { isActive },
      { query: { id } },
    )
  ).data;
}

export async function deletePackage(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/paymentPackage/delete/', { query: { id } });
}
