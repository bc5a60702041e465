import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import type { ContextOptions, Stack } from './stack.js';

/** A phone's viewport, the size most student pages are tested at. */
export const PHONE = { width: 360, height: 740 } as const;
/** The admin's laptop the issues measure against. */
export const DESKTOP = { width: 1366, height: 900 } as const;

/** A new browser context (see Stack.newContext: 1280 × 800 unless told) and its first page. */
export async function openPage(
  stack: Stack,
  options?: ContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.newContext(options);
  return { context, page: await context.newPage() };
}

/** A grade-3 student of the demo data (password DEMO_STUDENT_PASSWORD). */
export const DEMO_STUDENT_EMAIL = 'fatima.malik@example.com';

/** Signs in through the back-office login form and waits for the admin layout. */
export async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin-a1b2c3/login');
  await page.getByTestId('admin-login-email').fill(email);
  await page.getByTestId('admin-login-password').fill(password);
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('admin-layout').waitFor();
}

/** Fills and sends the student login form the page shows. */
export async function submitStudentLogin(
  page: Page,
  email = DEMO_STUDENT_EMAIL,
  password = DEMO_STUDENT_PASSWORD,
): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the student login form and waits for the dashboard. */
export async function signInAsStudent(
  page: Page,
  email = DEMO_STUDENT_EMAIL,
  password = DEMO_STUDENT_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await submitStudentLogin(page, email, password);
  await page.getByTestId('dashboard-home').waitFor();
}

/** Clicks the button `testId` and reads the CSV it downloads: the file's name and its lines (no BOM). */
export async function downloadCsv(
  page: Page,
  testId: string,
): Promise<{ filename: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return { filename: download.suggestedFilename(), lines: text.trimEnd().split('\r\n') };
}

/** Pixels the page scrolls sideways (0 when it fits the viewport). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The page fits its viewport (nothing scrolls sideways), and is saved as `shot` for people to look at. */
export async function expectFits(page: Page, shot: string): Promise<void> {
  expect(await horizontalOverflow(page), shot).toBe(0);
  await screenshotFor(page, shot);
}

/**
 * Runs axe-core on the page as it stands and fails on any serious or critical violation, naming
 * each rule and the elements it found (WCAG 2.1 A and AA, plus best practices). Label-in-name
 * (WCAG 2.5.3: a control's accessible name contains the text it shows) is one of axe's
 * experimental rules, left out by default; it is switched on by name beside the tags (axe runs a
 * rule enabled in `rules` whatever `runOnly` says), since it is the serious violation issue #16
 * found on every student page's logo link and on the editor's toolbar. One analysis per call:
 * axe is the slowest step of the browser tests.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n  ');
  if (blocking.length > 0) {
    throw new Error(
      `${what}: ${blocking.length} serious or critical accessibility violation(s)\n  ${report}`,
    );
  }
}

/**
 * Saves a full-page screenshot as `<SHOTS_DIR>/<name>.png` for people to look at (layouts in Urdu
 * at 360 px, say), only when SHOTS_DIR is set: `SHOTS_DIR=/tmp/shots npm run test:browser`.
 */
export async function screenshotFor(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir === undefined || dir === '') {
    return;
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
