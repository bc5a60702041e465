import type { PublicGalleryAlbum, PublicGalleryPhoto } from '@riyazi/api/contracts';
import { publicHttp } from '../../shared/http/clients';

export type { PublicGalleryAlbum, PublicGalleryPhoto };

export const galleryKeys = { public: ['public', 'gallery'] as const };

export async function fetchGallery(signal?: AbortSignal): Promise<PublicGalleryAlbum[]> {
  return (await publicHttp.get<{ data: PublicGalleryAlbum[] }>('/gallery', { signal })).data;
}
