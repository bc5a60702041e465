import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pakistanDay, pakistanDayStart } from '../../api/src/lib/time.js';
import { makePlay, makeStaff, makeStudent, seededPackageId } from '../../test/helpers.js';
import { contestOfGrade3 } from './demo-data.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, openDemoContest, type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const ADMIN = '/admin-a1b2c3';
const DESKTOP = { width: 1366, height: 900 } as const;

/** 'PKR 1,500' or 'PKR 1,499.50', with a no-break space (the tile keeps it on one line). */
const rupees = (paisa: number) =>
  `PKR\u00a0${new Intl.NumberFormat('en-PK', { minimumFractionDigits: paisa % 100 === 0 ? 0 : 2 }).format(paisa / 100)}`;

async function makePayment(stack: Stack, status: 'PAID' | 'FAILED', paisa: number) {
  const student = await makeStudent(stack.db, { fullName: `Payer ${status}` });
  await stack.db
    .insertInto('payments')
    .values({
      orderRef: `E${randomBytes(5).toString('hex').toUpperCase()}`,
      studentId: student.id,
      packageId: await seededPackageId(stack.db, 'One attempt'),
      gateway: 'sandbox',
      status,
      listPricePaisa: paisa,
      amountPaisa: paisa,
      attempts: 1,
      paidAt: status === 'PAID' ? new Date() : null,
    })
    .execute();
}

/** Pending students, a paid and a failed payment today, on top of the demo data. */
async function plantToday(stack: Stack) {
  await makeStudent(stack.db, { fullName: 'Pending Parveen', verificationStatus: 'PENDING' });
  await makeStudent(stack.db, { fullName: 'Pending Qasim', verificationStatus: 'PENDING' });
  await makePayment(stack, 'PAID', 150_000);
  await makePayment(stack, 'FAILED', 75_000);
}

/** The figures as the database holds them, counted here independently of the api. */
async function expectedFigures(stack: Stack) {
  const start = pakistanDayStart(pakistanDay());
  const { db } = stack;
  const one = (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
    q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  return {
    newToday: await one(
      db
        .selectFrom('students')
        .select((e) => e.fn.countAll().as('n'))
        .where('createdAt', '>=', start),
    ),
    pending: await one(
      db
        .selectFrom('students')
        .select((e) => e.fn.countAll().as('n'))
        .where('verificationStatus', '=', 'PENDING'),
    ),
    paidToday: await one(
      db
        .selectFrom('payments')
        .select((e) => e.fn.coalesce(e.fn.sum('amountPaisa'), e.lit(0)).as('n'))
        .where('status', '=', 'PAID')
        .where('createdAt', '>=', start),
    ),
  };
}

async function openDashboardAsAdmin(size: { width: number; height: number }) {
  const { context, page } = await openPage(holder.stack, size);
  await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { context, page };
}

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

describe('the admin dashboard', () => {
  it('is where a Super Admin lands after login, with the planted figures, fitting 1366 and 360 px', async () => {
    await plantToday(holder.stack);
    const expected = await expectedFigures(holder.stack);
    expect(expected.pending).toBeGreaterThanOrEqual(2);

    for (const size of [DESKTOP, PHONE]) {
      const { context, page } = await openDashboardAsAdmin(size);
      expect(new URL(page.url()).pathname).toBe(`${ADMIN}/dashboard`);
      await page.getByTestId('dash-students').waitFor();
      expect(await figure(page, 'dash-students-new-today')).toBe(String(expected.newToday));
      expect(await figure(page, 'dash-verification-pending')).toBe(String(expected.pending));
      expect(await figure(page, 'dash-payments-today')).toBe(rupees(expected.paidToday));
      expect(await figure(page, 'dash-failed-today')).toBe('1');
      for (const tile of ['dash-contest', 'dash-queues']) {
        expect(await page.getByTestId(tile).isVisible(), tile).toBe(true);
      }
      expect(await page.getByTestId('dash-updated').textContent()).toMatch(/^Updated \d\d:\d\d:\d\d PKT$/);
      await expectFits(page, `admin/dashboard-${size.width}`);
      if (size === PHONE) {
        // One column: every tile starts at the same left edge.
        const lefts = await page
          .locator('.dash-tile')
          .evaluateAll((tiles) => tiles.map((t) => Math.round(t.getBoundingClientRect().left)));
        expect(new Set(lefts).size).toBe(1);
      }
      await expectAccessible(page, `dashboard (${size.width} px)`);
      await context.close();
    }
  });

  it('keeps the return path: a signed-out visit to a page lands back on it after login', async () => {
    const { context, page } = await openPage(holder.stack, DESKTOP);
    await page.goto(`${ADMIN}/grade`);
    await page.getByTestId('admin-login-email').waitFor();
    await page.getByTestId('admin-login-email').fill(DEMO_ADMIN.email);
    await page.getByTestId('admin-login-password').fill(DEMO_ADMIN.password);
    await page.getByTestId('admin-login-submit').click();
    await page.waitForURL(`**${ADMIN}/grade`);
    await context.close();
  });

  it('shows a role with only verification read its one tile, and the menu starts with the dashboard', async () => {
    await plantToday(holder.stack);
    const verifier = await makeStaff(holder.stack.db, { permissions: [['studentVerification', 'read']] });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, verifier.email, verifier.password);
    expect(new URL(page.url()).pathname).toBe(`${ADMIN}/dashboard`);
    await page.getByTestId('dash-verification').waitFor();
    expect(await page.locator('.dash-tile').count()).toBe(1);
    expect(await figure(page, 'dash-verification-pending')).toBe(
      String((await expectedFigures(holder.stack)).pending),
    );
    await screenshotFor(page, 'admin/dashboard-verifier-360');
    await page.getByRole('button', { name: 'Menu' }).click();
    const links = await page.locator('.admin-menu a').allTextContents();
    expect(links).toEqual(['Dashboard', 'Verification']);
    await context.close();
  });

  it('updates a figure without a reload while the contest runs, after a new play and a new payment', async () => {
    await openDemoContest(holder.stack);
    const { context, page } = await openDashboardAsAdmin(DESKTOP);
    await page.getByTestId('dash-plays').waitFor();
    // The contest tile names the lifecycle's stage, marked live while starts are open.
    const stage = page.getByTestId('dash-contest-stage');
    expect(await stage.textContent()).toBe('Open');
    expect(await stage.getAttribute('class')).toContain('dash-badge--live');
    const running = Number(await figure(page, 'dash-plays-running'));
    const paidBefore = await figure(page, 'dash-payments-today');
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const contest = await contestOfGrade3(holder.stack);
    await makePlay(holder.stack.db, { ...contest, status: 'IN_PROGRESS', answers: [] });
    await makePayment(holder.stack, 'PAID', 150_000);
    // No click: the page reads the figures again by itself every 10 s while the contest runs.
    await expect
      .poll(() => figure(page, 'dash-plays-running'), { timeout: 15_000, interval: 500 })
      .toBe(String(running + 1));
    expect(await figure(page, 'dash-payments-today')).not.toBe(paidBefore);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await context.close();
  });

  it('links to pending verifications, today’s failed payments and the job queues', async () => {
    await plantToday(holder.stack);
    const today = pakistanDay();
    const { context, page } = await openDashboardAsAdmin(DESKTOP);

    await page.getByRole('link', { name: 'Review pending verifications' }).click();
    await page.waitForURL((url) => url.pathname === `${ADMIN}/student-verification`);
    expect(new URL(page.url()).searchParams.get('status')).toBe('PENDING');
    await page.getByTestId('verification-row').filter({ hasText: 'Pending Parveen' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'Today’s failed payments' }).click();
    await page.waitForURL((url) => url.pathname === `${ADMIN}/reports/payment-failures`);
    const url = new URL(page.url());
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([today, today]);
    await page.getByTestId('pf-row').filter({ hasText: 'Payer FAILED' }).waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'See every queue' }).click();
    await page.getByTestId('queues-table').waitFor();
    await context.close();
  });
});
