import type { GalleryAlbums, GalleryPhotos } from '@riyazi/db';
import type { Insertable, Updateable } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

const ALBUM_COLUMNS = [
  'id',
  'title',
  'description',
  'position',
  'isPublished',
  'isHidden',
  'coverPhotoId',
  'updatedAt',
] as const;
const PHOTO_COLUMNS = [
  'id',
  'albumId',
  'caption',
  'position',
  'fileKeys',
  'widths',
  'width',
  'height',
] as const;

/** Albums in gallery order (position, then id where positions tie). */
const albums = (db: Executor) =>
  db.selectFrom('galleryAlbums').select(ALBUM_COLUMNS).orderBy('position').orderBy('id');
/** Photos in album order. */
const photos = (db: Executor) =>
  db.selectFrom('galleryPhotos').select(PHOTO_COLUMNS).orderBy('position').orderBy('id');

export function listAlbums(db: Executor, publicOnly: boolean) {
  const query = albums(db);
  return (publicOnly ? query.where('isPublished', '=', true).where('isHidden', '=', false) : query).execute();
}

/** The photos of the albums listAlbums gives for the same `publicOnly`, in order. */
export function listPhotos(db: Executor, publicOnly: boolean) {
  const shown = db
    .selectFrom('galleryAlbums')
    .select('id')
    .where('isPublished', '=', true)
    .where('isHidden', '=', false);
  return (publicOnly ? photos(db).where('albumId', 'in', shown) : photos(db)).execute();
}

export type AlbumRow = Awaited<ReturnType<typeof listAlbums>>[number];
export type PhotoRow = Awaited<ReturnType<typeof listPhotos>>[number];

export const lockAlbums = (trx: Trx) => albums(trx).forUpdate().execute();

export const lockAlbum = (trx: Trx, id: string) =>
  albums(trx).where('id', '=', id).forUpdate().executeTakeFirst();

export const lockPhotosOfAlbum = (trx: Trx, albumId: string) =>
  photos(trx).where('albumId', '=', albumId).forUpdate().execute();

export const findPhoto = (db: Executor, id: string) => photos(db).where('id', '=', id).executeTakeFirst();

export const insertAlbum = (trx: Trx, values: Insertable<GalleryAlbums>) =>
  trx.insertInto('galleryAlbums').values(values).returning('id').executeTakeFirstOrThrow();

export async function updateAlbum(trx: Trx, id: string, changes: Updateable<GalleryAlbums>) {
  await trx
    .updateTable('galleryAlbums')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteAlbum(trx: Trx, id: string) {
  await trx.deleteFrom('galleryAlbums').where('id', '=', id).execute();
}

export async function insertPhoto(trx: Trx, values: Insertable<GalleryPhotos>) {
  await trx.insertInto('galleryPhotos').values(values).execute();
}

export async function updatePhoto(trx: Trx, id: string, changes: Updateable<GalleryPhotos>) {
  await trx
    .updateTable('galleryPhotos')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deletePhoto(trx: Trx, id: string) {
  await trx.deleteFrom('galleryPhotos').where('id', '=', id).execute();
}
