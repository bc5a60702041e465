import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase } from '../../test/helpers.js';
import { format } from '../src/shared/i18n/i18n-store.js';
import type { Language } from '../src/shared/i18n/languages.js';
import type { MessageKey, Messages } from '../src/shared/i18n/messages/en.js';
import { en } from '../src/shared/i18n/messages/en.js';
import { ur } from '../src/shared/i18n/messages/ur.js';
import { addFlags } from './demo-data.js';
import { expectAccessible, openPage, screenshotFor, submitStudentLogin } from './pages.js';
import { type Stack, seedDemo, startStack } from './stack.js';

/*
 * Every student page, in English and in Urdu at 360 px and in English at 1366 px: axe finds no
 * serious or critical violation, the page says which language and direction it is in, its heading
 * is the catalogue's text in that language, and nothing scrolls sideways. One seeded stack, one
 * browser context per language, pages in sequence.
 */

const STUDENT = { email: 'fatima.malik@example.com', name: 'Fatima Malik' };

const CATALOGUES: Record<Language, Messages> = { en, ur };

interface StudentPage {
  name: string;
  path: string;
  /** The page's first h1, as the catalogue words it. */
  heading: MessageKey;
  headingParams?: Record<string, string>;
  /** Shown once the page has its data. */
  readyTestId?: string;
}

const PUBLIC_PAGES: StudentPage[] = [
  { name: 'home', path: '/', heading: 'site.home.title', readyTestId: 'leaderboard-section' },
  { name: 'login', path: '/login', heading: 'auth.login.title', readyTestId: 'login-email' },
  { name: 'signup', path: '/signup', heading: 'account.signup.heading', readyTestId: 'signup-page' },
  { name: 'signup-success', path: '/success', heading: 'account.success.title' },
  { name: 'forgot-password', path: '/forgot-password', heading: 'auth.forgot.title' },
  {
    name: 'reset-password',
    path: '/reset-password?token=abcdefghijklmnopqrstuvwxyz012345',
    heading: 'auth.reset.title',
  },
  {
    name: 'reset-password-invalid',
    path: '/reset-password?token=short',
    heading: 'auth.reset.badLinkTitle',
  },
  { name: 'verification-invalid', path: '/student-verification', heading: 'auth.reset.badLinkTitle' },
  { name: 'inactive', path: '/inactive', heading: 'auth.inactive.title' },
  { name: 'terms', path: '/terms-and-conditions', heading: 'site.static.terms.title' },
  { name: 'privacy', path: '/privacy-policy', heading: 'site.static.privacy.title' },
  { name: 'refund', path: '/refund-policy', heading: 'site.static.refund.title' },
  { name: 'faq', path: '/faq', heading: 'site.static.faq.title' },
  { name: 'about', path: '/about', heading: 'site.static.about.title' },
  { name: 'contact', path: '/contact', heading: 'site.static.contact.title' },
  { name: 'sponsor', path: '/riyazi-sponsor', heading: 'site.static.sponsor.title' },
  { name: 'practice-info', path: '/practice-quiz-info', heading: 'site.static.practice.title' },
  { name: 'champions-board', path: '/champions-board', heading: 'leaderboard.champions.title' },
  { name: 'gallery', path: '/gallery', heading: 'site.gallery.title' },
  { name: 'not-found', path: '/no-such-page', heading: 'common.notFound.title' },
];

const PRIVATE_PAGES: StudentPage[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    heading: 'dashboard.welcome',
    headingParams: { name: STUDENT.name },
    readyTestId: 'contest-quizzes',
  },
  {
    name: 'practice-list',
    path: '/practice-quiz',
    heading: 'dashboard.practicePage.title',
    readyTestId: 'practice-quizzes',
  },
  {
    name: 'contest-list',
    path: '/contest-quiz',
    heading: 'dashboard.contestPage.title',
    readyTestId: 'contest-quizzes',
  },
  {
    name: 'profile',
    path: '/profile',
    heading: 'account.profile.title',
    readyTestId: 'profile-verification',
  },
  { name: 'profile-edit', path: '/profile/edit', heading: 'account.edit.title', readyTestId: 'profile-save' },
  { name: 'payment', path: '/dashboard/payment', heading: 'payment.title', readyTestId: 'payment-attempts' },
  { name: 'payment-success-no-order', path: '/payment/success', heading: 'payment.result.title' },
  { name: 'payment-failed', path: '/payment/failed', heading: 'payment.result.failed' },
];

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  // The worker's database still holds what its previous file left; the demo seeds an empty one.
  await resetDatabase(stack.db);
  await seedDemo(stack);
  // The home page shows the live rankings too.
  await addFlags(stack, { isLeaderBoardDisplayed: true });
});

afterAll(async () => {
  await stack?.stop();
});

async function openContext(language: Language): Promise<BrowserContext> {
  const context = await stack.newContext({ width: 360, height: 780 });
  // The child's choice, remembered on the device (as the language switch stores it).
  await context.addInitScript((code) => {
    localStorage.setItem('riyazi:language', JSON.stringify({ language: code, chosen: true }));
  }, language);
  return context;
}

async function logIn(page: Page, email = STUDENT.email, landsOn = 'dashboard-home'): Promise<void> {
  await page.goto('/login');
  await submitStudentLogin(page, email);
  await page.getByTestId(landsOn).waitFor();
}

async function open(page: Page, target: StudentPage): Promise<void> {
  await page.goto(target.path);
  await page.locator('h1').first().waitFor();
  if (target.readyTestId) {
    await page.getByTestId(target.readyTestId).first().waitFor();
  }
  await expect.poll(() => page.locator('.loading-block').count(), { timeout: 10_000 }).toBe(0);
}

/** The checks every page passes, in the language and width the page is shown in. */
async function checkPage(page: Page, target: StudentPage, language: Language, width: number) {
  const what = `${target.name} (${language}, ${width} px)`;
  const messages = CATALOGUES[language];
  const root = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(root.lang, what).toBe(language);
  expect(root.dir, what).toBe(language === 'ur' ? 'rtl' : 'ltr');
  expect((await page.locator('h1').first().textContent())?.trim(), what).toBe(
    format(messages[target.heading], target.headingParams),
  );
  expect(root.overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  // Headings go down one level at a time (axe only calls a skipped level 'moderate').
  const levels = await page
    .locator('h1, h2, h3, h4')
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  levels.forEach((level, i) => {
    expect(level - (levels[i - 1] ?? 0), `${what}: heading levels ${levels.join(',')}`).toBeLessThanOrEqual(
      1,
    );
  });
  // A link that starts a quiz says which quiz it starts.
  for (const start of await page.getByTestId('quiz-start-link').all()) {
    expect((await start.textContent())?.trim(), what).not.toBe(messages['dashboard.quizzes.start']);
  }
  await expectAccessible(page, what);
}

async function visitAll(page: Page, pages: StudentPage[], language: Language, wide: boolean) {
  for (const target of pages) {
    await page.setViewportSize({ width: 360, height: 780 });
    await open(page, target);
    await checkPage(page, target, language, 360);
    if (language === 'ur') {
      await screenshotFor(page, `student-pages/${target.name}-ur-360`);
    }
    if (wide) {
      await page.setViewportSize({ width: 1366, height: 800 });
      await checkPage(page, target, language, 1366);
    }
  }
}

describe('every student page', () => {
  // Two tests, not one: each visits a dozen pages at two widths with axe, minutes on a busy machine.
  it('is accessible, in English and right to left, at 360 px and 1366 px, without sideways scrolling: public pages', async () => {
    const context = await openContext('en');
    const page = await context.newPage();
    await visitAll(page, PUBLIC_PAGES, 'en', true);
    await context.close();
  }, 600_000);

  it('is accessible, in English and right to left, at 360 px and 1366 px, without sideways scrolling: signed-in pages', async () => {
    const context = await openContext('en');
    const page = await context.newPage();
    await logIn(page);
    await visitAll(page, PRIVATE_PAGES, 'en', true);
    await context.close();
  }, 300_000);

  it('is accessible in Urdu, right to left at 360 px, and reads in Urdu', async () => {
    const context = await openContext('ur');
    const page = await context.newPage();
    await visitAll(page, PUBLIC_PAGES, 'ur', false);
    await logIn(page);
    await visitAll(page, PRIVATE_PAGES, 'ur', false);
    // Numbers and e-mail addresses stay left to right inside the Urdu text.
    await page.goto('/profile');
    await page.getByTestId('profile-student-id').waitFor();
    expect(await page.getByTestId('profile-student-id').locator('bdi').getAttribute('dir')).toBe('ltr');
    await context.close();
  }, 300_000);

  it('switches the interface to Urdu from the header and remembers it', async () => {
    const { context, page } = await openPage(stack, { width: 360, height: 780 });
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    expect(await page.locator('h1').textContent()).toBe(en['auth.login.title']);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(ur['auth.login.title']);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // The field's problem is worded in Urdu too.
    await page.getByTestId('login-submit').click();
    await page
      .getByText(format(ur['common.problem.required'], { field: ur['common.field.email'] }))
      .waitFor();
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe(ur['auth.login.title']);
    await context.close();
  });

  it('explains an unconfirmed e-mail in Urdu, when confirmation is required', async () => {
    await addFlags(stack, { isEmailVerificationEnabled: true });
    const email = 'ayesha.khan@example.com';
    await stack.db.updateTable('students').set({ emailVerified: false }).where('email', '=', email).execute();
    const context = await openContext('ur');
    const page = await context.newPage();
    await logIn(page, email, 'not-verified-page');
    const target: StudentPage = {
      name: 'not-verified',
      path: '/student-not-verified',
      heading: 'auth.notVerified.title',
      readyTestId: 'resend-verification',
    };
    await open(page, target);
    await checkPage(page, target, 'ur', 360);
    await screenshotFor(page, 'student-pages/not-verified-ur-360');
    expect(await page.locator('.auth-page__email bdi').textContent()).toBe(email);
    await context.close();
  });
});

describe('the accessibility check itself', () => {
  it('fails a page on a serious violation of the WCAG tags and on a link named unlike its text', async () => {
    const { context, page } = await openPage(stack, { width: 360, height: 780 });
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><h1>Check</h1>' +
        '<a href="/" aria-label="Home page">Riyazi</a></main></html>',
    );
    await expect(expectAccessible(page, 'renamed link')).rejects.toThrow(/label-content-name-mismatch/);
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><h1>Check</h1>' +
        '<p style="color:#bbb;background:#fff">Faint words</p></main></html>',
    );
    await expect(expectAccessible(page, 'faint text')).rejects.toThrow(/color-contrast/);
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><h1>Check</h1>' +
        '<a href="/" aria-label="Riyazi home">Riyazi</a></main></html>',
    );
    await expectAccessible(page, 'a well-named link');
    await context.close();
  });
});
