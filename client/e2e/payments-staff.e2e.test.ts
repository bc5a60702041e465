import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { setFlags } from '../../test/helpers.js';
import { demoPhaseId } from './demo-data.js';
import {
  DEMO_STUDENT_EMAIL,
  DESKTOP,
  expectFits,
  horizontalOverflow,
  openPage,
  PHONE,
  signInAsAdmin,
  signInAsStudent,
} from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(async () => {
  await setFlags(holder.stack.db, {
    isPaymentEnabled: true,
    isContestQuizEnabled: true,
    contestQuizPhase: await demoPhaseId(holder.stack),
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
});

const packageRow = (page: Page, name: string) =>
  page.getByTestId('payment-package').filter({ hasText: name });

describe('the payment page sells only attempts the child can use', () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`shows a package the child could not use as not on sale, saying why (${size.width} px)`, async () => {
      // One attempt held, none played: one more can be used of the contest's two plays.
      await sql`UPDATE students SET contest_attempts = 1 WHERE email = ${DEMO_STUDENT_EMAIL}`.execute(
        holder.stack.db,
      );
      const { context, page } = await openPage(holder.stack, size);
      await signInAsStudent(page);
      await page.goto('/dashboard/payment');
      await packageRow(page, 'Two attempts').waitFor();
      expect(await packageRow(page, 'Two attempts').getAttribute('data-usable')).toBe('false');
      expect(await packageRow(page, 'Two attempts').locator('input').isDisabled()).toBe(true);
      expect(
        await packageRow(page, 'Two attempts').getByTestId('payment-package-unusable').textContent(),
      ).toContain('than you could still use in the Phase 1 — Qualifier contest (only 1 more)');
      expect(await packageRow(page, 'One attempt').getAttribute('data-usable')).toBe('true');
      expect(await packageRow(page, 'One attempt').locator('input').isChecked()).toBe(true);
      expect(await page.getByTestId('pay-button').isDisabled()).toBe(false);
      await expectFits(page, `payment-unusable-${size.width}`);

      // Both plays covered by the attempts held: nothing is sold, and the page says so.
      await sql`UPDATE students SET contest_attempts = 2 WHERE email = ${DEMO_STUDENT_EMAIL}`.execute(
        holder.stack.db,
      );
      await page.reload();
      await page.getByTestId('payment-none-usable').waitFor();
      expect(
        await packageRow(page, 'One attempt').getByTestId('payment-package-unusable').textContent(),
      ).toContain('already cover');
      expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);
      await context.close();
    });
  }
});

async function seedPayments() {
  const db = holder.stack.db;
  const student = await db
    .selectFrom('students')
    .select('id')
    .where('email', '=', 'hamza.siddiqui@example.com')
    .executeTakeFirstOrThrow();
  const pkg = await db
    .selectFrom('paymentPackages')
    .select(['id', 'pricePaisa', 'phaseId'])
    .where('name', '=', 'One attempt')
    .executeTakeFirstOrThrow();
  const row = (orderRef: string, status: 'PENDING' | 'PAID') => ({
    orderRef,
    studentId: student.id,
    packageId: pkg.id,
    gateway: 'sandbox',
    status,
    listPricePaisa: pkg.pricePaisa,
    amountPaisa: pkg.pricePaisa,
    attempts: 1,
    phaseId: pkg.phaseId,
    paidAt: status === 'PAID' ? new Date() : null,
  });
  await db
    .insertInto('payments')
    .values([row('RZSTUCK0001', 'PENDING'), row('RZPAID00001', 'PAID')])
    .execute();
  await db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', student.id).execute();
  return student.id;
}

const paymentRow = (page: Page, orderRef: string) =>
  page.locator(`[data-testid="pr-row"][data-order-ref="${orderRef}"]`);

async function settle(
  page: Page,
  orderRef: string,
  action: 'cancel' | 'mark-paid' | 'refund',
  reason: string,
) {
  const button = paymentRow(page, orderRef).getByTestId(`pr-action-${action}`);
  const box = await button.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${action} on screen`).not.toBeNull();
  expect(
    (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
    `${action} within ${width} px`,
  ).toBe(true);
  await button.click();
  const dialog = page.getByTestId('pr-action-dialog');
  await dialog.waitFor();
  // A reason is required: the dialog says so instead of sending.
  await dialog.getByTestId('pr-action-confirm').click();
  await dialog.getByText('Please give a reason').waitFor();
  await dialog.getByTestId('pr-action-reason').fill(reason);
  expect(await horizontalOverflow(page)).toBe(0);
  await dialog.getByTestId('pr-action-confirm').click();
  await dialog.waitFor({ state: 'detached' });
}

const statusOf = (page: Page, orderRef: string) =>
  paymentRow(page, orderRef).getByTestId('pr-status').locator('[data-status]').getAttribute('data-status');

describe('staff settle payments on the payments page', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`cancel a stuck checkout, mark it paid after a bank transfer and refund a paid one (${size.width} px)`, async () => {
      const studentId = await seedPayments();
      const { context, page } = await openPage(holder.stack, size);
      await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/admin-a1b2c3/reports/payments');
      await paymentRow(page, 'RZSTUCK0001').waitFor();
      await expectFits(page, `payments-staff-${size.width}`);

      await settle(page, 'RZSTUCK0001', 'cancel', 'Family closed the JazzCash page');
      await expect.poll(() => statusOf(page, 'RZSTUCK0001')).toBe('CANCELLED');

      await settle(page, 'RZSTUCK0001', 'mark-paid', 'Bank transfer ref 55123');
      await expect.poll(() => statusOf(page, 'RZSTUCK0001')).toBe('PAID');

      await settle(page, 'RZPAID00001', 'refund', 'Returned by bank transfer');
      await expect.poll(() => statusOf(page, 'RZPAID00001')).toBe('REFUNDED');
      await expectFits(page, `payments-staff-done-${size.width}`);

      // Marked paid: +1; refunded: its unused attempt taken back.
      const student = await holder.stack.db
        .selectFrom('students')
        .select('contestAttempts')
        .where('id', '=', studentId)
        .executeTakeFirstOrThrow();
      expect(student.contestAttempts).toBe(1);
      const audits = await holder.stack.db
        .selectFrom('auditLog')
        .select('action')
        .where('action', 'in', ['payment.cancel', 'payment.markPaid', 'payment.refund'])
        .orderBy('at')
        .execute();
      expect(audits.map((a) => a.action)).toEqual(['payment.cancel', 'payment.markPaid', 'payment.refund']);
      await context.close();
    });
  }
});

describe('a family gives up a checkout left at the gateway', () => {
  it('cancels it from the pending page, and the promo code applies again (360 px)', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page, 'hamza.siddiqui@example.com');
    await page.goto('/dashboard/payment');
    await packageRow(page, 'One attempt').waitFor();
    await page.getByTestId('promo-code-input').fill('WELCOME50');
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toContain('PKR 250');
    await page.getByTestId('pay-button').click();
    await page.getByRole('button', { name: 'Approve payment' }).waitFor();
    const order = await holder.stack.db
      .selectFrom('payments')
      .select('orderRef')
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();

    // Back without paying: the pending page offers to cancel.
    await page.goto(`/payment/success?order=${order.orderRef}`);
    await page.getByTestId('payment-cancel').click();
    await page.getByTestId('payment-cancel-confirm').click();
    await page.getByText('This payment was cancelled').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const promo = await holder.stack.db
      .selectFrom('promoCodes')
      .select('usedCount')
      .where('code', '=', 'WELCOME50')
      .executeTakeFirstOrThrow();
    expect(promo.usedCount).toBe(0);

    await page.goto('/dashboard/payment');
    await page.getByTestId('promo-code-input').fill('WELCOME50');
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toContain('PKR 250');
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(false);
    await context.close();
  });
});
