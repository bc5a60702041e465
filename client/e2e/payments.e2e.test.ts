import { mkdirSync } from 'node:fs';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { setFlags } from '../../test/helpers.js';
import { demoPhaseId } from './demo-data.js';
import { DEMO_STUDENT_EMAIL, horizontalOverflow, openPage, signInAsAdmin, signInAsStudent } from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const SHOTS = process.env.PAYMENT_SHOTS_DIR ?? '/tmp/riyazi-payment-screens';
mkdirSync(SHOTS, { recursive: true });

beforeEach(async () => {
  await sql`UPDATE students SET contest_attempts = 0`.execute(holder.stack.db);
  await setFlags(holder.stack.db, {
    isPaymentEnabled: true,
    isContestQuizEnabled: true,
    contestQuizPhase: await demoPhaseId(holder.stack),
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
});

async function openPayment(page: Page) {
  await page.goto('/dashboard/payment');
  await page.getByTestId('payment-page').waitFor();
  await page.getByTestId('payment-attempts').waitFor();
}

describe('paying for contest attempts', () => {
  it('pays through the sandbox gateway with a promo code and sees the attempts on the dashboard (360 px)', async () => {
    const { context, page } = await openPage(holder.stack, { width: 360, height: 780 });
    await signInAsStudent(page);
    // Spec §3 isAttemptEarned: none yet, so the contest card invites the student to get attempts.
    await page.getByText('Take on students of your grade').waitFor();
    await openPayment(page);
    await expect.poll(() => page.getByTestId('payment-attempts').textContent()).toContain('0');
    // The package names the contest its attempts are for.
    expect(
      await page
        .getByTestId('payment-package')
        .filter({ hasText: 'Two attempts' })
        .getByTestId('payment-package-phase')
        .textContent(),
    ).toBe('For the Phase 1 — Qualifier contest (open now)');

    await page.getByTestId('payment-package').filter({ hasText: 'Two attempts' }).click();
    await page.getByTestId('promo-code-input').fill('welcome50');
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toContain('PKR 450');
    await expect.poll(async () => page.getByText('you save PKR 450').count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/payment-360.png`, fullPage: true });

    await page.getByTestId('pay-button').click();
    // The sandbox gateway's own checkout page.
    await page.getByRole('button', { name: 'Approve payment' }).waitFor();
    expect(await page.textContent('body')).toContain('PKR 450');
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await page.waitForURL((url) => url.pathname === '/payment/success');
    await expect.poll(() => page.getByTestId('payment-result-title').textContent()).toBe('Payment received');
    expect(await page.getByTestId('payment-result-attempts').textContent()).toBe('2');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/payment-success-360.png`, fullPage: true });

    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByTestId('quiz-attempts-left').first().textContent(), { timeout: 10_000 })
      .toBe('2');
    // isAttemptEarned, contestAttempts and isPaymentMade follow the server, also after a reload.
    await page.getByText('You have contest attempts ready.').waitFor();
    await page.reload();
    await page.getByText('You have contest attempts ready.').waitFor();
    await openPayment(page);
    await expect.poll(() => page.getByTestId('payment-attempts').textContent()).toContain('2');
    const paid = await holder.stack.db
      .selectFrom('payments')
      .select(['status', 'amountPaisa', 'gateway'])
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'PAID', amountPaisa: 45_000, gateway: 'sandbox' });
    await context.close();
  });

  it('a declined payment lands on /payment/failed and appears in the failures report with its log', async () => {
    const { context, page } = await openPage(holder.stack, { width: 360, height: 780 });
    await signInAsStudent(page);
    await openPayment(page);
    await page.getByTestId('pay-button').click();
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await page.waitForURL((url) => url.pathname === '/payment/failed');
    await expect
      .poll(() => page.getByTestId('payment-result-title').textContent())
      .toBe('Payment not completed');
    const orderRef = (await page.getByTestId('payment-order-ref').textContent()) ?? '';
    expect(orderRef).toMatch(/^RZ[A-Z0-9]+$/);
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/dashboard/payment',
    );
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/payment-failed-360.png`, fullPage: true });
    expect(
      await holder.stack.db
        .selectFrom('students')
        .select('contestAttempts')
        .where('email', '=', DEMO_STUDENT_EMAIL)
        .executeTakeFirstOrThrow(),
    ).toEqual({ contestAttempts: 0 });

    const admin = await (await holder.stack.newContext()).newPage();
    await signInAsAdmin(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto('/admin-a1b2c3/reports/payment-failures');
    const row = admin.locator('tr', { hasText: orderRef });
    await row.waitFor();
    await row.getByRole('link', { name: 'Log trail' }).click();
    await admin.waitForURL((url) => url.pathname.startsWith('/admin-a1b2c3/reports/payment-failures/logs/'));
    await expect
      .poll(async () => admin.getByText('Declined by the payer (sandbox).').count())
      .toBeGreaterThan(0);
    await context.close();
    await admin.context().close();
  });

  it('redeems an access code on the payment page', async () => {
    const { db } = holder.stack;
    const batch = await db
      .insertInto('accessCodeBatches')
      .values({ label: 'Beaconhouse Gulberg', attempts: 2, codeCount: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('accessCodes').values({ batchId: batch.id, code: 'ABCD-EFGH-JKMN' }).execute();
    const { context, page } = await openPage(holder.stack, { width: 360, height: 780 });
    await signInAsStudent(page);
    await openPayment(page);
    await page.getByTestId('access-code-input').fill('abcd efgh jkmn');
    await page.getByTestId('redeem-button').click();
    await page.getByText('Code accepted').waitFor();
    await expect.poll(() => page.getByTestId('payment-attempts').textContent()).toContain('2');
    // The same code again is refused with a clear message.
    await page.getByTestId('access-code-input').fill('ABCD-EFGH-JKMN');
    await page.getByTestId('redeem-button').click();
    await page.getByText('This code is not valid or has already been used.').waitFor();
    await context.close();
  });

  it('says when online payment is off, and still takes codes', async () => {
    await setFlags(holder.stack.db, { isPaymentEnabled: false });
    const { context, page } = await openPage(holder.stack);
    await signInAsStudent(page);
    await openPayment(page);
    await page.getByTestId('payment-disabled').waitFor();
    expect(await page.getByTestId('pay-button').count()).toBe(0);
    expect(await page.getByTestId('access-code-input').count()).toBe(1);
    await context.close();
  });

  it("toasts 'Failed to fetch Payment data' when the options cannot be loaded", async () => {
    const { context, page } = await openPage(holder.stack);
    await signInAsStudent(page);
    await page.route('**/api/payment/options', (route) => route.abort());
    await page.goto('/dashboard/payment');
    // The toast itself (react-hot-toast renders it as a polite status), not the page's inline error.
    await page
      .locator('[role="status"][aria-live="polite"]')
      .filter({ hasText: 'Failed to fetch Payment data' })
      .waitFor();
    await context.close();
  });
});
