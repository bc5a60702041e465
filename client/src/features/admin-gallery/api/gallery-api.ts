import type { GalleryAlbum, GalleryAlbumInput, GalleryMove, GalleryPhoto } from '@riyazi/api/contracts';
import { type OnProgress, sendFile } from '../../../shared/files/upload-with-progress';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { GalleryAlbum, GalleryMove, GalleryPhoto };

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'gallery'] as const;

export const galleryKeys = {
  root,
  all: [...root, 'all'] as const,
  saveAlbum: [...root, 'save-album'] as const,
  changeAlbum: [...root, 'change-album'] as const,
  moveAlbum: [...root, 'move-album'] as const,
  deleteAlbum: [...root, 'delete-album'] as const,
  caption: [...root, 'caption'] as const,
  movePhoto: [...root, 'move-photo'] as const,
  deletePhoto: [...root, 'delete-photo'] as const,
};

export async function fetchAdminGallery(signal?: AbortSignal): Promise<GalleryAlbum[]> {
  return (await adminHttp.get<DataEnvelope<GalleryAlbum[]>>('/admin/gallery/', { signal })).data;
}

export type AlbumChanges = Partial<
  GalleryAlbumInput & { isPublished: boolean; isHidden: boolean; coverPhotoId: string | null }
>;

/** id null: a new album (a draft) at the end. */
export async function saveAlbum({
  id,
  body,
}: {
  id: string | null;
  body: AlbumChanges;
}): Promise<GalleryAlbum> {
  const url = id === null ? '/admin/gallery/album/create/' : '/admin/gallery/album/update/';
  const query = id === null ? {} : { id };
  return (await adminHttp.post<DataEnvelope<GalleryAlbum>>(url, body, { query })).data;
}

export async function moveAlbum({
  id,
  direction,
}: {
  id: string;
  direction: GalleryMove;
}): Promise<GalleryAlbum> {
  return (
    await adminHttp.post<DataEnvelope<GalleryAlbum>>(
      '/admin/gallery/album/move/',
      { direction },
      { query: { id } },
    )
  ).data;
}

export async function deleteAlbum(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/gallery/album/delete/', { query: { id } });
}

export async function uploadPhoto(
  albumId: string,
  file: File,
  onProgress: OnProgress,
): Promise<GalleryPhoto> {
  const path = `/admin/gallery/photo/upload/?albumId=${encodeURIComponent(albumId)}`;
  return (await sendFile<DataEnvelope<GalleryPhoto>>(path, file, onProgress)).data;
}

export async function saveCaption({ id, caption }: { id: string; caption: string }): Promise<GalleryPhoto> {
  return (
    await adminHttp.post<DataEnvelope<GalleryPhoto>>(
      '/admin/gallery/photo/update/',
      { caption },
      { query: { id } },
    )
  ).data;
}

export async function movePhoto({
  id,
  direction,
}: {
  id: string;
  direction: GalleryMove;
}): Promise<GalleryPhoto> {
  return (
    await adminHttp.post<DataEnvelope<GalleryPhoto>>(
      '/admin/gallery/photo/move/',
      { direction },
      { query: { id } },
    )
  ).data;
}

export async function deletePhoto(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/gallery/photo/delete/', { query: { id } });
}
