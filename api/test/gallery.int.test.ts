import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

function multipart(filename: string, content: Buffer, type: string) {
  const boundary = '----riyazi-gallery-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function createAlbum(token: string, title = '2026 prize ceremony') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/gallery/album/create/',
    headers: auth(token),
    payload: { title, description: 'Winners on stage' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

async function upload(token: string, albumId: string, filename: string, content: Buffer, type = 'image/png') {
  const form = multipart(filename, content, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/gallery/photo/upload/?albumId=${albumId}`,
    headers: { ...form.headers, ...auth(token) },
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
    const cover = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gallery/album/update/?id=${albumId}`,
      headers: auth(token),
      payload: { coverPhotoId: photo._id },
    });
    expect(cover.json().data.coverPhotoId).toBe(photo._id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/gallery/photo/delete/?id=${photo._id}`,
      headers: auth(token),
    });
    expect(removed.statusCode).toBe(200);
    expect(photo.sizes).toHaveLength(3);
    for (const size of photo.sizes) {
      expect((await t.app.inject({ method: 'GET', url: size.url })).statusCode).toBe(404);
    }
    const album = (
      await t.app.inject({ method: 'GET', url: '/api/admin/gallery/', headers: auth(token) })
    ).json().data[0];
    expect(album).toMatchObject({ coverPhotoId: null, photos: [] });
  });

  it('shows only published albums that are not hidden, with the chosen cover', async () => {
    const token = await editorToken();
    const albumId = await createAlbum(token);
    await upload(token, albumId, 'one.png', await picture(500, 300));
    const second = (await upload(token, albumId, 'two.png', await picture(500, 300))).json().data;
    expect(await publicAlbums()).toEqual([]);
    const update = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/gallery/album/update/?id=${albumId}`,
        headers: auth(token),
        payload,
      });
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
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/gallery/', headers: auth(outsider) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/gallery/', headers: auth(reader) })).statusCode,
    ).toBe(200);
    const upload403 = await upload(reader, albumId, 'x.png', await picture(100, 100));
    expect(upload403.statusCode).toBe(403);
    expect(upload403.json().message).toBeTruthy();
    const delete403 = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/gallery/album/delete/?id=${albumId}`,
      headers: auth(reader),
    });
    expect(delete403.statusCode).toBe(403);
  });
});
