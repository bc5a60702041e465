import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileForm, loginStaff, makeStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function editorToken() {
  const staff = await makeStaff(t.db, {
    permissions: [
      ['photoGallery', 'read'],
      ['photoGallery', 'create'],
      ['photoGallery', 'update'],
      ['photoGallery', 'delete'],
    ],
  });
  return (await loginStaff(t.app, staff)).accessToken;
}

/** An admin gallery route (`album/create/`, `photo/delete/?id=…`) as the holder of `token`. */
const send = (token: string, method: 'GET' | 'POST' | 'DELETE', route: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/gallery/${route}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

async function createAlbum(token: string, title = '2026 prize ceremony') {
  const res = await send(token, 'POST', 'album/create/', { title, description: 'Winners on stage' });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

function upload(token: string, albumId: string, filename: string, content: Buffer, type = 'image/png') {
  const form = fileForm(filename, content, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/gallery/photo/upload/?albumId=${albumId}`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

const publicAlbums = async () => (await t.app.inject({ method: 'GET', url: '/api/gallery' })).json().data;

describe('photo gallery', () => {
  it('stores an uploaded PNG as WebP at 480, 960 and 1600 px, never larger than the photo', async () => {
    const token = await editorToken();
    const albumId = await createAlbum(token);
    const big = await upload(token, albumId, 'stage.png', await picture(2000, 1200));
    expect(big.statusCode).toBe(201);
    const photo = big.json().data;
    expect(photo.sizes.map((s: { width: number }) => s.width)).toEqual([480, 960, 1600]);
    expect(photo).toMatchObject({ width: 1600, height: 960, albumId });
    for (const size of photo.sizes) {
      const file = await t.app.inject({ method: 'GET', url: size.url });
      expect(file.statusCode).toBe(200);
      // Not the question pictures' year: a removed photo of a child leaves caches within the hour.
      expect(file.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width });
    }
    const small = await upload(token, albumId, 'small.png', await picture(600, 400));
    expect(small.json().data.sizes.map((s: { width: number }) => s.width)).toEqual([480, 600]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'gallery.photo.upload')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses a file that is not a picture though it is named .jpg, and a GIF', async () => {
    const token = await editorToken();
    const albumId = await createAlbum(token);
    const fake = await upload(
      token,
      albumId,
      'holiday.jpg',
      Buffer.from('%PDF-1.4 not a photo at all'),
      'image/jpeg',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/JPEG, PNG or WebP/);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(token, albumId, 'a.gif', gif, 'image/gif')).statusCode).toBe(400);
    expect(await t.db.selectFrom('galleryPhotos').select('id').execute()).toEqual([]);
  });

  it('deleting a photo removes every stored size of its file and clears the cover', async () => {
    const token = await editorToken();
    const albumId = await createAlbum(token);
    const photo = (await upload(token, albumId, 'stage.png', await picture(1800, 1000))).json().data;
    const cover = await send(token, 'POST', `album/update/?id=${albumId}`, { coverPhotoId: photo._id });
    expect(cover.json().data.coverPhotoId).toBe(photo._id);
    const removed = await send(token, 'DELETE', `photo/delete/?id=${photo._id}`);
    expect(removed.statusCode).toBe(200);
    expect(photo.sizes).toHaveLength(3);
    for (const size of photo.sizes) {
      expect((await t.app.inject({ method: 'GET', url: size.url })).statusCode).toBe(404);
    }
    const album = (await send(token, 'GET', '')).json().data[0];
    expect(album).toMatchObject({ coverPhotoId: null, photos: [] });
  });

  it('shows only published albums that are not hidden, with the chosen cover', async () => {
    const token = await editorToken();
    const albumId = await createAlbum(token);
    await upload(token, albumId, 'one.png', await picture(500, 300));
    const second = (await upload(token, albumId, 'two.png', await picture(500, 300))).json().data;
    expect(await publicAlbums()).toEqual([]);
    const update = (payload: object) => send(token, 'POST', `album/update/?id=${albumId}`, payload);
    await update({ isPublished: true, coverPhotoId: second._id });
    const [shown] = await publicAlbums();
    expect(shown).toMatchObject({ _id: albumId, cover: { _id: second._id } });
    expect(shown.photos).toHaveLength(2);
    await update({ isHidden: true });
    expect(await publicAlbums()).toEqual([]);
    expect((await t.db.selectFrom('galleryPhotos').select('id').execute()).length).toBe(2);
  });

  it('checks the photoGallery permission on the server', async () => {
    const editor = await editorToken();
    const albumId = await createAlbum(editor);
    const reader = (
      await loginStaff(t.app, await makeStaff(t.db, { permissions: [['photoGallery', 'read']] }))
    ).accessToken;
    const outsider = (
      await loginStaff(t.app, await makeStaff(t.db, { permissions: [['faqManagement', 'read']] }))
    ).accessToken;
    expect((await send(outsider, 'GET', '')).statusCode).toBe(403);
    expect((await send(reader, 'GET', '')).statusCode).toBe(200);
    const upload403 = await upload(reader, albumId, 'x.png', await picture(100, 100));
    expect(upload403.statusCode).toBe(403);
    expect(upload403.json().message).toBeTruthy();
    const delete403 = await send(reader, 'DELETE', `album/delete/?id=${albumId}`);
    expect(delete403.statusCode).toBe(403);
    expect((await send(reader, 'POST', `album/move/?id=${albumId}`, { direction: 'up' })).statusCode).toBe(
      403,
    );
  });

  it('moves albums and photos one place at a time; a move past either end changes nothing', async () => {
    const token = await editorToken();
    const first = await createAlbum(token, 'First');
    const second = await createAlbum(token, 'Second');
    const titles = async () =>
      (await send(token, 'GET', '')).json().data.map((a: { title: string }) => a.title);
    expect((await send(token, 'POST', `album/move/?id=${second}`, { direction: 'up' })).statusCode).toBe(200);
    expect(await titles()).toEqual(['Second', 'First']);
    expect((await send(token, 'POST', `album/move/?id=${second}`, { direction: 'up' })).statusCode).toBe(200);
    expect(await titles()).toEqual(['Second', 'First']);
    const bad = await send(token, 'POST', `album/move/?id=${first}`, { direction: 'left' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/up or down/);

    const ids: string[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) {
      ids.push((await upload(token, first, name, await picture(300, 200))).json().data._id);
    }
    await send(token, 'POST', `photo/move/?id=${ids[2]}`, { direction: 'up' });
    await send(token, 'POST', `photo/move/?id=${ids[0]}`, { direction: 'up' });
    const album = (await send(token, 'GET', '')).json().data.find((a: { _id: string }) => a._id === first);
    expect(album.photos.map((p: { _id: string }) => p._id)).toEqual([ids[0], ids[2], ids[1]]);
    const moves = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'in', ['gallery.album.move', 'gallery.photo.move'])
      .execute();
    expect(moves.map((m) => m.action).sort()).toEqual(['gallery.album.move', 'gallery.photo.move']);
  });
});
