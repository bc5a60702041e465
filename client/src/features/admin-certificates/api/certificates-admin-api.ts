import type { AdminCertificate, AdminCertificatePage, CertificateLanguage } from '@riyazi/api/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../shared/files/save-blob';
import { adminHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';

/** The list's request as the page holds it: '' means "no filter". */
export interface CertificateQuery {
  phaseId: string;
  studentId: string;
  status: string;
  search: string;
  page: number;
  limit: number;
}

const root = [ADMIN_KEY_ROOT, 'certificates'] as const;
export const certificateKeys = {
  root,
  list: (query: CertificateQuery) => [...root, 'list', query] as const,
  change: [...root, 'change'] as const,
};

export function useCertificates(query: CertificateQuery, enabled = true) {
  return useQuery({
    queryKey: certificateKeys.list(query),
    queryFn: ({ signal }) =>
      adminHttp.get<AdminCertificatePage>('/admin/certificates', { query: withoutEmpty(query), signal }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { silent: true },
  });
}

export async function downloadCertificate(cert: AdminCertificate, lang: CertificateLanguage) {
  const blob = await adminHttp.request<Blob>('GET', `/admin/certificates/${cert._id}/download`, {
    query: { lang },
    responseType: 'blob',
  });
  saveBlob(blob, `riyazi-certificate-${cert.code}-${lang}.pdf`);
}

export type CertificateChange = 'revoke' | 'reissue';

/** silent: the dialog shows the refusal beside the reason. */
export const useCertificateChange = () =>
  useToastMutation({
    mutationKey: certificateKeys.change,
    mutationFn: ({ id, change, reason }: { id: string; change: CertificateChange; reason: string }) =>
      adminHttp.post<{ message: string; data: AdminCertificate }>(`/admin/certificates/${id}/${change}`, {
        reason,
      }),
    success: (result) => result.message,
    invalidate: root,
    silent: true,
  });
