import type { FaqEntry, FaqEntryInput, FaqGroup, ListMove } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { FaqEntry, FaqEntryInput, FaqGroup };

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'faq'] as const;

export const faqKeys = {
  root,
  all: [...root, 'all'] as const,
  saveGroup: [...root, 'save-group'] as const,
  moveGroup: [...root, 'move-group'] as const,
  deleteGroup: [...root, 'delete-group'] as const,
  saveEntry: [...root, 'save-entry'] as const,
  publish: [...root, 'publish'] as const,
  moveEntry: [...root, 'move-entry'] as const,
  deleteEntry: [...root, 'delete-entry'] as const,
};

export async function fetchAdminFaq(signal?: AbortSignal): Promise<FaqGroup[]> {
  return (await adminHttp.get<DataEnvelope<FaqGroup[]>>('/admin/faq/', { signal })).data;
}

/** id null: a new group at the end. */
export async function saveGroup({ id, title }: { id: string | null; title: string }): Promise<FaqGroup> {
  const url = id === null ? '/admin/faq/group/create/' : '/admin/faq/group/update/';
  const query = id === null ? {} : { id };
  return (await adminHttp.post<DataEnvelope<FaqGroup>>(url, { title }, { query })).data;
}

export async function moveGroup({ id, direction }: { id: string; direction: ListMove }): Promise<FaqGroup> {
  return (
    await adminHttp.post<DataEnvelope<FaqGroup>>('/admin/faq/group/move/', { direction }, { query: { id } })
  ).data;
}

export async function deleteGroup(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/faq/group/delete/', { query: { id } });
}

/** id null: a new question at the end of its group. */
export async function saveEntry({
  id,
  body,
}: {
  id: string | null;
  body: Partial<FaqEntryInput>;
}): Promise<FaqEntry> {
  const url = id === null ? '/admin/faq/entry/create/' : '/admin/faq/entry/update/';
  const query = id === null ? {} : { id };
  return (await adminHttp.post<DataEnvelope<FaqEntry>>(url, body, { query })).data;
}

export async function setPublished({
  id,
  isPublished,
}: {
  id: string;
  isPublished: boolean;
}): Promise<FaqEntry> {
  return saveEntry({ id, body: { isPublished } });
}

export async function moveEntry({ id, direction }: { id: string; direction: ListMove }): Promise<FaqEntry> {
  return (
    await adminHttp.post<DataEnvelope<FaqEntry>>('/admin/faq/entry/move/', { direction }, { query: { id } })
  ).data;
}

export async function deleteEntry(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/faq/entry/delete/', { query: { id } });
}
