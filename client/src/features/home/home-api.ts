import { publicHttp } from '../../shared/http/clients';

export interface PublicAnnouncement {
  title: string;
  body: string;
  endsAt: string | null;
}

export const homeKeys = {
  announcement: ['public', 'announcement'] as const,
};

export const fetchAnnouncement = async (signal?: AbortSignal) =>
  (await publicHttp.get<{ announcement: PublicAnnouncement | null }>('/publicDisplay', { signal }))
    .announcement;
