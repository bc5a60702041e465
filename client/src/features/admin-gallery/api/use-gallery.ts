import { useQuery } from '@tanstack/react-query';
import { useToastMutation } from '../../../shared/query/use-toast-mutation';
import {
  type AlbumChanges,
  deleteAlbum,
  deletePhoto,
  fetchAdminGallery,
  type GalleryAlbum,
  galleryKeys,
  moveAlbum,
  movePhoto,
  saveAlbum,
  saveCaption,
} from './gallery-api';

export function useAdminGallery() {
  return useQuery({ queryKey: galleryKeys.all, queryFn: ({ signal }) => fetchAdminGallery(signal) });
}

/** silent: forms and delete dialogs show their own errors; switches, arrows and captions toast. */
function useGalleryMutation<TInput, TOutput>(
  mutationKey: readonly unknown[],
  mutationFn: (input: TInput) => Promise<TOutput>,
  success: (output: TOutput) => string,
  silent: boolean,
) {
  return useToastMutation({ mutationKey, mutationFn, success, invalidate: galleryKeys.root, silent });
}

const changeSaid = (changes: AlbumChanges, album: GalleryAlbum) => {
  if (changes.isHidden !== undefined) {
    return changes.isHidden
      ? `“${album.title}” hidden from the gallery`
      : `“${album.title}” no longer hidden`;
  }
  if (changes.isPublished !== undefined) {
    return changes.isPublished ? `“${album.title}” published` : `“${album.title}” moved back to drafts`;
  }
  return changes.coverPhotoId !== undefined ? 'Cover photo set' : `Album “${album.title}” saved`;
};

export const useSaveAlbum = () =>
  useGalleryMutation(galleryKeys.saveAlbum, saveAlbum, (a) => `Album “${a.title}” saved`, true);
/** A switch or the cover button: one change, said in the toast. */
export const useChangeAlbum = () =>
  useToastMutation({
    mutationKey: galleryKeys.changeAlbum,
    mutationFn: async (input: { id: string; body: AlbumChanges }) => ({
      album: await saveAlbum(input),
      body: input.body,
    }),
    success: ({ album, body }) => changeSaid(body, album),
    invalidate: galleryKeys.root,
    silent: false,
  });
export const useMoveAlbum = () =>
  useGalleryMutation(galleryKeys.moveAlbum, moveAlbum, (a) => `“${a.title}” moved`, false);
export const useDeleteAlbum = () =>
  useGalleryMutation(galleryKeys.deleteAlbum, deleteAlbum, () => 'Album deleted', true);
export const useSaveCaption = () =>
  useGalleryMutation(galleryKeys.caption, saveCaption, () => 'Caption saved', false);
export const useMovePhoto = () =>
  useGalleryMutation(galleryKeys.movePhoto, movePhoto, () => 'Photo moved', false);
export const useDeletePhoto = () =>
  useGalleryMutation(galleryKeys.deletePhoto, deletePhoto, () => 'Photo deleted', true);
