import { sql } from 'kysely';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshotFor, signInAsStudent } from './pages.js';
import { openDemoContest, setupSeededStack } from './stack.js';

// Bytes are deterministic for a build (compressed bodies plus headers), so they are asserted here;
// timings and Lighthouse scores are not: they are measured by loadtest/src/web-budgets.ts.
const KB = 1024;
const holder = setupSeededStack();

beforeEach(() => openDemoContest(holder.stack));

interface Loaded {
  url: string;
  type: string;
  bytes: number;
  /** Of bytes: the body (0 when the browser answered from a preload or its cache). */
  body: number;
  encoding: string | undefined;
}

/** Every response of the page with what it cost on the wire. */
function recordResponses(page: Page): () => Promise<Loaded[]> {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return () =>
    Promise.all(
      responses.map(async (response) => {
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          type: response.request().resourceType(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          body: sizes.responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'],
        };
      }),
    );
}

const jsCss = (loaded: Loaded[]) => loaded.filter((l) => l.type === 'script' || l.type === 'stylesheet');
const sum = (loaded: Loaded[]) => loaded.reduce((total, l) => total + l.bytes, 0);
/** KaTeX: loaded only for a question with maths. */
const isKatex = (l: Loaded) => /\/assets\/katex/.test(l.url);

/** Every question of the demo contest with an inline and a display formula in its stem. */
async function giveEveryQuestionMaths(): Promise<void> {
  await sql`UPDATE questions SET question_html = question_html ||
    '<p>Think of <span class="math-inline">\\frac{3}{4} + x^2</span>:</p><div class="math-block">\\sqrt{a^2+b^2}</div>'`.execute(
    holder.stack.db,
  );
}

/** The question's formulas laid out by the browser from the api's MathML: a fraction with height. */
async function expectTypesetMaths(page: Page): Promise<void> {
  // A question may hold several fractions: the first one stands for them.
  const fraction = page.locator('.quiz-question__text .math-inline math mfrac').first();
  await fraction.waitFor();
  const box = await fraction.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(16);
  await page.locator('.quiz-question__text .math-block math[display="block"] msqrt').first().waitFor();
  expect(await page.locator('.quiz-question__text .katex-html').count()).toBe(0);
}

async function signInAndStartContest(page: Page): Promise<void> {
  await signInAsStudent(page);
  await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Contest quiz' }).click();
  await page.getByTestId('quiz-start-link').first().click();
  await page.getByTestId('quiz-start').click();
  await page.getByTestId('question-screen').waitFor();
}

async function newPhone(): Promise<BrowserContext> {
  return holder.stack.newContext({ width: 360, height: 740 });
}

describe('what a phone downloads', () => {
  it('opens / with at most 120 KB of JS+CSS, its live updates included, all compressed, and nothing of the admin, KaTeX, Urdu or the student pages', async () => {
    const context = await newPhone();
    const page = await context.newPage();
    const loaded = recordResponses(page);
    // The live updates are part of the first load: the page's socket is open before we count.
    const socketAnswered = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        if (ws.url().includes('/socket.io/')) {
          ws.on('framereceived', () => resolve());
        }
      });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByTestId('public-layout').waitFor();
    await socketAnswered;
    await page.waitForLoadState('networkidle');
    const files = jsCss(await loaded());

    expect(sum(files), JSON.stringify(files)).toBeLessThanOrEqual(120 * KB);
    for (const file of files.filter((l) => l.bytes > 2 * KB)) {
      expect(file.encoding, file.url).toBe('br');
    }
    expect(
      files
        .map((l) => l.url)
        .filter((url) => /admin|katex|payments-chart|noto|arabic|en-student|student-pages/.test(url)),
    ).toEqual([]);
    await context.close();
  });

  it('names the files /login waits for in a Link header, so they load beside the entry instead of after it', async () => {
    const context = await newPhone();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // When each file was first asked for, and when each finished arriving (CDP's monotonic clock).
    const asked = new Map<string, number>();
    const finished = new Map<string, number>();
    const pathOf = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = new URL(event.request.url).pathname;
      pathOf.set(event.requestId, url);
      if (!asked.has(url)) {
        asked.set(url, event.timestamp);
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const url = pathOf.get(event.requestId);
      if (url !== undefined && !finished.has(url)) {
        finished.set(url, event.timestamp);
      }
    });
    // Chromium says so when a preload cannot serve the request it was for (e.g. a CORS mode mismatch).
    const unusedPreloads: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text()) && /not used/i.test(message.text())) {
        unusedPreloads.push(message.text());
      }
    });
    const loaded = recordResponses(page);
    const response = await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');
    const named = [...(response?.headers().link ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]);
    expect(named).toContain(named.find((file) => /\/assets\/student-pages-[\w-]+\.js$/.test(file ?? '')));
    // Every page file loaded after the entry (but the toasts' host, which waits for no paint) was named.
    // What index.html itself loads (the entry): the rest is the page's.
    const indexHtml = await (await context.request.get('/index.html')).text();
    const shell = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    const files = jsCss(await loaded());
    const pageFiles = files
      .map((l) => l.url)
      .filter((url) => !shell.includes(url) && !/toaster-view/.test(url));
    expect(pageFiles.length).toBeGreaterThan(3);
    expect(pageFiles.filter((url) => !named.includes(url))).toEqual([]);
    // Asked for before the entry script had even arrived: only the header can have asked for it.
    const studentPages = named.find((file) => /student-pages-[\w-]+\.js$/.test(file ?? '')) ?? '';
    const entry = shell.find((file) => /\/assets\/index-[\w-]+\.js$/.test(file ?? '')) ?? '';
    expect(asked.get(studentPages) ?? Number.POSITIVE_INFINITY).toBeLessThan(finished.get(entry) ?? 0);
    expect(unusedPreloads).toEqual([]);
    // A file asked for again (a stylesheet the page inserts after its preload) comes without a body.
    const bodies = files.filter((l) => l.body > 0).map((l) => l.url);
    expect(bodies.length).toBe(new Set(bodies).size);
    await context.close();
  });

  it('opens a contest question with maths cold with at most 160 KB of JS+CSS: the formulas arrive as MathML, no KaTeX', async () => {
    await giveEveryQuestionMaths();
    const context = await newPhone();
    const page = await context.newPage();
    await signInAndStartContest(page);
    const questionUrl = page.url();
    await page.close();

    // A new tab with an empty HTTP cache: the question screen as a phone opens it from a link.
    const cold = await context.newPage();
    const cdp = await context.newCDPSession(cold);
    await cdp.send('Network.clearBrowserCache');
    const loaded = recordResponses(cold);
    await cold.goto(questionUrl, { waitUntil: 'networkidle' });
    await cold.getByTestId('question-screen').waitFor();
    await expectTypesetMaths(cold);
    await screenshotFor(cold, 'contest-question-mathml-360');
    const files = jsCss(await loaded());
    expect(sum(files), JSON.stringify(files)).toBeLessThanOrEqual(160 * KB);
    expect(files.map((l) => l.url).filter((url) => /admin|payments-chart|katex/.test(url))).toEqual([]);
    await context.close();
  });

  it('typesets the maths with KaTeX on a browser without MathML', async () => {
    await giveEveryQuestionMaths();
    const context = await newPhone();
    await context.addInitScript(() => {
      // An older phone browser: no MathML Core.
      Reflect.deleteProperty(window, 'MathMLElement');
    });
    const page = await context.newPage();
    const loaded = recordResponses(page);
    await signInAndStartContest(page);
    await page.locator('.quiz-question__text .math-block .katex-html').first().waitFor();
    expect(await page.locator('.quiz-question__text .math-inline .katex-html').count()).toBeGreaterThan(0);
    expect((await loaded()).filter(isKatex).length).toBeGreaterThan(0);
    await screenshotFor(page, 'contest-question-katex-fallback-360');
    await context.close();
  });
});
