import type { ListPage, Permissions } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export interface RoleRef {
  _id: string;
  name: string;
  isSuperAdmin: boolean;
}

export interface StaffUser {
  _id: string;
  email: string;
  username: string;
  role: RoleRef;
  isActive: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export type StaffPage = ListPage<StaffUser>;

export interface Role extends RoleRef {
  permissions: Permissions;
  userCount: number;
}

export interface StaffFilters {
  page: number;
  limit: number;
  search: string;
  roleId: string;
  isActive: '' | 'true' | 'false';
}

export interface NewStaffInput {
  email: string;
  username: string;
  password: string;
  roleId: string;
  isActive: boolean;
}

export interface StaffChanges {
  username?: string;
  roleId?: string;
  isActive?: boolean;
  password?: string;
}

export interface RoleInput {
  name: string;
  permissions: Permissions;
  isSuperAdmin?: boolean;
}

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'staff'] as const;

export const staffKeys = {
  root,
  lists: [...root, 'list'] as const,
  list: (filters: StaffFilters) => [...root, 'list', filters] as const,
  roles: [...root, 'roles'] as const,
  createStaff: [...root, 'create-staff'] as const,
  updateStaff: [...root, 'update-staff'] as const,
  deleteStaff: [...root, 'delete-staff'] as const,
  sendResetLink: [...root, 'send-reset-link'] as const,
  saveRole: [...root, 'save-role'] as const,
  deleteRole: [...root, 'delete-role'] as const,
};

export function fetchStaffPage(filters: StaffFilters, signal?: AbortSignal): Promise<StaffPage> {
  return adminHttp.get<StaffPage>('/staffUser/detail/', { query: { ...filters }, signal });
}

export async function fetchRoles(signal?: AbortSignal): Promise<Role[]> {
  return (await adminHttp.get<DataEnvelope<Role[]>>('/role/detail/', { signal })).data;
}

export async function createStaff(input: NewStaffInput): Promise<StaffUser> {
  return (await adminHttp.post<DataEnvelope<StaffUser>>('/staffUser/create/', input)).data;
}

export async function updateStaff({
  id,
  changes,
}: {
  id: string;
  changes: StaffChanges;
}): Promise<StaffUser> {
  return (await adminHttp.post<DataEnvelope<StaffUser>>('/staffUser/update/', changes, { query: { id } }))
    .data;
}

export async function deleteStaff(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/staffUser/delete/', { query: { id } });
}

/** E-mails the staff member a link to set their own password; answers the server's confirmation. */
export async function sendResetLink(id: string): Promise<string> {
  return (await adminHttp.post<{ message: string }>('/staffUser/send-reset-link/', {}, { query: { id } }))
    .message;
}

export async function saveRole({ id, input }: { id: string | null; input: RoleInput }): Promise<Role> {
  const response =
    id === null
      ? await adminHttp.post<DataEnvelope<Role>>('/role/create/', input)
      : await adminHttp.post<DataEnvelope<Role>>('/role/update/', input, { query: { id } });
  return response.data;
}

export async function deleteRole(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/role/delete/', { query: { id } });
}
