import type { GallerySize, PublicGalleryAlbum, PublicGalleryPhoto } from '@riyazi/api/contracts';
import { assetUrl } from '../../shared/files/asset-url';
import { publicHttp } from '../../shared/http/clients';

export type { PublicGalleryAlbum, PublicGalleryPhoto };

export const galleryKeys = { public: ['public', 'gallery'] as const };

export async function fetchGallery(signal?: AbortSignal): Promise<PublicGalleryAlbum[]> {
  return (await publicHttp.get<{ data: PublicGalleryAlbum[] }>('/gallery', { signal })).data;
}

/** The srcset of a photo's stored sizes (each a WebP of that width). */
export const srcSetOf = (sizes: GallerySize[]) =>
  sizes.map((s) => `${assetUrl(s.url)} ${s.width}w`).join(', ');

/** The smallest stored size that covers `width` CSS pixels, for a plain src. */
export function srcOf(sizes: GallerySize[], width: number): string {
  const fit = sizes.find((s) => s.width >= width) ?? sizes.at(-1);
  return fit ? assetUrl(fit.url) : '';
}
