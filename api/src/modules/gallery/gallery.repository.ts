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

export function listAlbums(db: Executor, publicOnly: boolean) {
  let query = db.selectFrom('galleryAlbums').select(ALBUM_COLUMNS);
  if (publicOnly) {
    query = query.where('isPublished', '=', true).where('isHidden', '=', false);
  }
  return query.orderBy('position').orderBy('id').execute();
}

export function listPhotos(db: Executor, albumIds: readonly string[]) {
  if (albumIds.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('galleryPhotos')
    .select(PHOTO_COLUMNS)
    .where('albumId', 'in', albumIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export type AlbumRow = Awaited<ReturnType<typeof listAlbums>>[number];
export type PhotoRow = Awaited<ReturnType<typeof listPhotos>>[number];

export function lockAlbums(trx: Trx) {
  return trx
    .selectFrom('galleryAlbums')
    .select(ALBUM_COLUMNS)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function lockAlbum(trx: Trx, id: string) {
  return trx
    .selectFrom('galleryAlbums')
    .select(ALBUM_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function lockPhotosOfAlbum(trx: Trx, albumId: string) {
  return trx
    .selectFrom('galleryPhotos')
    .select(PHOTO_COLUMNS)
    .where('albumId', '=', albumId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function findPhoto(db: Executor, id: string) {
  return db.selectFrom('galleryPhotos').select(PHOTO_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertAlbum(
  trx: Trx,
  values: { title: string; description: string; position: number },
) {
  return trx.insertInto('galleryAlbums').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateAlbum(
  trx: Trx,
  id: string,
  changes: Partial<{
    title: string;
    description: string;
    position: number;
    isPublished: boolean;
    isHidden: boolean;
    coverPhotoId: string | null;
  }>,
) {
  await trx
    .updateTable('galleryAlbums')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteAlbum(trx: Trx, id: string) {
  await trx.deleteFrom('galleryAlbums').where('id', '=', id).execute();
}

export async function insertPhoto(
  trx: Trx,
  values: {
    id: string;
    albumId: string;
    caption: string;
    position: number;
    fileKeys: string[];
    widths: number[];
    width: number;
    height: number;
  },
) {
  await trx.insertInto('galleryPhotos').values(values).execute();
}

export async function updatePhoto(
  trx: Trx,
  id: string,
  changes: Partial<{ caption: string; position: number }>,
) {
  await trx
    .updateTable('galleryPhotos')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deletePhoto(trx: Trx, id: string) {
  await trx.deleteFrom('galleryPhotos').where('id', '=', id).execute();
}
