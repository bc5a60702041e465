import { randomUUID } from 'node:crypto';
import type { Db } from '@riyazi/db';
import { encodeImage } from '#modules/media';
import {
  GALLERY_LIMITS,
  GALLERY_WIDTHS,
  type GalleryAlbum,
  type GalleryPhoto,
  type PublicGalleryAlbum,
  type PublicGalleryPhoto,
} from '../../contracts/gallery.js';
import type { ListMove } from '../../contracts/list-sort.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { nextPosition, swapWithNeighbour } from '../../lib/positions.js';
import type { PublicFileStore } from '../../lib/public-files.js';
import * as repo from './gallery.repository.js';
import type { AlbumBody, AlbumChanges } from './gallery.schemas.js';

const ALBUM_NOT_FOUND = 'Album not found';
const PHOTO_NOT_FOUND = 'Photo not found';

const photoDto = (store: PublicFileStore, photo: repo.PhotoRow): GalleryPhoto => ({
  _id: photo.id,
  albumId: photo.albumId,
  caption: photo.caption,
  position: photo.position,
  sizes: photo.fileKeys.map((key, i) => ({ url: store.urlOf(key), width: photo.widths[i] ?? photo.width })),
  width: photo.width,
  height: photo.height,
});

async function albumsWithPhotos(
  db: Db,
  store: PublicFileStore,
  publicOnly: boolean,
): Promise<GalleryAlbum[]> {
  const [albums, photos] = await Promise.all([
    repo.listAlbums(db, publicOnly),
    repo.listPhotos(db, publicOnly),
  ]);
  return albums.map((album) => ({
    _id: album.id,
    title: album.title,
    description: album.description,
    position: album.position,
    isPublished: album.isPublished,
    isHidden: album.isHidden,
    coverPhotoId: album.coverPhotoId,
    photos: photos.filter((p) => p.albumId === album.id).map((p) => photoDto(store, p)),
    updatedAt: album.updatedAt.toISOString(),
  }));
}

export const adminGallery = (db: Db, store: PublicFileStore) => albumsWithPhotos(db, store, false);

/** Published albums that are not hidden and have photos; the cover is the chosen photo or the first. */
export async function publicGallery(db: Db, store: PublicFileStore): Promise<PublicGalleryAlbum[]> {
  const strip = ({ _id, caption, sizes, width, height }: GalleryPhoto): PublicGalleryPhoto => ({
    _id,
    caption,
    sizes,
    width,
    height,
  });
  return (await albumsWithPhotos(db, store, true))
    .filter((album) => album.photos.length > 0)
    .map((album) => {
      const cover = album.photos.find((p) => p._id === album.coverPhotoId) ?? album.photos[0] ?? null;
      return {
        _id: album._id,
        title: album.title,
        description: album.description,
        cover: cover === null ? null : strip(cover),
        photos: album.photos.map(strip),
      };
    });
}

async function findAlbum(db: Db, store: PublicFileStore, id: string): Promise<GalleryAlbum> {
  const album = (await adminGallery(db, store)).find((a) => a._id === id);
  if (!album) {
    throw notFound(ALBUM_NOT_FOUND);
  }
  return album;
}

export async function createAlbum(db: Db, store: PublicFileStore, actor: Actor, body: AlbumBody) {
  const id = await db.transaction().execute(async (trx) => {
    const albums = await repo.lockAlbums(trx);
    const created = await repo.insertAlbum(trx, { ...body, position: nextPosition(albums) });
    await audit(trx, actor, 'gallery.album.create', 'galleryAlbum', created.id, { title: body.title });
    return created.id;
  });
  return findAlbum(db, store, id);
}

export async function updateAlbum(
  db: Db,
  store: PublicFileStore,
  actor: Actor,
  id: string,
  changes: AlbumChanges,
): Promise<GalleryAlbum> {
  await db.transaction().execute(async (trx) => {
    const album = await repo.lockAlbum(trx, id);
    if (!album) {
      throw notFound(ALBUM_NOT_FOUND);
    }
    if (changes.coverPhotoId) {
      const photos = await repo.lockPhotosOfAlbum(trx, id);
      if (!photos.some((p) => p.id === changes.coverPhotoId)) {
        throw badRequest('coverPhotoId: must be a photo of this album');
      }
    }
    await repo.updateAlbum(trx, id, changes);
    await audit(trx, actor, 'gallery.album.update', 'galleryAlbum', id, { ...changes });
  });
  return findAlbum(db, store, id);
}

/** A move of one album or photo one place up or down, answered with it as it now is. */
type Move<T> = (db: Db, store: PublicFileStore, actor: Actor, id: string, direction: ListMove) => Promise<T>;

export const moveAlbum: Move<GalleryAlbum> = async (db, store, actor, id, direction) => {
  await db.transaction().execute(async (trx) => {
    const albums = await repo.lockAlbums(trx);
    if (!albums.some((a) => a.id === id)) {
      throw notFound(ALBUM_NOT_FOUND);
    }
    const setPosition = (rowId: string, position: number) => repo.updateAlbum(trx, rowId, { position });
    if (await swapWithNeighbour(albums, id, direction, setPosition)) {
      await audit(trx, actor, 'gallery.album.move', 'galleryAlbum', id, { direction });
    }
  });
  return findAlbum(db, store, id);
};

export async function deleteAlbum(db: Db, store: PublicFileStore, actor: Actor, id: string) {
  const keys = await db.transaction().execute(async (trx) => {
    const album = await repo.lockAlbum(trx, id);
    if (!album) {
      throw notFound(ALBUM_NOT_FOUND);
    }
    const photos = await repo.lockPhotosOfAlbum(trx, id);
    await repo.updateAlbum(trx, id, { coverPhotoId: null });
    for (const photo of photos) {
      await repo.deletePhoto(trx, photo.id);
    }
    await repo.deleteAlbum(trx, id);
    await audit(trx, actor, 'gallery.album.delete', 'galleryAlbum', id, {
      title: album.title,
      photos: photos.length,
    });
    return photos.flatMap((p) => p.fileKeys);
  });
  await Promise.all(keys.map((key) => store.remove(key)));
}

/** One photo per request (the client shows each file's progress): checked, re-encoded, added at the end. */
export async function addPhoto(
  db: Db,
  store: PublicFileStore,
  actor: Actor,
  albumId: string,
  bytes: Buffer,
): Promise<GalleryPhoto> {
  const albums = await repo.listAlbums(db, false);
  if (!albums.some((a) => a.id === albumId)) {
    throw notFound(ALBUM_NOT_FOUND);
  }
  const id = randomUUID();
  const variants = await encodeImage(store, bytes, GALLERY_WIDTHS, (width) => `gallery/${id}-${width}.webp`, {
    maxBytes: GALLERY_LIMITS.photoBytes,
    maxHeight: 1600,
    allowGif: false,
  });
  const largest = variants.at(-1)!;
  try {
    await db.transaction().execute(async (trx) => {
      const album = await repo.lockAlbum(trx, albumId);
      if (!album) {
        throw notFound(ALBUM_NOT_FOUND);
      }
      const photos = await repo.lockPhotosOfAlbum(trx, albumId);
      await repo.insertPhoto(trx, {
        id,
        albumId,
        caption: '',
        position: nextPosition(photos),
        fileKeys: variants.map((v) => v.key),
        widths: variants.map((v) => v.width),
        width: largest.width,
        height: largest.height,
      });
      await audit(trx, actor, 'gallery.photo.upload', 'galleryPhoto', id, {
        albumId,
        bytes: bytes.length,
        sizes: variants.map((v) => v.width),
      });
    });
  } catch (error) {
    await Promise.all(variants.map((v) => store.remove(v.key)));
    throw error;
  }
  const row = await repo.findPhoto(db, id);
  return photoDto(store, row!);
}

export async function updateCaption(
  db: Db,
  store: PublicFileStore,
  actor: Actor,
  id: string,
  caption: string,
) {
  await db.transaction().execute(async (trx) => {
    const photo = await repo.findPhoto(trx, id);
    if (!photo) {
      throw notFound(PHOTO_NOT_FOUND);
    }
    await repo.updatePhoto(trx, id, { caption });
    await audit(trx, actor, 'gallery.photo.caption', 'galleryPhoto', id, { caption });
  });
  return photoDto(store, (await repo.findPhoto(db, id))!);
}

export const movePhoto: Move<GalleryPhoto> = async (db, store, actor, id, direction) => {
  await db.transaction().execute(async (trx) => {
    const photo = await repo.findPhoto(trx, id);
    if (!photo || !(await repo.lockAlbum(trx, photo.albumId))) {
      throw notFound(PHOTO_NOT_FOUND);
    }
    const photos = await repo.lockPhotosOfAlbum(trx, photo.albumId);
    if (
      await swapWithNeighbour(photos, id, direction, (rowId, p) =>
        repo.updatePhoto(trx, rowId, { position: p }),
      )
    ) {
      await audit(trx, actor, 'gallery.photo.move', 'galleryPhoto', id, { direction });
    }
  });
  return photoDto(store, (await repo.findPhoto(db, id))!);
};

/** Removes the row and then every stored size of its file (children appear in these photos). */
export async function deletePhoto(db: Db, store: PublicFileStore, actor: Actor, id: string) {
  const keys = await db.transaction().execute(async (trx) => {
    const photo = await repo.findPhoto(trx, id);
    if (!photo || !(await repo.lockAlbum(trx, photo.albumId))) {
      throw notFound(PHOTO_NOT_FOUND);
    }
    await repo.deletePhoto(trx, id);
    await audit(trx, actor, 'gallery.photo.delete', 'galleryPhoto', id, {
      albumId: photo.albumId,
      files: photo.fileKeys,
    });
    return photo.fileKeys;
  });
  await Promise.all(keys.map((key) => store.remove(key)));
}
