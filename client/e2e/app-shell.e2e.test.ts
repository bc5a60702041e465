import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, horizontalOverflow, openPage, submitStudentLogin } from './pages.js';
import { openDemoContest, seedDemo, setupStack } from './stack.js';

// A copy of the built client, so rewriting its sw.js never touches the build other tests use.
const builtDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const dist = mkdtempSync(path.join(tmpdir(), 'riyazi-pwa-dist-'));
cpSync(builtDist, dist, { recursive: true });
const swPath = path.join(dist, 'sw.js');
const builtSw = readFileSync(swPath, 'utf8');
const BUILD_ID = /const BUILD_ID = "(\w+)";/.exec(builtSw)?.[1] ?? '';
const NEXT_BUILD_ID = `${BUILD_ID}next`;

const tokens = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/shared/ui/tokens.css'),
  'utf8',
);
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(tokens)?.[1];

const holder = setupStack(seedDemo, { CLIENT_DIST: dist });
const SHOTS = process.env.PWA_SHOTS_DIR ?? '/tmp';

beforeEach(() => {
  writeFileSync(swPath, builtSw);
});

async function newAppContext(width = 1280): Promise<BrowserContext> {
  return holder.stack.newContext({ width, height: 800, serviceWorkers: 'allow' });
}

/** Opens `url` and waits until the service worker is active and controls the page. */
async function openControlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Every URL path in every cache the page can see. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return paths;
  });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('web app manifest', () => {
  it('is linked from the page, valid for Chromium, and its icons load at their declared sizes', async () => {
    const { context, page } = await openPage(holder.stack);
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(parsed.errors).toEqual([]);
    // Test browsers are incognito, which alone keeps Chromium from offering to install.
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      lang: string;
      dir: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Riyazi',
      short_name: 'Riyazi',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: token('color-primary'),
      background_color: token('color-bg'),
      lang: 'en',
      dir: 'ltr',
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const appleHref = (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '';
    const icons = [...manifest.icons, { src: appleHref, sizes: '180x180', type: 'image/png' }];
    for (const icon of icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type'], icon.src).toBe(icon.type);
      const png = await res.body();
      const { width, height } = pngSize(png);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(png.length, `${icon.src} stays small`).toBeLessThan(8 * 1024);
    }
    await context.close();
  });
});

describe('service worker', () => {
  it('registers, controls the page and precaches the shell: index.html and every file it loads', async () => {
    const context = await newAppContext();
    const workerDownloads: Promise<number>[] = [];
    context.on('requestfinished', (request) => {
      if (request.serviceWorker() !== null && new URL(request.url()).pathname.startsWith('/assets/')) {
        workerDownloads.push(request.sizes().then((sizes) => sizes.responseBodySize));
      }
    });
    const page = await context.newPage();
    await openControlled(page, '/');
    const downloaded = await Promise.all(workerDownloads);
    expect(downloaded.length, 'the worker fetched the shell').toBeGreaterThan(0);
    // The page had just loaded them: the HTTP cache answers, nothing is downloaded twice.
    expect(downloaded.reduce((sum, bytes) => sum + bytes, 0)).toBe(0);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(new URL(scriptUrl ?? '').pathname).toBe('/sw.js');
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');

    expect(await cacheNames(page)).toContain(`riyazi-shell-${BUILD_ID}`);
    // What the served index.html itself loads (lazy pages add their own files later).
    const shellFiles = await page.evaluate(async () => {
      const html = await (await fetch('/', { cache: 'no-store' })).text();
      const served = new DOMParser().parseFromString(html, 'text/html');
      return [
        ...[...served.querySelectorAll('script[src]')].map((element) => element.getAttribute('src')),
        ...[...served.querySelectorAll('link[rel="modulepreload"], link[rel="stylesheet"]')].map((element) =>
          element.getAttribute('href'),
        ),
      ].filter((file): file is string => file?.startsWith('/assets/') === true);
    });
    expect(shellFiles.some((file) => file.endsWith('.js'))).toBe(true);
    expect(shellFiles.some((file) => file.endsWith('.css'))).toBe(true);
    const cached = await cachedPaths(page);
    expect(cached).toContain('/index.html');
    for (const file of shellFiles) {
      expect(cached, file).toContain(file);
    }
    await context.close();
  });

  it('offline after a single visit, a reload of / and of /login still shows the app shell', async () => {
    const context = await newAppContext(360);
    const page = await context.newPage();
    await openControlled(page, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The files of this first visit, loaded before the worker took control, are cached too.
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/')),
    );
    await expect
      .poll(async () => {
        const cached = await cachedPaths(page);
        return loaded.filter((path) => !cached.includes(path));
      })
      .toEqual([]);
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();

    await context.setOffline(true);
    const reachable = await page.evaluate(() =>
      fetch('/api/flags', { cache: 'no-store' }).then(
        () => true,
        () => false,
      ),
    );
    expect(reachable, 'the context is really offline').toBe(false);

    await page.reload();
    await page.getByTestId('login-email').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Riyazi/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Riyazi/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});

const enableContests = () => openDemoContest(holder.stack);

/** Signs in and opens the first question of a contest, with the worker controlling the tab. */
async function openContestQuestion(page: Page): Promise<void> {
  await openControlled(page, '/login');
  await submitStudentLogin(page);
  await page.getByTestId('dashboard-home').waitFor();
  await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Contest quiz' }).click();
  await page.getByTestId('contest-quiz-page').waitFor();
  await page.getByTestId('quiz-start-link').first().click();
  await page.getByTestId('quiz-start').click();
  await page.getByTestId('question-screen').waitFor();
}

/** Serves a changed sw.js and asks the browser to check for it. */
async function publishNewWorker(page: Page): Promise<void> {
  writeFileSync(swPath, builtSw.replace(`"${BUILD_ID}"`, `"${NEXT_BUILD_ID}"`));
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

describe('what the service worker never caches', () => {
  it('after a contest question and its API calls, Cache Storage holds no /api/ or /socket.io/ URL', async () => {
    await enableContests();
    const context = await newAppContext(360);
    const page = await context.newPage();
    await openContestQuestion(page);
    const options = page.getByTestId('quiz-option');
    if ((await options.count()) > 0) {
      await options.first().click();
    } else {
      await page.getByTestId('open-answer').fill('7');
    }
    await page.getByTestId('quiz-submit').click();
    await page.waitForURL((url) => url.searchParams.get('qno') === '1');

    const cached = await cachedPaths(page);
    // The worker did cache: the lazily loaded quiz files are there.
    expect(cached.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
    expect(cached.filter((p) => p.startsWith('/api') || p.startsWith('/socket.io'))).toEqual([]);
    await context.close();
  });
});

describe('update prompt', () => {
  it('appears when a new version waits, and Reload makes the new version control the page', async () => {
    const context = await newAppContext(360);
    const page = await context.newPage();
    await openControlled(page, '/');
    await publishNewWorker(page);

    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('A new version of Riyazi is ready.');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'home with the update prompt');
    await page.screenshot({ path: `${SHOTS}/update-prompt-360.png` });

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-reload').click();
    await reloaded;
    await expect.poll(() => cacheNames(page)).toContain(`riyazi-shell-${NEXT_BUILD_ID}`);
    expect(await cacheNames(page)).not.toContain(`riyazi-shell-${BUILD_ID}`);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting)).toBe(
      null,
    );
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it("in a second tab, Reload after the first tab's Reload loads the new version", async () => {
    const context = await newAppContext(360);
    const first = await context.newPage();
    await openControlled(first, '/');
    const second = await context.newPage();
    await openControlled(second, '/faq');
    await publishNewWorker(first);
    await first.getByTestId('update-prompt').waitFor();
    await second.getByTestId('update-prompt').waitFor();

    const firstReloaded = first.waitForEvent('load');
    await first.getByTestId('update-reload').click();
    await firstReloaded;
    const secondReloaded = second.waitForEvent('load', { timeout: 10_000 });
    await second.getByTestId('update-reload').click();
    await secondReloaded;
    expect(new URL(second.url()).pathname).toBe('/faq');
    expect(await second.getByTestId('update-prompt').count()).toBe(0);
    await context.close();
  });

  it('is shown in Urdu, right to left, and Later puts it away', async () => {
    const context = await newAppContext(360);
    await context.addInitScript(() =>
      localStorage.setItem('riyazi:language', JSON.stringify({ language: 'ur', chosen: true })),
    );
    const page = await context.newPage();
    await openControlled(page, '/');
    await publishNewWorker(page);
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('ریاضی کا نیا ورژن تیار ہے۔');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/update-prompt-ur-360.png` });
    await prompt.getByRole('button', { name: 'بعد میں' }).click();
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it('waits while the child is on a contest question and shows once they leave it', async () => {
    await enableContests();
    const context = await newAppContext(360);
    const page = await context.newPage();
    await openContestQuestion(page);
    await publishNewWorker(page);
    // The worker waits; the question screen shows no prompt.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    await page.goto('/dashboard');
    await page.getByTestId('update-prompt').waitFor();
    await context.close();
  });
});

describe('slow network', () => {
  it('a page the network has not sent within 6 s opens from the cached shell', async () => {
    const context = await newAppContext(360);
    const page = await context.newPage();
    await openControlled(page, '/login');
    await page.getByTestId('login-email').waitFor();
    let held = 0;
    await context.route('**/login', async (route) => {
      // The worker's own fetch of the page (Chromium routes service worker requests too).
      if (route.request().serviceWorker() !== null) {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, 20_000));
      }
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.reload({ timeout: 15_000 });
    await page.getByTestId('login-email').waitFor();
    expect(held, 'the page request was held back').toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(12_000);
    await context.close();
  });
});
