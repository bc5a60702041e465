import type { CertificateRun, CertificateRunStarted } from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

const root = [ADMIN_KEY_ROOT, 'certificate-runs'] as const;
export const certificateRunKeys = {
  root,
  latest: (phaseId: string) => [...root, 'latest', phaseId] as const,
  job: (id: string) => [...root, 'job', id] as const,
};

/** The phase's latest certificate run (null: none yet). */
export async function fetchLatestRun(phaseId: string, signal?: AbortSignal): Promise<CertificateRun | null> {
  return (
    await adminHttp.get<{ data: CertificateRun | null }>('/admin/certificates/run', {
      query: { phaseId },
      signal,
    })
  ).data;
}

/** Starts the phase's run; the worker issues, draws and e-mails in the background. */
export function startCertificateRun(phaseId: string) {
  return adminHttp.post<CertificateRunStarted>('/admin/certificates/run', { phaseId });
}
