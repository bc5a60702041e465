import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PublicGalleryAlbum } from '@riyazi/api/contracts';
import { DEMO_ALBUM, seedDemoAlbum } from '@riyazi/api/gallery-demo';
import { createStorage, localStorage } from '@riyazi/api/storage';
import { createDb } from '@riyazi/db';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dropDatabaseWhenFree } from '../../test/databases.js';
import { useTestContext } from '../../test/helpers.js';
import { testDatabaseUrl } from '../../test/test-worker.js';

const t = useTestContext({ resetEachTest: true });
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

const galleryRows = async () => ({
  albums: await t.db.selectFrom('galleryAlbums').select('id').execute(),
  photos: await t.db.selectFrom('galleryPhotos').select(['id', 'fileKeys']).execute(),
});

describe('the demo album', () => {
  it('is published with six captioned photos and a cover, every size stored and served as WebP; a second run adds nothing', async () => {
    const storage = createStorage(t.config);
    const seeded = await seedDemoAlbum(t.db, storage);
    expect(seeded).toMatchObject({ title: '2026 prize ceremony', photos: 6 });

    const res = await t.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(res.statusCode).toBe(200);
    const albums: PublicGalleryAlbum[] = res.json().data;
    expect(albums.map((a) => a.title)).toEqual([DEMO_ALBUM.title]);
    const album = albums[0]!;
    expect(album.photos).toHaveLength(6);
    expect(album.photos.every((p) => p.caption.length > 10)).toBe(true);
    // The cover is the trophies, not simply the first photo.
    expect(album.cover?._id).toBe(album.photos[1]?._id);
    expect(album.cover?.caption).toMatch(/trophy/i);

    for (const photo of album.photos) {
      expect(photo.sizes.map((s) => s.width)).toEqual([480, 960, 1600]);
      for (const size of photo.sizes) {
        const key = size.url.replace(/^\/uploads\//, '');
        expect(await storage.head(`public/${key}`)).toMatchObject({ size: expect.any(Number) });
        const file = await t.app.inject({ method: 'GET', url: size.url });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.length).toBeLessThan(80_000);
        expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: size.width });
      }
    }
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorType', 'actorId', 'action'])
      .where('action', 'like', 'gallery.%')
      .execute();
    expect(new Set(audit.map((a) => `${a.actorType}:${a.actorId}`))).toEqual(new Set(['system:null']));
    expect(audit.filter((a) => a.action === 'gallery.photo.upload')).toHaveLength(6);

    const before = await galleryRows();
    expect(await seedDemoAlbum(t.db, storage)).toBeNull();
    expect(await galleryRows()).toEqual(before);
  });

  it("npm start's database preparation adds it to a new install, in the configured UPLOAD_DIR, and only once", async () => {
    const url = new URL(testDatabaseUrl());
    const name = `${url.pathname.slice(1)}_prepare`;
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    const uploadDir = await mkdtemp(path.join(tmpdir(), 'riyazi-prepare-'));
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: fresh.toString(),
      UPLOAD_DIR: uploadDir,
      STORAGE_DRIVER: 'local',
      SEED_ADMIN_PASSWORD: 'Prepare-password-2026',
    };
    await dropDatabaseWhenFree(url.toString(), name);
    const db = createDb({ connectionString: fresh.toString(), max: 1 });
    try {
      const first = await run('npx', ['tsx', 'scripts/prepare-db.ts'], { cwd: root, env });
      expect(first.stdout).toContain('Seeded the demo album “2026 prize ceremony” with 6 photos.');
      const photos = await db.selectFrom('galleryPhotos').select('fileKeys').execute();
      const keys = photos.flatMap((p) => p.fileKeys);
      expect(keys).toHaveLength(18);
      const files = localStorage(uploadDir);
      for (const key of keys) {
        expect(await files.head(`public/${key}`)).not.toBeNull();
      }

      const second = await run('npx', ['tsx', 'scripts/prepare-db.ts'], { cwd: root, env });
      expect(second.stdout).not.toContain('demo album');
      expect(await db.selectFrom('galleryAlbums').select('id').execute()).toHaveLength(1);
      expect(await db.selectFrom('galleryPhotos').select('id').execute()).toHaveLength(6);
    } finally {
      await db.destroy();
      await dropDatabaseWhenFree(url.toString(), name);
      await rm(uploadDir, { recursive: true, force: true });
    }
  }, 120_000);
});
