// The demo album of a new install, added by scripts/prepare-db.ts right after the demo dataset: the
// db seed cannot write files, so this side draws the pictures and uploads them like staff would.
import type { Db } from '@riyazi/db';
import sharp from 'sharp';
import { SYSTEM_ACTOR } from '../../lib/audit.js';
import { publicFileStore } from '../../lib/public-files.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { DEMO_SCENES } from './demo-scenes.js';
import * as repo from './gallery.repository.js';
import { addPhoto, createAlbum, updateAlbum, updateCaption } from './gallery.service.js';

export const DEMO_ALBUM = {
  title: '2026 prize ceremony',
  description:
    'The stage, trophies, medals and certificates of the Riyazi Maths Contest 2026 (illustrations).',
} as const;
const COVER_SCENE = 'trophies';

export interface SeededAlbum {
  albumId: string;
  title: string;
  photos: number;
}

/**
 * Adds the published demo album: each scene is rendered to PNG and goes through the gallery's own
 * upload (checked from its bytes, stored as WebP sizes in the configured storage), then gets its
 * caption; the cover is set and the album published last, so a start stopped half way leaves a
 * draft, never half an album on /gallery. Audited as the system. Does nothing (null) when the
 * gallery has any album already.
 */
export async function seedDemoAlbum(db: Db, storage: FileStorage): Promise<SeededAlbum | null> {
  if ((await repo.listAlbums(db, false)).length > 0) {
    return null;
  }
  const store = publicFileStore(storage);
  const album = await createAlbum(db, store, SYSTEM_ACTOR, { ...DEMO_ALBUM });
  let coverPhotoId: string | null = null;
  for (const scene of DEMO_SCENES) {
    const png = await sharp(Buffer.from(scene.svg)).png().toBuffer();
    const photo = await addPhoto(db, store, SYSTEM_ACTOR, album._id, png);
    await updateCaption(db, store, SYSTEM_ACTOR, photo._id, scene.caption);
    if (scene.name === COVER_SCENE) {
      coverPhotoId = photo._id;
    }
  }
  await updateAlbum(db, store, SYSTEM_ACTOR, album._id, { isPublished: true, coverPhotoId });
  return { albumId: album._id, title: album.title, photos: DEMO_SCENES.length };
}
