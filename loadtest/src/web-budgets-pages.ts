// The pages web-budgets.ts measures in Chromium: a cold load's bytes on the wire, first contentful
// paint on a slow network, and the signed-in contest question screen.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_STUDENT_PASSWORD, STUDENTS } from '../../db/src/seed/reference.js';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const DEMO_STUDENT = STUDENTS[0]!;

/** Lighthouse's mobile network (its "slow 4G"): 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export interface Transfer {
  jsCss: number;
  /** Of jsCss: KaTeX, loaded only for a question with maths. */
  katex: number;
  total: number;
  requests: number;
}

/** Counts what crosses the network (compressed bodies plus headers) while `load` runs. */
async function measureTransfer(
  cdp: CDPSession,
  verbose: boolean,
  load: () => Promise<unknown>,
): Promise<Transfer> {
  const types = new Map<string, { type: string; url: string }>();
  const transfer: Transfer = { jsCss: 0, katex: 0, total: 0, requests: 0 };
  const onResponse = (event: { requestId: string; type: string; response: { url: string } }) =>
    types.set(event.requestId, { type: event.type, url: event.response.url });
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    const { type, url } = types.get(event.requestId) ?? {};
    if (type === undefined) {
      return;
    }
    if (verbose) {
      console.log(`    ${kb(event.encodedDataLength).padStart(9)}  ${type.padEnd(10)} ${url}`);
    }
    transfer.requests += 1;
    transfer.total += event.encodedDataLength;
    if (type === 'Script' || type === 'Stylesheet') {
      transfer.jsCss += event.encodedDataLength;
      if (/\/assets\/katex/.test(url ?? '')) {
        transfer.katex += event.encodedDataLength;
      }
    }
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  try {
    await load();
  } finally {
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.loadingFinished', onFinished);
  }
  return transfer;
}

/** A tab with an empty HTTP cache and no service worker (cookies and storage kept), the network watched. */
export async function coldPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  // A first visit: the service worker an earlier load installed must not answer from its cache.
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  return { page, cdp };
}

async function firstContentfulPaint(page: Page): Promise<number> {
  const entry = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  await page.waitForFunction(entry);
  return page.evaluate(entry);
}

export async function homeFirstLoad(context: BrowserContext, base: string, verbose: boolean) {
  const { page, cdp } = await coldPage(context);
  const transfer = await measureTransfer(cdp, verbose, () =>
    page.goto(`${base}/`, { waitUntil: 'networkidle' }),
  );
  await page.close();
  return transfer;
}

export async function slowNetworkPaint(context: BrowserContext, url: string) {
  const { page, cdp } = await coldPage(context);
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.goto(url, { waitUntil: 'load' });
  const fcp = await firstContentfulPaint(page);
  await page.close();
  return fcp;
}

export async function signIn(context: BrowserContext, base: string) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByTestId('login-email').fill(DEMO_STUDENT.email);
  await page.getByTestId('login-password').fill(DEMO_STUDENT_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-home').waitFor();
  return page;
}

/** Starts a contest play from the dashboard and returns the question screen's address. */
export async function startContest(page: Page) {
  await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Contest quiz' }).click();
  await page.getByTestId('contest-quiz-page').waitFor();
  await page.getByTestId('quiz-start-link').first().click();
  await page.getByTestId('quiz-start').click();
  await page.getByTestId('question-screen').waitFor();
  return page.url();
}

/** `withoutMathMl`: as an older browser (no MathML Core) sees it, where KaTeX typesets the maths. */
export async function contestQuestionColdLoad(
  context: BrowserContext,
  url: string,
  verbose: boolean,
  withoutMathMl = false,
) {
  const { page, cdp } = await coldPage(context);
  if (withoutMathMl) {
    await page.addInitScript("Reflect.deleteProperty(window, 'MathMLElement');");
  }
  const transfer = await measureTransfer(cdp, verbose, async () => {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByTestId('question-screen').waitFor();
    await page
      .locator(withoutMathMl ? '.quiz-question__text .katex-html' : '.quiz-question__text math')
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
  });
  await page.close();
  return transfer;
}
