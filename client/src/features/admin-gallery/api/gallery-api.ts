import type { GalleryAlbum, GalleryAlbumInput, GalleryPhoto, ListMove } from '@riyazi/api/contracts';
import { type OnProgress, sendFile } from '../../../shared/files/upload-with-progress';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { GalleryAlbum, GalleryPhoto };

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

/** A POST to a gallery route about one row (`?id=`, none when it makes one), answered with the row. */
async function post<T>(route: string, id: string | null, body: object): Promise<T> {
  const query = id === null ? {} : { id };
  return (await adminHttp.post<DataEnvelope<T>>(`/admin/gallery/${route}`, body, { query })).data;
}

type Move = { id: string; direction: ListMove };

/** id null: a new album (a draft) at the end. */
export const saveAlbum = ({ id, body }: { id: string | null; body: AlbumChanges }) =>
  post<GalleryAlbum>(id === null ? 'album/create/' : 'album/update/', id, body);

export const moveAlbum = ({ id, direction }: Move) => post<GalleryAlbum>('album/move/', id, { direction });

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

export const saveCaption = ({ id, caption }: { id: string; caption: string }) =>
  post<GalleryPhoto>('photo/update/', id, { caption });

export const movePhoto = ({ id, direction }: Move) => post<GalleryPhoto>('photo/move/', id, { direction });

export async function deletePhoto(id: string): Promise<void> {
  await adminHttp.delete<unknown>('/admin/gallery/photo/delete/', { query: { id } });
}
