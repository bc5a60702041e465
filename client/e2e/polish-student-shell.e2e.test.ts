import { fileURLToPath } from 'node:url';
import { ADMIN_PAGES, ADMIN_PREFIX } from '@riyazi/api/contracts';
import { chromium, type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { createTestContext } from '../../test/helpers.js';
import { freePort } from '../../test/processes.js';
import { paths } from '../src/config/paths.js';
import { en } from '../src/shared/i18n/messages/en.js';
import { currentFlags } from './demo-data.js';
import {
  DEMO_STUDENT_EMAIL,
  expectFits,
  horizontalOverflow,
  openPage,
  PHONE,
  screenshotFor,
  signInAsStudent,
  submitStudentLogin,
} from './pages.js';
import { openDemoContest, setupSeededStack } from './stack.js';

/*
 * Issue #20 on the student's side, the shell: the chat button, a school's plain-http install,
 * unknown addresses, contest titles and fractions, each tried on a 360 px phone as a child would.
 */

const holder = setupSeededStack();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The texts and controls the chat button's box lies over, the page scrolled to each height in
 * turn (in steps of a third of the viewport): empty when it never covers any.
 */
async function coveredByChat(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const chat = document.querySelector('[data-testid="chat-widget"] button');
    if (chat === null) {
      return ['(no chat button)'];
    }
    const covered = new Set<string>();
    const step = Math.floor(window.innerHeight / 3);
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; y <= bottom + step; y += step) {
      window.scrollTo(0, Math.min(y, bottom));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = chat.getBoundingClientRect();
      for (const element of document.querySelectorAll(
        'a, button, input, select, textarea, label, p, li, dt, dd, h1, h2, h3, h4',
      )) {
        if (element === chat || element.closest('[data-testid="chat-widget"]') !== null) {
          continue;
        }
        const other = element.getBoundingClientRect();
        const visible = other.width > 0 && other.height > 0;
        if (
          visible &&
          box.left < other.right &&
          other.left < box.right &&
          box.top < other.bottom &&
          other.top < box.bottom
        ) {
          covered.add(
            `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
          );
        }
      }
    }
    window.scrollTo(0, 0);
    return [...covered];
  });
}

/** The words of an element's last line, found from each word's place on the screen. */
const lastLineOf = (element: Locator): Promise<string[]> =>
  element.evaluate((node) => {
    const words: { word: string; top: number }[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        words.push({ word: match[0], top: Math.round(range.getBoundingClientRect().top) });
      }
    }
    const last = Math.max(...words.map((w) => w.top));
    return words.filter((w) => w.top === last).map((w) => w.word);
  });

/**
 * For each element matched: how tall a fraction's digit is drawn over how tall the same digit is
 * drawn in the words beside it (ink heights, each in its own font and size), whether the maths is
 * typeset as MathML or by KaTeX.
 */
const fractionRatios = (page: Page, selector: string): Promise<number[]> =>
  page.evaluate((selector) => {
    const canvas = document.createElement('canvas').getContext('2d');
    const ink = (element: Element, text: string) => {
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize) * 10;
      if (canvas === null) {
        return 0;
      }
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${size}px ${style.fontFamily}`;
      const box = canvas.measureText(text);
      return box.actualBoundingBoxAscent + box.actualBoundingBoxDescent;
    };
    return [...document.querySelectorAll(selector)].map((container) => {
      let digit: Element | null = null;
      let words: Element | null = null;
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (parent === null || parent.closest('.katex-mathml') !== null) {
          continue;
        }
        if (
          digit === null &&
          parent.closest('mfrac, .mfrac') !== null &&
          /^\d+$/.test(text.textContent ?? '')
        ) {
          digit = parent;
        } else if (
          words === null &&
          parent.closest('.katex') === null &&
          /\p{L}/u.test(text.textContent ?? '')
        ) {
          words = parent;
        }
      }
      const sample = digit?.textContent ?? '';
      return digit === null || words === null ? 0 : ink(digit, sample) / ink(words, sample);
    });
  }, selector);

describe('the student shell, polished (issue #20)', () => {
  it('keeps the chat button off the Log in link, the password hint and every other text at 360 px and 1366 px', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await page.goto(paths.signup);
    await page.getByTestId('signup-page').waitFor();
    const chat = page.getByTestId('chat-widget').getByRole('button');
    const logIn = page.locator('.account-page__footer').getByRole('link', { name: 'Log in' });
    const hint = page.getByText(en['common.passwordRule']);
    for (const target of [hint, logIn]) {
      // Where the chat button would sit: the bottom of the screen.
      await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const [chatBox, targetBox] = [await chat.boundingBox(), await target.boundingBox()];
      expect(chatBox).not.toBeNull();
      expect(intersects(chatBox as Box, targetBox as Box), (await target.textContent()) ?? undefined).toBe(
        false,
      );
    }
    expect(await coveredByChat(page)).toEqual([]);
    await logIn.click();
    await page.waitForURL((url) => url.pathname === paths.login);
    await page.getByTestId('login-email').waitFor();
    expect(await coveredByChat(page)).toEqual([]);
    await screenshotFor(page, 'polish/chat-login-360');

    // The home page, a signed-in page and a wide screen too; the button still opens its panel.
    for (const path of [paths.home, paths.forgotPassword]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await coveredByChat(page), path).toEqual([]);
    }
    await signInAsStudent(page);
    for (const width of [PHONE.width, 1366, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [paths.dashboard, paths.profile]) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await expect.poll(() => page.locator('.loading-block').count()).toBe(0);
        expect(await coveredByChat(page), `${path} at ${width} px`).toEqual([]);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      }
    }
    await chat.click();
    await page.getByText(en['common.chat.notYet']).waitFor();
    await screenshotFor(page, 'polish/chat-profile-1024');
    await context.close();
  });

  it('keeps a child signed in across a reload on a plain-http school address, as installed by npm start or in production', async () => {
    const host = 'riyazi-school.test';
    // The school's machine by name, over plain http: not a secure context, so no WebCrypto.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${host} 127.0.0.1`],
    });
    // The same database served as a production install would serve it: PUBLIC_URL is the school's address.
    const port = await freePort();
    const production = await createTestContext({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-for-the-school-install-0123',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      CLIENT_DIST: fileURLToPath(new URL('../dist', import.meta.url)),
      PUBLIC_URL: `http://${host}:${port}`,
    });
    await production.app.listen({ port, host: '127.0.0.1' });
    try {
      for (const [install, origin] of [
        ['npm start', `http://${host}:${new URL(holder.stack.baseUrl).port}`],
        ['production', `http://${host}:${port}`],
      ] as const) {
        const context = await browser.newContext({
          baseURL: origin,
          viewport: PHONE,
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') {
            problems.push(message.text());
          }
        });
        await page.goto(paths.login);
        await page.getByTestId('login-email').waitFor();
        expect(await page.evaluate(() => window.isSecureContext), install).toBe(false);
        await submitStudentLogin(page, DEMO_STUDENT_EMAIL, DEMO_STUDENT_PASSWORD);
        await page.getByTestId('dashboard-home').waitFor();
        // A new load of the home page, which does not ask for a signed-in child, still shows one.
        const signedIn = page
          .locator('.site-header__actions')
          .getByRole('link', { name: en['common.dashboard'] });
        for (const load of [() => page.goto(paths.home), () => page.reload()]) {
          await load();
          await page.locator('h1').first().waitFor();
          await expect.poll(() => signedIn.count(), { message: install, timeout: 10_000 }).toBe(1);
        }
        await page.goto(paths.dashboard);
        await page.getByTestId('dashboard-home').waitFor();
        // Kept without WebCrypto: the session as the app stores it, without an encryption layer.
        const stored = await page.evaluate(() => localStorage.getItem('persist:root') ?? '');
        expect(stored, install).toContain(DEMO_STUDENT_EMAIL);
        expect(
          problems.filter((p) => /crypto|session/i.test(p)),
          install,
        ).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
      await production.close();
    }
  });

  it('answers 404 for an address outside the app and 200 for every route the app has', async () => {
    const status = async (path: string) => {
      const response = await fetch(`${holder.stack.baseUrl}${path}`, { redirect: 'manual' });
      return { status: response.status, type: response.headers.get('content-type') ?? '' };
    };
    const known = [
      ...Object.values(paths).flatMap((value) =>
        typeof value === 'string' ? [value] : Object.values(value),
      ),
      ...Object.values(ADMIN_PAGES).map((page) => `${ADMIN_PREFIX}/${page.path.replace(/:\w+/g, 'abc123')}`),
      `${paths.resetPassword}?token=abc`,
      `${paths.faq}/`,
      `${ADMIN_PREFIX}/`,
    ];
    for (const path of known) {
      expect(await status(path), path).toMatchObject({
        status: 200,
        type: expect.stringContaining('text/html'),
      });
    }
    for (const path of [
      '/no-such-page',
      '/profile/nope',
      '/dashboard/payment/more',
      `${ADMIN_PREFIX}/no-such-page`,
      `${ADMIN_PREFIX}/question/1/2`,
    ]) {
      expect(await status(path), path).toMatchObject({
        status: 404,
        type: expect.stringContaining('text/html'),
      });
    }
    // The browser still shows the friendly page, with the way home.
    const { context, page } = await openPage(holder.stack, PHONE);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: en['common.notFound.title'] }).waitFor();
    await context.close();
  });

  it('sets quiz titles without a lone last word, and fractions near full text height, on a phone', async () => {
    const stack = holder.stack;
    await openDemoContest(stack, await currentFlags(stack));
    // Every grade-3 question asks with a fraction, offers fractions and explains with one.
    const grade = await stack.db
      .selectFrom('grades')
      .select('id')
      .where('title', '=', 'Grade 3')
      .executeTakeFirstOrThrow();
    const half = '<span class="math-inline">\\frac{1}{2}</span>';
    // Only single-choice questions are drawn, so the first one shown has options to read.
    await stack.db
      .updateTable('questions')
      .set({ status: 'INACTIVE' })
      .where('gradeId', '=', grade.id)
      .where((eb) => eb.or([eb('type', '!=', 'MCQS'), eb('selectMultiple', '=', true)]))
      .execute();
    const questions = await stack.db
      .updateTable('questions')
      .set({
        questionHtml: `<p>What is ${half} of 10 apples?</p>`,
        answerHintText: `<p>Take ${half} of 10: that is 5.</p>`,
      })
      .where('gradeId', '=', grade.id)
      .returning('id')
      .execute();
    await stack.db
      .updateTable('questionOptions')
      .set({ textHtml: '<p><span class="math-inline">\\frac{3}{4}</span> of them</p>' })
      .where(
        'questionId',
        'in',
        questions.map((q) => q.id),
      )
      .execute();

    // Typeset by the api (MathML), and by KaTeX in a browser without MathML (the second time the
    // plays started the first time are resumed).
    for (const mathMl of [true, false]) {
      const how = mathMl ? 'MathML' : 'KaTeX';
      const { context, page } = await openPage(stack, PHONE);
      if (!mathMl) {
        await context.addInitScript(() => {
          Reflect.deleteProperty(window, 'MathMLElement');
        });
      }
      await signInAsStudent(page);
      const contest = page.getByTestId('contest-quizzes');
      if (mathMl) {
        await contest.getByTestId('quiz-start-link').first().click();
        const title = page.getByTestId('quiz-guidelines').locator('h2').first();
        await title.waitFor();
        const titleLine = await lastLineOf(title);
        expect(titleLine.length, `guidelines title's last line: ${titleLine.join(' ')}`).toBeGreaterThan(1);
        await screenshotFor(page, 'polish/contest-title-360');
        await page.getByTestId('quiz-start').click();
      } else {
        await contest.getByTestId('quiz-resume-play').first().click();
      }
      await page.getByTestId('question-screen').waitFor();
      const barLine = await lastLineOf(page.getByTestId('quiz-title'));
      expect(barLine.length, `question screen title's last line: ${barLine.join(' ')}`).toBeGreaterThan(1);
      await page.locator('.quiz-option__body .katex').first().waitFor();
      const ratios = await fractionRatios(page, '.quiz-question__text, .quiz-option__body');
      expect(ratios.length).toBe(5);
      for (const ratio of ratios) {
        expect(ratio, `fraction / text height (${how})`).toBeGreaterThanOrEqual(0.8);
      }
      await expectFits(page, `polish/fractions-${how}-360`);

      // The explanation a practice question shows after an answer.
      await page.goto(paths.dashboard);
      const practice = page.getByTestId('practice-quizzes');
      if (mathMl) {
        await practice.getByTestId('quiz-start-link').first().click();
        await page.getByTestId('quiz-start').click();
      } else {
        await practice.getByTestId('quiz-resume-play').first().click();
      }
      await page.getByTestId('question-screen').waitFor();
      if ((await page.getByTestId('quiz-explanation').count()) === 0) {
        await page.getByTestId('quiz-option').first().click();
      }
      const explanation = page.getByTestId('quiz-explanation');
      await explanation.locator('.katex').first().waitFor();
      const [inExplanation] = await fractionRatios(page, '[data-testid="quiz-explanation"] .rich-text');
      expect(inExplanation, `fraction / text height in the explanation (${how})`).toBeGreaterThanOrEqual(0.8);
      await screenshotFor(page, `polish/fractions-explanation-${how}-360`);
      await context.close();
    }
  });
});
