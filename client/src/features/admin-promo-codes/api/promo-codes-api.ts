import type { PromoCode, PromoCodeInput, PromoCodePage, PromoPackageOption } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { PromoCode, PromoCodeInput, PromoCodePage, PromoPackageOption };

export interface PromoFilters {
  page: number;
  limit: number;
  search: string;
}

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'promo-codes'] as const;

export const promoKeys = {
  root,
  list: (filters: PromoFilters) => [...root, 'list', filters] as const,
  packages: [...root, 'packages'] as const,
  create: [...root, 'create'] as const,
  update: [...root, 'update'] as const,
  status: [...root, 'status'] as const,
  remove: [...root, 'delete'] as const,
};

export function fetchPromoPage(filters: PromoFilters, signal?: AbortSignal): Promise<PromoCodePage> {
  return adminHttp.get<PromoCodePage>('/admin/promoCode/', { query: { ...filters }, signal });
}

export async function fetchPackageOptions(signal?: AbortSignal): Promise<PromoPackageOption[]> {
  return (await adminHttp.get<DataEnvelope<PromoPackageOption[]>>('/admin/promoCode/packages/', { signal }))
    .data;
}

export async function createPromo(input: PromoCodeInput): Promise<PromoCode> {
  return (await adminHttp.post<DataEnvelope<PromoCode>>('/admin/promoCode/create/', input)).data;
}

export async function updatePromo({
  id,
  changes,
}: {
  id: string;
  changes: Partial<PromoCodeInput>;
}): Promise<PromoCode> {
  return (
    await adminHttp.post<DataEnvelope<PromoCode>>('/admin/promoCode/update/', changes, { query: { id } })
  ).data;
}

export async function setPromoStatus({
  id,
  isActive,
}: {
  id: string;
  isActive: boolean;
}): Promise<PromoCode> {
  return (
    await adminHttp.post<DataEnvelope<PromoCode>>('/admin/promoCode/status/', { isActive }, { query: { id } })
  ).data;
}

export async function deletePromo(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/promoCode/delete/', { query: { id } });
}
