import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@riyazi/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeGrade, makeStaff, type TestStaff } from '../../test/helpers.js';
import { DECLINED_BY_BANK } from '../../test/payment-logs.js';
import { downloadCsv, horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

let admin: TestStaff;
let seeded: Awaited<ReturnType<typeof seedPayments>>;

/**
 * Four payments and two messages about the declined one, plus a forged callback naming no order:
 *   ORD1001 Ali, jazzcash PAID Rs 500 (PKT 10 Mar) · ORD1002 Sara, sandbox PAID Rs 600 with EID-50 (11 Mar)
 *   ORD1003 Sara, jazzcash FAILED · ORD1004 Ali, jazzcash PENDING.
 */
async function seedPayments(db: Db) {
  const grade = await makeGrade(db, 4);
  const student = (fullName: string, city: string, email: string) =>
    db
      .insertInto('students')
      .values({ fullName, city, email, gradeId: grade.id, passwordHash: 'x' })
      .returning(['id', 'studentNo'])
      .executeTakeFirstOrThrow();
  const ali = await student('Ali Raza', 'Lahore', 'ali@example.com');
  const sara = await student('Sara Khan', 'Karachi', 'sara@example.com');
  const pkg = await db
    .insertInto('paymentPackages')
    .values({ name: 'Single attempt', pricePaisa: 50_000, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const promo = await db
    .insertInto('promoCodes')
    .values({ code: 'EID-50', discountType: 'PERCENT', discountValue: 50 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pay = (
    orderRef: string,
    studentId: string,
    gateway: string,
    status: string,
    at: string,
    extra = {},
  ) =>
    db
      .insertInto('payments')
      .values({
        orderRef,
        studentId,
        packageId: pkg.id,
        gateway,
        status,
        listPricePaisa: 50_000,
        amountPaisa: 50_000,
        attempts: 1,
        createdAt: new Date(at),
        paidAt: status === 'PAID' ? new Date(at) : null,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  await pay('ORD1001', ali.id, 'jazzcash', 'PAID', '2026-03-10T10:00:00Z', { gatewayRef: 'T1001' });
  await pay('ORD1002', sara.id, 'sandbox', 'PAID', '2026-03-10T20:30:00Z', {
    listPricePaisa: 120_000,
    discountPaisa: 60_000,
    amountPaisa: 60_000,
    promoCodeId: promo.id,
  });
  const declined = await pay('ORD1003', sara.id, 'jazzcash', 'FAILED', '2026-03-11T06:00:00Z', {
    gatewayRef: 'T1003',
  });
  await pay('ORD1004', ali.id, 'jazzcash', 'PENDING', '2026-03-12T06:00:00Z');
  await db
    .insertInto('paymentLogs')
    .values([
      {
        paymentId: declined.id,
        orderRef: 'ORD1003',
        at: new Date('2026-03-11T06:00:00Z'),
        kind: 'CHECKOUT',
        gateway: 'jazzcash',
        outcome: 'STARTED',
        expectedAmountPaisa: 50_000,
        expectedCurrency: 'PKR',
      },
      {
        paymentId: declined.id,
        orderRef: 'ORD1003',
        at: new Date('2026-03-11T06:02:00Z'),
        kind: 'CALLBACK',
        gateway: 'jazzcash',
        gatewayRef: 'T1003',
        ...DECLINED_BY_BANK,
        attemptNo: 2,
        sourceIp: '203.0.113.7',
        payloadSha256: 'c'.repeat(64),
        outcome: 'FAILED',
      },
      {
        paymentId: null,
        orderRef: 'FAKE0001',
        at: new Date('2026-03-10T12:00:00Z'),
        kind: 'CALLBACK',
        gateway: 'jazzcash',
        responseMessage: 'Bad signature',
        receivedAmountPaisa: 100_000,
        receivedCurrency: 'PKR',
        signatureValid: false,
        sourceIp: '198.51.100.9',
        outcome: 'REJECTED',
      },
    ])
    .execute();
  return { declinedId: declined.id, sara };
}

const holder = setupStack(async (stack) => {
  admin = await makeStaff(stack.db, { superAdmin: true });
  seeded = await seedPayments(stack.db);
});

const SCREENS = process.env.PR_SCREENSHOTS_DIR;
async function screenshot(page: Page, name: string) {
  if (SCREENS) {
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, name), fullPage: true });
  }
}

const orderRefs = (page: Page) =>
  page.getByTestId('pr-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-ref')));

describe('payments report', () => {
  it('shows totals, the chart and the rows, narrows by status in the URL and exports CSV', async () => {
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/reports/payments');
    await page.getByTestId('pr-row').first().waitFor();
    expect(await orderRefs(page)).toEqual(['ORD1004', 'ORD1003', 'ORD1002', 'ORD1001']);
    expect(await page.getByTestId('pr-total-count').textContent()).toBe('4');
    expect(await page.getByTestId('pr-total-paid-count').textContent()).toBe('2');
    expect(await page.getByTestId('pr-total-paid-amount').textContent()).toBe('PKR 1,100');
    // Two days (ORD1002 is the 11th in Pakistan), stacked by gateway.
    await page.locator('[data-testid="pr-chart"] .recharts-bar-rectangle').first().waitFor();
    expect(await page.locator('[data-testid="pr-chart"] .recharts-bar-rectangle').count()).toBe(2);
    await screenshot(page, 'payments-desktop.png');

    await page.getByTestId('pr-filter-status').selectOption('PAID');
    await page.waitForURL(/[?&]status=PAID/);
    await expect.poll(() => orderRefs(page)).toEqual(['ORD1002', 'ORD1001']);
    expect(await page.getByTestId('pr-total-count').textContent()).toBe('2');
    const amounts = await page.getByTestId('pr-amount').allTextContents();
    expect(amounts[0]).toContain('PKR 600');
    expect(amounts[0]).toContain('EID-50 −PKR 600');

    const { filename, lines } = await downloadCsv(page, 'pr-export');
    expect(filename).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines.map((line) => line.split(',')[0])).toEqual(['Order ref', 'ORD1002', 'ORD1001']);

    await page.reload();
    await expect.poll(() => orderRefs(page)).toEqual(['ORD1002', 'ORD1001']);
    expect(await page.getByTestId('pr-filter-status').inputValue()).toBe('PAID');
    await context.close();
  });

  it('stacks the payments report on a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/reports/payments');
    await page.getByTestId('pr-row').first().waitFor();
    await page.locator('[data-testid="pr-chart"] .recharts-bar-rectangle').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'payments-360.png');
    // Eight filters fold away on a phone until asked for.
    expect(await page.getByTestId('pr-filter-status').isVisible()).toBe(false);
    await page.getByTestId('pr-filters-toggle').click();
    await page.getByTestId('pr-filter-status').selectOption('FAILED');
    await page.waitForURL(/status=FAILED/);
    await expect.poll(() => orderRefs(page)).toEqual(['ORD1003']);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'payments-360-filtered.png');
    await context.close();
  });
});

describe('payment failures', () => {
  it('lists the problems without loading the chart and opens a payment log trail', async () => {
    const { context, page } = await openPage(holder.stack);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(request.url());
      }
    });
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/reports/payment-failures');
    await page.getByTestId('pf-row').first().waitFor();
    const rows = await page
      .getByTestId('pf-row')
      .evaluateAll((all) =>
        all.map((row) => [row.getAttribute('data-kind'), row.getAttribute('data-order-ref')]),
      );
    expect(rows).toEqual([
      ['payment', 'ORD1003'],
      ['orphan', 'FAKE0001'],
    ]);
    expect(scripts.some((url) => url.includes('payments-chart'))).toBe(false);
    await screenshot(page, 'payment-failures-desktop.png');

    await page.getByTestId('pf-filter-outcome').selectOption('FAILED');
    await page.waitForURL(/outcome=FAILED/);
    await expect.poll(() => page.getByTestId('pf-row').count()).toBe(1);
    await page.getByTestId('pf-view-log').click();
    await page.waitForURL(new RegExp(`/reports/payment-failures/logs/${seeded.declinedId}$`));
    await page.getByTestId('pl-entry').nth(1).waitFor();
    expect(await page.locator('h1').textContent()).toBe('Payment ORD1003');
    const declined = page.getByTestId('pl-entry').nth(1);
    expect(await declined.getAttribute('data-outcome')).toBe('FAILED');
    const text = (await declined.textContent()) ?? '';
    for (const shown of [
      '11 Mar 2026, 11:02:00 PKT',
      `Sara Khan (No. ${seeded.sara.studentNo})`,
      'ORD1003',
      'T1003',
      '124',
      'Declined by bank',
      '500.00 PKR',
      'Valid',
      '203.0.113.7',
      'c'.repeat(64),
    ]) {
      expect(text, shown).toContain(shown);
    }
    expect(await declined.getByText('Delivery attempt').locator('..').textContent()).toBe(
      'Delivery attempt2',
    );
    await screenshot(page, 'payment-log-desktop.png');

    await page.getByText('All payment failures').click();
    await page.waitForURL(/payment-failures\?outcome=FAILED$/);
    await context.close();
  });

  it('opens an orphan log and fits a 360 px phone', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/reports/payment-failures');
    await page.getByTestId('pf-row').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'payment-failures-360.png');
    await page.locator('[data-kind="orphan"]').getByTestId('pf-view-log').click();
    await page.waitForURL(/\/logs\/orphan\?log=\d+$/);
    await page.getByTestId('pl-entry').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Message naming no known order');
    expect(await page.getByTestId('pl-signature').textContent()).toBe('Invalid');
    expect(await page.getByTestId('pl-received').textContent()).toBe('1000.00 PKR');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'payment-log-orphan-360.png');
    await page.goto(`/admin-a1b2c3/reports/payment-failures/logs/${seeded.declinedId}`);
    await page.getByTestId('pl-entry').nth(1).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'payment-log-360.png');
    await context.close();
  });
});
