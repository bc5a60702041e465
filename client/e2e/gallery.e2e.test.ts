import { seedDemoAlbum } from '@riyazi/api/gallery-demo';
import { createStorage } from '@riyazi/api/storage';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../test/helpers.js';
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

/** What a new install shows: the demo album, published, six drawn photos with captions. */
const demoAlbum = () => seedDemoAlbum(holder.stack.db, createStorage(holder.stack.config));

/** The viewer's photo large and whole in the window, its caption below it and on screen too. */
async function expectViewerFits(page: Page, window: { width: number; height: number }) {
  await page.getByTestId('photo-viewer-image').evaluate((img: HTMLImageElement) => img.decode());
  const image = await page.getByTestId('photo-viewer-image').boundingBox();
  const caption = await page.getByTestId('photo-viewer-caption').boundingBox();
  expect(image!.height).toBeGreaterThan(window.height / 3);
  expect(image!.x + image!.width).toBeLessThanOrEqual(window.width);
  expect(caption!.y).toBeGreaterThanOrEqual(image!.y + image!.height);
  expect(caption!.y + caption!.height).toBeLessThanOrEqual(window.height);
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
    const captionOf = (id: string) =>
      holder.stack.db.selectFrom('galleryPhotos').select('caption').where('id', '=', id).executeTakeFirst();
    await expect.poll(async () => (await captionOf(photos[1]!.id))?.caption).toBe('The trophy for grade 5');
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

  it('on a phone a parent opens the demo album and its viewer, moves by arrow key and swipe, and Escape closes it', async () => {
    const { stack } = holder;
    await demoAlbum();
    const { context, page } = await openPage(stack, PHONE);
    await page.goto('/gallery');
    const card = page.getByTestId('gallery-album-card').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await page.getByTestId('gallery-album-card').count()).toBe(1);
    expect(await card.textContent()).toContain('6 photos');
    await expectFits(page, 'gallery/public-albums-360');
    await card.click();
    const opens = page.getByTestId('gallery-photo-open');
    await expect.poll(() => opens.count()).toBe(6);
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
    await expect.poll(() => counter.textContent()).toBe('1 of 6');
    expect(await viewer.getByTestId('photo-viewer-caption').textContent()).toBe(
      'The stage is set for the 2026 prize ceremony.',
    );
    await expectViewerFits(page, PHONE);
    await screenshotFor(page, 'gallery/viewer-360');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('2 of 6');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe('1 of 6');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe('6 of 6');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe('1 of 6');

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
    await expect.poll(() => counter.textContent()).toBe('2 of 6');
    expect(await viewer.getByTestId('photo-viewer-caption').textContent()).toMatch(/trophy/);

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
      'Open photo 1 of 6',
    );

    // On a laptop: more columns, and the viewer shows the photo large in the middle.
    await page.setViewportSize(DESKTOP);
    await expectFits(page, 'gallery/public-album-1366');
    await opens.nth(1).click();
    await viewer.waitFor();
    await expectViewerFits(page, DESKTOP);
    await screenshotFor(page, 'gallery/viewer-1366');
    await page.keyboard.press('Escape');
    await page.getByTestId('gallery-back').click();
    await card.waitFor();
    await expectFits(page, 'gallery/public-albums-1366');
    await context.close();
  });

  it('hiding the album takes it off the public gallery without deleting its photos', async () => {
    const { stack } = holder;
    await demoAlbum();
    const editor = await makeStaff(stack.db, { superAdmin: true });
    const { context, page } = await openPage(stack, PHONE);
    await signInAsAdmin(page, editor.email, editor.password);
    await page.goto(GALLERY_ADMIN);
    const row = page.getByTestId('gallery-album').filter({ hasText: TITLE });
    expect(await row.getByTestId('gallery-album-status').textContent()).toBe('Published · 6 photos');
    await expectFits(page, 'gallery/admin-albums-360');
    await row.getByTestId('gallery-album-open').click();
    const captions = page.getByTestId('gallery-photo-caption');
    await expect.poll(() => captions.count()).toBe(6);
    expect(await captions.first().inputValue()).toBe('The stage is set for the 2026 prize ceremony.');
    expect(
      await page.locator('[data-testid="gallery-photo"][data-cover]').getByRole('img').getAttribute('alt'),
    ).toMatch(/trophy/);
    await expectFits(page, 'gallery/admin-demo-album-360');
    await page.setViewportSize(DESKTOP);
    await expectFits(page, 'gallery/admin-demo-album-1366');
    await page.getByTestId('gallery-album-hidden').check();
    await expect.poll(async () => (await storedAlbum())?.isHidden).toBe(true);
    expect(await storedPhotos()).toHaveLength(6);

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
