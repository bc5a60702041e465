import type { PublicFaqEntry, PublicFaqGroup } from '@riyazi/api/contracts';
import { publicHttp } from '../../shared/http/clients';

export type { PublicFaqEntry, PublicFaqGroup };

export const faqKeys = { public: ['public', 'faq'] as const };

export async function fetchFaq(signal?: AbortSignal): Promise<PublicFaqGroup[]> {
  return (await publicHttp.get<{ data: PublicFaqGroup[] }>('/faq', { signal })).data;
}
