import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, fileForm, loginStaff, makeStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const multipart = (filename: string, content: Buffer, type = 'image/png') =>
  fileForm(filename, content, type);

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    [format]()
    .toBuffer();

async function tokenFor(permissions?: Parameters<typeof makeStaff>[1]) {
  return (await loginStaff(t.app, await makeStaff(t.db, permissions))).accessToken;
}

async function upload(token: string, filename: string, content: Buffer, type?: string) {
  const form = multipart(filename, content, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/images',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

describe('question pictures', () => {
  it('re-encodes a picture to WebP at 480 and 960 px, serves it with year-long caching and audits it', async () => {
    const token = await tokenFor({ permissions: [['question', 'create']] });
    const res = await upload(token, 'triangle.png', await picture(1500, 1000));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.url).toMatch(/^\/uploads\/images\/[0-9a-f]{24}-960\.webp$/);
    expect(data).toMatchObject({ width: 960, height: 640 });
    expect(data.variants.map((v: { width: number }) => v.width)).toEqual([480, 960]);

    for (const variant of data.variants) {
      const file = await t.app.inject({ method: 'GET', url: variant.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
    }
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('action', '=', 'media.upload')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ url: data.url, width: 960 });
  });

  it('keeps a small picture at its own size, drops its EXIF data, and stores the same picture once', async () => {
    const token = await tokenFor({ permissions: [['question', 'update']] });
    const jpeg = await sharp(await picture(300, 200, 'jpeg'))
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const first = await upload(token, 'photo.jpg', jpeg, 'image/jpeg');
    expect(first.statusCode).toBe(201);
    const { data } = first.json();
    expect(data.variants).toEqual([{ url: data.url, width: 300 }]);
    const file = await t.app.inject({ method: 'GET', url: data.url });
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);

    const again = await upload(token, 'copy.jpg', jpeg, 'image/jpeg');
    expect(again.json().data.url).toBe(data.url);
  });

  it('judges the type from the content: a script named .png, an SVG and an empty file are refused', async () => {
    const token = await tokenFor({ superAdmin: true });
    for (const [name, content, type] of [
      ['evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png'],
      [
        'drawing.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'image/svg+xml',
      ],
      ['doc.pdf', Buffer.from('%PDF-1.4 hello'), 'application/pdf'],
    ] as const) {
      const res = await upload(token, name, content, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('file: must be a picture (JPEG, PNG, WebP or GIF)');
    }
    const empty = await upload(token, 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const broken = await upload(token, 'broken.png', (await picture(50, 50)).subarray(0, 40));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/could not be read/);
  });

  it('refuses a picture over 2 MB with 413 and a request that is not multipart with 400', async () => {
    const token = await tokenFor({ superAdmin: true });
    const big = Buffer.concat([await picture(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(token, 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is larger than 2 MB. Please upload a smaller picture.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media/images',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the picture as multipart/form-data');
  });

  it('needs question create or update permission, checked on the server', async () => {
    const png = await picture(20, 20);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/media/images',
      ...multipart('a.png', png),
    });
    expect(anonymous.statusCode).toBe(401);
    const reader = await tokenFor({ permissions: [['question', 'read']] });
    const res = await upload(reader, 'a.png', png);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this' });
  });

  it('answers a missing upload with a JSON 404 (never the app page) and never serves a private file beside the public root', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/images/nothing-960.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    // Student documents live in the same upload root, next to the public folder.
    const documents = path.join(t.config.UPLOAD_DIR, 'documents');
    await mkdir(documents, { recursive: true });
    await writeFile(path.join(documents, 'probe.txt'), 'TOP-SECRET-B-FORM');
    for (const url of [
      '/uploads/documents/probe.txt',
      '/uploads/../documents/probe.txt',
      '/uploads/%2e%2e/documents/probe.txt',
      '/uploads/..%2fdocuments%2fprobe.txt',
      '/uploads/images/%2e%2e/%2e%2e/documents/probe.txt',
      '/uploads/%252e%252e/documents/probe.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('TOP-SECRET');
    }
  });
});
