import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff } from '../../test/helpers.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();
const DESKTOP = { width: 1366, height: 800 } as const;
const GALLERY_ADMIN = '/admin-a1b2c3/content/photo-gallery';
const TITLE = '2026 prize ceremony';

/** A photo as a camera would send it: larger than every stored size, one colour per photo. */
const photo = async (name: string, r: number, g: number, b: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 2000, height: 1400, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 95 })
    .toBuffer(),
});

const storedAlbum = () =>
  holder.stack.db
    .selectFrom('galleryAlbums')
    .select(['id', 'isPublished', 'isHidden', 'coverPhotoId'])
    .where('title', '=', TITLE)
    .executeTakeFirst();
const storedPhotos = () =>
  holder.stack.db
    .selectFrom('galleryPhotos')
    .select(['id', 'widths', 'position'])
    .orderBy('position')
    .execute();

/** The state the first test leaves (each test starts from an empty database): published, cover first. */
async function publishedAlbum() {
  const { app, db } = holder.stack;
  const token = (await loginStaff(app, await makeStaff(db, { superAdmin: true }))).accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const album = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/gallery/album/create/',
      headers,
      payload: { title: TITLE },
    })
  ).json().data;
  const ids: string[] = [];
  for (const [i, colour] of [
    [40, 120, 200],
    [200, 60, 40],
  ].entries()) {
    const file = await photo(`p${i}.jpg`, colour[0]!, colour[1]!, colour[2]!);
    const boundary = '----gallery-e2e';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/gallery/photo/upload/?albumId=${album._id}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    ids.push(res.json().data._id);
  }
  await app.inject({
    method: 'POST',
    url: `/api/admin/gallery/photo/update/?id=${ids[0]}`,
    headers,
    payload: { caption: 'The trophy for grade 5' },
  });
  await app.inject({
    method: 'POST',
    url: `/api/admin/gallery/album/update/?id=${album._id}`,
    headers,
    payload: { isPublished: true, coverPhotoId: ids[0] },
  });
}

describe('photo gallery', () => {
  it('an admin with only the gallery permission uploads two photos with progress, sets the cover and publishes the album', async () => {
    const { stack } = holder;
    const editor = await makeStaff(stack.db, {
      permissions: [
        ['photoGallery', 'read'],
        ['photoGallery', 'create'],
        ['photoGallery', 'update'],
        ['photoGallery', 'delete'],
      ],
    });
    const { context, page } = await openPage(stack, DESKTOP);
    await signInAsAdmin(page, editor.email, editor.password);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Photo gallery' })
      .click();
    await page.waitForURL(`**${GALLERY_ADMIN}`);

    await page.getByTestId('gallery-album-add').click();
    await page.getByTestId('gallery-album-title').fill(TITLE);
    await page.getByTestId('gallery-album-description').fill('Winners of every grade on stage');
    await page.getByTestId('gallery-album-save').click();
    const panel = page.getByTestId('gallery-album-panel');
    await panel.waitFor();

    // Slow the uploads down so each file's own progress bar can be seen moving.
    await page.route('**/api/admin/gallery/photo/upload/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await panel
      .getByTestId('gallery-photo-input')
      .setInputFiles([await photo('stage.jpg', 200, 60, 40), await photo('trophy.jpg', 40, 120, 200)]);
    const uploads = panel.getByTestId('gallery-upload');
    await expect.poll(() => uploads.count()).toBe(2);
    expect(await uploads.first().getByTestId('gallery-upload-progress').count()).toBe(1);
    await expect
      .poll(() => uploads.evaluateAll((items) => items.map((item) => item.getAttribute('data-state'))), {
        timeout: 20_000,
      })
      .toEqual(['done', 'done']);
    await expect.poll(() => panel.getByTestId('gallery-photo').count()).toBe(2);
    const photos = await storedPhotos();
    expect(photos.map((p) => p.widths)).toEqual([
      [480, 960, 1600],
      [480, 960, 1600],
    ]);
    await screenshotFor(page, 'gallery/admin-album-1366');

    // The second photo becomes the cover, then moves to first place; the album is published.
    const second = panel.getByTestId('gallery-photo').nth(1);
    await second.getByTestId('gallery-photo-caption').fill('The trophy for grade 5');
    await second.getByTestId('gallery-photo-caption-save').click();
    await second.getByTestId('gallery-photo-cover').click();
    await expect.poll(async () => (await storedAlbum())?.coverPhotoId).toBe(photos[1]!.id);
    await panel.locator('[data-testid="gallery-photo"][data-cover]').waitFor();
    await second.getByTestId('gallery-photo-up').click();
    await expect
      .poll(async () => (await storedPhotos()).map((p) => p.id))
      .toEqual([photos[1]!.id, photos[0]!.id]);
    await panel.getByTestId('gallery-album-published').check();
    await expect.poll(async () => (await storedAlbum())?.isPublished).toBe(true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page, 'gallery admin at 1366 px');

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('gallery-album-open').click();
    await panel.getByTestId('gallery-photo').first().waitFor();
    await expectFits(page, 'gallery/admin-album-360');
    await context.close();
  });

  it('on a phone the public gallery opens an album and its viewer, moves by arrow key and swipe, and Escape closes it', async () => {
    const { stack } = holder;
    await publishedAlbum();
    const { context, page } = await openPage(stack, PHONE);
    await page.goto('/gallery');
    const card = page.getByTestId('gallery-album-card').filter({ hasText: TITLE });
    await card.waitFor();
    await expectFits(page, 'gallery/public-albums-360');
    await card.click();
    const opens = page.getByTestId('gallery-photo-open');
    await expect.poll(() => opens.count()).toBe(2);
    const grid = await page
      .getByTestId('gallery-photos')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('loading'), img.getAttribute('srcset')]));
    for (const [loading, srcset] of grid) {
      expect(loading).toBe('lazy');
      expect(srcset).toMatch(/480w, .+ 960w, .+ 1600w$/);
    }
    await expectFits(page, 'gallery/public-album-360');

    await opens.first().click();
    const viewer = page.getByTestId('photo-viewer');
    await viewer.waitFor();
    const counter = viewer.getByTestId('photo-viewer-counter');
    await expect.poll(() => counter.textContent()).toBe('1 of 2');
    expect(await viewer.getByTestId('photo-viewer-caption').textContent()).toBe('The trophy for grade 5');
    await screenshotFor(page, 'gallery/viewer-360');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('2 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe('1 of 2');

    // A finger swipes from right to left across the photo: the next one.
    const stage = await viewer.getByTestId('photo-viewer-stage').boundingBox();
    if (stage === null) {
      throw new Error('the viewer shows no photo');
    }
    const y = stage.y + stage.height / 2;
    await viewer.getByTestId('photo-viewer-stage').dispatchEvent('pointerdown', {
      clientX: stage.x + stage.width - 30,
      clientY: y,
      pointerType: 'touch',
      isPrimary: true,
    });
    await viewer.getByTestId('photo-viewer-stage').dispatchEvent('pointerup', {
      clientX: stage.x + 30,
      clientY: y,
      pointerType: 'touch',
      isPrimary: true,
    });
    await expect.poll(() => counter.textContent()).toBe('2 of 2');

    // Focus stays inside the viewer: Tab from its last button comes back round to its first.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'gallery-photo-open',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Open photo 1 of 2',
    );
    await context.close();
  });

  it('hiding the album takes it off the public gallery without deleting its photos', async () => {
    const { stack } = holder;
    await publishedAlbum();
    const editor = await makeStaff(stack.db, { superAdmin: true });
    const { context, page } = await openPage(stack, PHONE);
    await signInAsAdmin(page, editor.email, editor.password);
    await page.goto(GALLERY_ADMIN);
    await page
      .getByTestId('gallery-album')
      .filter({ hasText: TITLE })
      .getByTestId('gallery-album-open')
      .click();
    await page.getByTestId('gallery-album-hidden').check();
    await expect.poll(async () => (await storedAlbum())?.isHidden).toBe(true);
    expect(await storedPhotos()).toHaveLength(2);

    const visitor = await context.newPage();
    await visitor.goto('/gallery');
    await visitor.getByTestId('gallery-empty').waitFor();
    expect(await visitor.getByTestId('gallery-album-card').count()).toBe(0);
    const album = await storedAlbum();
    await visitor.goto(`/gallery?album=${album!.id}`);
    await visitor.getByTestId('gallery-album-missing').waitFor();
    expect(await visitor.getByTestId('gallery-photo-open').count()).toBe(0);
    await context.close();
  });
});
