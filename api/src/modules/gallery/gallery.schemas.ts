import { z } from 'zod';
import { GALLERY_LIMITS } from '../../contracts/gallery.js';
import { idOf } from '../../lib/schemas.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });
export const albumIdQuery = z.object({ albumId: idOf('album') });

const title = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(GALLERY_LIMITS.titleMax, `must be at most ${GALLERY_LIMITS.titleMax} characters`);
const description = z
  .string({ message: 'must be text' })
  .trim()
  .max(GALLERY_LIMITS.descriptionMax, `must be at most ${GALLERY_LIMITS.descriptionMax} characters`);
const caption = z
  .string({ message: 'must be text' })
  .trim()
  .max(GALLERY_LIMITS.captionMax, `must be at most ${GALLERY_LIMITS.captionMax} characters`);
const flag = z.boolean({ message: 'must be true or false' });

export const albumBody = z.object({ title, description: description.default('') });
export type AlbumBody = z.output<typeof albumBody>;

export const albumChanges = z.object({
  title: title.optional(),
  description: description.optional(),
  isPublished: flag.optional(),
  isHidden: flag.optional(),
  coverPhotoId: idOf('photo').nullable().optional(),
});
export type AlbumChanges = z.output<typeof albumChanges>;

export const photoChanges = z.object({ caption });

const size = z.object({ url: z.string(), width: z.number() });
const photo = z.object({
  _id: z.string(),
  albumId: z.string(),
  caption: z.string(),
  position: z.number(),
  sizes: z.array(size),
  width: z.number(),
  height: z.number(),
});
const album = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number(),
  isPublished: z.boolean(),
  isHidden: z.boolean(),
  coverPhotoId: z.string().nullable(),
  photos: z.array(photo),
  updatedAt: z.string(),
});
const publicPhoto = photo.omit({ albumId: true, position: true });

export const albumResponse = z.object({ data: album });
export const albumsResponse = z.object({ data: z.array(album) });
export const photoResponse = z.object({ data: photo });
export const publicGalleryResponse = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      description: z.string(),
      cover: publicPhoto.nullable(),
      photos: z.array(publicPhoto),
    }),
  ),
});
export const messageResponse = z.object({ message: z.string() });
