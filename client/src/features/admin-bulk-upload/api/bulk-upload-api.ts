import type {
  BulkUploadConfirmBody,
  BulkUploadPreview,
  BulkUploadRun,
  BulkUploadRunList,
} from '@riyazi/api/contracts';
import { saveBlob } from '../../../shared/files/save-blob';
import type { TemplateFormat } from '../../../shared/files/template-buttons';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { BulkUploadPreview, BulkUploadRun, BulkUploadRunList };

export const bulkUploadKeys = {
  root: [ADMIN_KEY_ROOT, 'bulkUpload'] as const,
  lists: [ADMIN_KEY_ROOT, 'bulkUpload', 'list'] as const,
  list: (page: number) => [ADMIN_KEY_ROOT, 'bulkUpload', 'list', page] as const,
  run: (id: string) => [ADMIN_KEY_ROOT, 'bulkUpload', 'run', id] as const,
};

export async function downloadTemplate(format: TemplateFormat): Promise<void> {
  const blob = await adminHttp.get<Blob>('/admin/bulkUpload/template/', {
    query: { format },
    responseType: 'blob',
  });
  saveBlob(blob, `students-template.${format}`);
}

export async function downloadResult(run: Pick<BulkUploadRun, 'id' | 'fileName'>): Promise<void> {
  const blob = await adminHttp.get<Blob>('/admin/bulkUpload/result/', {
    query: { id: run.id },
    responseType: 'blob',
  });
  saveBlob(blob, `${run.fileName.replace(/\.[^.]+$/, '') || 'students'}-result.csv`);
}

export function previewUpload(file: File): Promise<BulkUploadPreview> {
  const form = new FormData();
  form.append('file', file);
  return adminHttp.post<BulkUploadPreview>('/admin/bulkUpload/preview/', form);
}

export const confirmUpload = (body: BulkUploadConfirmBody) =>
  adminHttp.post<BulkUploadRun>('/admin/bulkUpload/confirm/', body);

export const fetchRuns = (page: number, signal?: AbortSignal) =>
  adminHttp.get<BulkUploadRunList>('/admin/bulkUpload/', { query: { page }, signal });

export const fetchRun = (id: string, signal?: AbortSignal) =>
  adminHttp.get<BulkUploadRun>('/admin/bulkUpload/run/', { query: { id }, signal });
