import type { ListPage } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

/** The api path segment of each reference list: /api/<endpoint>/detail/ and so on. */
export type ReferenceEndpoint = 'grade' | 'phase' | 'category' | 'subCategory';

export interface Grade {
  _id: string;
  title: string;
  sortOrder: number;
  isActive: boolean;
  createdAt: string;
}

export type PhaseStatus = 'UPCOMING' | 'ACTIVE' | 'CLOSED';

export interface Phase {
  _id: string;
  name: string;
  number: number;
  startsAt: string;
  endsAt: string;
  status: PhaseStatus;
  createdAt: string;
}

export interface Category {
  _id: string;
  name: string;
  isActive: boolean;
  createdAt: string;
}

export interface SubCategory extends Category {
  category: { _id: string; name: string };
}

export interface ListFilters {
  page: number;
  limit: number;
  search: string;
}

export type RequestBody = Record<string, string | number | boolean>;

const root = [ADMIN_KEY_ROOT, 'reference'] as const;

export const referenceKeys = {
  root,
  list: (endpoint: ReferenceEndpoint, filters: ListFilters) => [...root, endpoint, 'list', filters] as const,
  options: (endpoint: ReferenceEndpoint) => [...root, endpoint, 'options'] as const,
  change: (endpoint: ReferenceEndpoint, what: 'create' | 'update' | 'delete') =>
    [...root, endpoint, what] as const,
};

export function fetchList<T>(
  endpoint: ReferenceEndpoint,
  filters: ListFilters,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  return adminHttp.get<ListPage<T>>(`/${endpoint}/detail/`, { query: { ...filters }, signal });
}

export async function createItem<T>(endpoint: ReferenceEndpoint, body: RequestBody): Promise<T> {
  return (await adminHttp.post<{ data: T }>(`/${endpoint}/create/`, body)).data;
}

export async function updateItem<T>(
  endpoint: ReferenceEndpoint,
  { id, changes }: { id: string; changes: RequestBody },
): Promise<T> {
  return (await adminHttp.post<{ data: T }>(`/${endpoint}/update/`, changes, { query: { id } })).data;
}

export async function deleteItem(endpoint: ReferenceEndpoint, id: string): Promise<void> {
  await adminHttp.delete<unknown>(`/${endpoint}/delete/`, { query: { id } });
}
