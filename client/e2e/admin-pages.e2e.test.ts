import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DECLINED_BY_BANK } from '../../test/payment-logs.js';
import {
  DESKTOP,
  expectAccessible,
  horizontalOverflow,
  PHONE,
  screenshotFor,
  signInAsAdmin,
} from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const ADMIN = '/admin-a1b2c3';
const shot = (page: Page, what: string) =>
  screenshotFor(page, `admin/${what.replace(/[^a-z0-9]+/gi, '-')}-${page.viewportSize()?.width ?? 0}`);

/** Checks a page and keeps the failure, so one run names every page that has a problem. */
async function audit(page: Page, problems: string[], what: string): Promise<void> {
  try {
    await expectAccessible(page, what);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  await shot(page, what);
}

/** Opens an admin page by its path and waits for an element that shows it has loaded. */
async function open(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${ADMIN}/${path}`);
  await page.getByTestId(ready).first().waitFor();
}

/** Opens an admin page that is ready once it shows its heading and nothing is loading any more. */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`${ADMIN}/${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => page.locator('main .loading-block, main .spinner').count()).toBe(0);
}

async function seededIds() {
  const { db } = holder.stack;
  const question = await db.selectFrom('questions').select('id').limit(1).executeTakeFirstOrThrow();
  const quiz = await db.selectFrom('quizzes').select('id').limit(1).executeTakeFirstOrThrow();
  const [student, pending] = await db.selectFrom('students').select('id').orderBy('email').limit(2).execute();
  if (student === undefined || pending === undefined) {
    throw new Error('the demo data has fewer than two students');
  }
  await db
    .updateTable('students')
    .set({ verificationStatus: 'PENDING' })
    .where('id', '=', pending.id)
    .execute();
  await seedPaymentsAndCodes(student.id);
  return { questionId: question.id, quizId: quiz.id, studentId: student.id, pendingId: pending.id };
}

/** A paid and a declined checkout (with the gateway's answer) and a batch of codes, so those lists have rows. */
async function seedPaymentsAndCodes(studentId: string) {
  const { db } = holder.stack;
  const pkg = await db.selectFrom('paymentPackages').select('id').limit(1).executeTakeFirstOrThrow();
  const now = Date.now();
  const payment = (orderRef: string, status: string, minutesAgo: number) => ({
    orderRef,
    studentId,
    packageId: pkg.id,
    gateway: 'jazzcash',
    status,
    listPricePaisa: 50_000,
    amountPaisa: 50_000,
    attempts: 1,
    createdAt: new Date(now - minutesAgo * 60_000),
    paidAt: status === 'PAID' ? new Date(now - minutesAgo * 60_000) : null,
  });
  const [, declined] = await db
    .insertInto('payments')
    .values([payment('ORD2001', 'PAID', 90), payment('ORD2002', 'FAILED', 30)])
    .returning('id')
    .execute();
  await db
    .insertInto('paymentLogs')
    .values({
      paymentId: declined?.id ?? null,
      orderRef: 'ORD2002',
      at: new Date(now - 29 * 60_000),
      kind: 'CALLBACK',
      gateway: 'jazzcash',
      gatewayRef: 'T2002',
      ...DECLINED_BY_BANK,
      outcome: 'FAILED',
    })
    .execute();
  await db
    .insertInto('accessCodeBatches')
    .values({ label: 'Beaconhouse School System, Gulberg campus', attempts: 2, codeCount: 1500 })
    .execute();
}

async function signedIn(viewport = DESKTOP) {
  const context = await holder.stack.newContext(viewport);
  const page = await context.newPage();
  await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { context, page };
}

describe('admin pages: accessibility and layout', () => {
  it('the question editor, its toolbars and the formula dialog pass axe, and every tool is named for what it shows', async () => {
    const { questionId } = await seededIds();
    const { context, page } = await signedIn();
    const problems: string[] = [];

    await open(page, 'question/new', 'question-form');
    await audit(page, problems, 'new question');
    await open(page, `question/${questionId}`, 'question-form');
    await audit(page, problems, 'question editor');
    await page.getByTestId('q-question-editor').click();
    await page.getByTestId('q-question-editor-formula').click();
    await page.getByTestId('math-latex').fill('\\frac{1}{2}');
    await page.getByTestId('math-preview').locator('.katex').waitFor();
    await audit(page, problems, 'question editor with the formula dialog open');
    await page.keyboard.press('Escape');
    await page.getByTestId('math-latex').waitFor({ state: 'detached' });
    await open(page, `question/view/${questionId}`, 'question-preview');
    await audit(page, problems, 'question view');

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('the question editor toolbar is one tab stop, worked with the arrow keys and Enter', async () => {
    const { questionId } = await seededIds();
    const { context, page } = await signedIn();
    await open(page, `question/${questionId}`, 'question-form');
    const toolbar = page.getByRole('toolbar', { name: 'Question formatting' });
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

    await page.getByTestId('q-question-editor').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('Bold');
    expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toBe('Italic');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName()).toBe('Insert picture');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('q-question-editor');
    // The editor takes focus on the next animation frame.
    await expect.poll(() => editor.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('slanted');
    expect(await editor.locator('em').last().textContent()).toBe('slanted');
    expect(await editor.locator('p').count()).toBe(1);
    expect(await toolbar.getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');
    // Back from the text, the toolbar's tab stop is the tool used last.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('Italic');
    // The text box itself carries its hint, so a screen reader reads it on entering.
    const hintId = await editor.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toContain('$…$');
    await context.close();
  });

  it('the other main back-office pages pass axe at 1366 px with a skip link past the menu, and at 360 px list pages fit with row actions on screen and the menu closes on Escape', async () => {
    const ids = await seededIds();
    const context = await holder.stack.newContext(DESKTOP);
    const page = await context.newPage();
    const problems: string[] = [];

    await page.goto(`${ADMIN}/login`);
    await page.getByTestId('admin-login-email').waitFor();
    await audit(page, problems, 'login');
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.locator('main .loading-block, main .spinner').count()).toBe(0);
    await audit(page, problems, 'home (dashboard)');

    await open(page, 'questions', 'questions-row');
    await audit(page, problems, 'question bank');
    // The first Tab offers to skip the menu; the next lands in the page itself.
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => ({
        text: document.activeElement?.textContent?.trim(),
        inMain: document.activeElement?.closest('main') !== null,
      }));
    expect(await focused()).toEqual({ text: 'Skip to content', inMain: false });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focused()).inMain).toBe(true);
    await openPage(page, 'questions/import');
    await audit(page, problems, 'question import');
    await open(page, 'quiz', 'quizzes-row');
    await audit(page, problems, 'quizzes');
    await open(page, `quiz/${ids.quizId}`, 'qz-rule');
    await audit(page, problems, 'quiz editor');
    for (const [path, what] of [
      ['phase', 'phases with winners and public boards'],
      ['grade', 'grades'],
      ['category', 'categories'],
      ['subcategory', 'subcategories'],
    ] as const) {
      await openPage(page, path);
      await audit(page, problems, what);
    }

    await open(page, 'students', 'students-row');
    await audit(page, problems, 'students');
    await page.getByTestId('student-exports-open').click();
    await page.getByTestId('student-exports-dialog').waitFor();
    await audit(page, problems, 'student export dialog');
    await page.keyboard.press('Escape');
    await open(page, `students/view/${ids.studentId}`, 'student-profile');
    await audit(page, problems, 'student details');
    await open(page, 'student-verification', 'verification-row');
    await audit(page, problems, 'verification queue');
    await open(page, `student-verification/view/${ids.pendingId}`, 'verification-email-state');
    await audit(page, problems, 'verification of one student');

    for (const [path, what] of [
      ['students-bulk-upload', 'bulk uploads'],
      ['students-bulk-upload/new', 'new bulk upload'],
      ['promo-code', 'promo codes'],
      ['code-management', 'access codes'],
      ['reports/questions', 'question reports'],
      ['reports/payments', 'payment report'],
      ['reports/payment-failures', 'payment failures'],
      ['configurations/email', 'e-mail (SMTP) configuration'],
      ['configurations/payment', 'payment configuration'],
      ['configurations/contest-services', 'contest services'],
      ['staff-users', 'staff users'],
    ] as const) {
      await openPage(page, path);
      await audit(page, problems, what);
    }
    await page.getByTestId('staff-tab-roles').click();
    await page.getByTestId('add-role').waitFor();
    await audit(page, problems, 'staff roles');

    // A phone: list pages never scroll sideways as a whole, and each row's actions are on screen.
    await page.setViewportSize(PHONE);
    const menuToggle = page.getByRole('button', { name: 'Menu' });
    await menuToggle.click();
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Promo codes' }).waitFor();
    await audit(page, problems, 'menu on a phone');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await menuToggle.evaluate((element) => element === document.activeElement)).toBe(true);
    for (const [path, row, hasActions] of [
      ['questions', 'questions-row', true],
      ['quiz', 'quizzes-row', true],
      ['students', 'students-row', true],
      ['student-verification', 'verification-row', true],
      ['staff-users', 'staff-row', true],
      ['promo-code', 'promo-row', true],
      ['code-management', 'batch-row', true],
      ['reports/payments', 'pr-row', false],
      ['reports/payment-failures', 'pf-row', false],
    ] as const) {
      await open(page, path, row);
      await audit(page, problems, `${path} on a phone`);
      expect(await horizontalOverflow(page), `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
      const actions = await page
        .getByTestId(row)
        .first()
        .locator('button, a, [role="switch"]')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return { name: element.textContent ?? '', left: box.left, right: box.right };
          }),
        );
      if (hasActions) {
        expect(actions.length, `${path} rows have actions`).toBeGreaterThan(0);
      }
      for (const action of actions) {
        expect(action.left, `${path}: "${action.name}" starts off screen`).toBeGreaterThanOrEqual(0);
        expect(action.right, `${path}: "${action.name}" ends off screen`).toBeLessThanOrEqual(PHONE.width);
      }
    }

    expect(problems).toEqual([]);
    await context.close();
  }, 420_000);
});
