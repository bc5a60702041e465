import type { PublicCertificate } from '@riyazi/api/contracts';
import { publicHttp } from '../../shared/http/clients';

export const certificateKeys = { verify: (code: string) => ['public', 'certificate', code] as const };

export async function verifyCertificate(code: string, signal?: AbortSignal): Promise<PublicCertificate> {
  const path = `/certificates/verify/${encodeURIComponent(code)}`;
  return (await publicHttp.get<{ data: PublicCertificate }>(path, { signal })).data;
}
