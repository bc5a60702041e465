import type { CodeBatch, CodeBatchInput, CodeBatchPage } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { CodeBatch, CodeBatchInput, CodeBatchPage };

export interface BatchFilters {
  page: number;
  limit: number;
}

export interface PhaseOption {
  _id: string;
  name: string;
}

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'access-codes'] as const;

export const codeKeys = {
  root,
  list: (filters: BatchFilters) => [...root, 'list', filters] as const,
  phases: [...root, 'phases'] as const,
  create: [...root, 'create'] as const,
  revokeBatch: [...root, 'revoke-batch'] as const,
  revokeCode: [...root, 'revoke-code'] as const,
  export: [...root, 'export'] as const,
};

export function fetchBatchPage(filters: BatchFilters, signal?: AbortSignal): Promise<CodeBatchPage> {
  return adminHttp.get<CodeBatchPage>('/admin/codeBatch/', { query: { ...filters }, signal });
}

/** Every phase (the reference list allows 100 a page, more than a contest has). */
export async function fetchPhaseOptions(signal?: AbortSignal): Promise<PhaseOption[]> {
  return (
    await adminHttp.get<DataEnvelope<PhaseOption[]>>('/phase/detail/', {
      query: { page: 1, limit: 100 },
      signal,
    })
  ).data;
}

export async function createBatch(input: CodeBatchInput): Promise<CodeBatch> {
  return (await adminHttp.post<DataEnvelope<CodeBatch>>('/admin/codeBatch/create/', input)).data;
}

export function revokeBatch(id: string): Promise<{ message: string; data: CodeBatch }> {
  return adminHttp.post<{ message: string; data: CodeBatch }>('/admin/codeBatch/revoke/', undefined, {
    query: { id },
  });
}

export function revokeCode(code: string): Promise<{ message: string }> {
  return adminHttp.post<{ message: string }>('/admin/code/revoke/', undefined, { query: { code } });
}

/** The batch's codes as CSV, through the http client so the bearer token goes with it. */
export function fetchBatchCsv(id: string): Promise<Blob> {
  return adminHttp.request<Blob>('GET', '/admin/codeBatch/export/', { query: { id }, responseType: 'blob' });
}
