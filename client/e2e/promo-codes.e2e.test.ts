import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { type Stack, setupStack } from './stack.js';

const SCREENS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/riyazi-screens';

async function seed(stack: Stack) {
  const admin = await makeStaff(stack.db, { superAdmin: true });
  const pack = await stack.db
    .insertInto('paymentPackages')
    .values({ name: 'Two attempts', attempts: 2, pricePaisa: 90_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { admin, packageId: pack.id };
}

let seeded: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  seeded = await seed(stack);
});

const stored = (code: string) =>
  holder.stack.db.selectFrom('promoCodes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

describe('promo codes', () => {
  it('an admin adds a fixed-amount code for one package, edits it and switches it off', async () => {
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, seeded.admin.email, seeded.admin.password);
    await page.goto('/admin-a1b2c3/promo-code');
    await page.getByTestId('promo-empty').waitFor();

    await page.getByTestId('promo-add').click();
    const form = page.getByTestId('promo-form');
    await form.getByTestId('promo-code').fill('eid-2026');
    await form.getByTestId('promo-description').fill('Eid offer');
    await form.getByTestId('promo-type-FIXED').check();
    await form.getByTestId('promo-value').fill('150.50');
    await form.getByTestId('promo-max-uses').fill('100');
    await form.getByTestId(`promo-package-${seeded.packageId}`).check();
    await form.getByTestId('promo-save').click();
    await page.getByText('Promo code EID-2026 added').waitFor();
    const row = page.getByTestId('promo-row').filter({ hasText: 'EID-2026' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/150\.50 off/);
    await expect(row.textContent()).resolves.toContain('Two attempts');
    expect(await stored('EID-2026')).toMatchObject({
      discountType: 'FIXED',
      discountValue: 15_050,
      maxUses: 100,
      packageIds: [seeded.packageId],
      isActive: true,
    });

    await row.getByTestId('promo-edit').click();
    await form.getByTestId('promo-description').fill('Eid offer for everyone');
    await form.getByTestId(`promo-package-${seeded.packageId}`).uncheck();
    await form.getByTestId('promo-max-uses').fill('');
    await form.getByTestId('promo-save').click();
    await page.getByText('Promo code EID-2026 updated').waitFor();
    await row.getByText('Eid offer for everyone').waitFor();
    await expect(row.textContent()).resolves.toContain('All packages');
    expect(await stored('EID-2026')).toMatchObject({ packageIds: [], maxUses: null });

    // On a slow school network the list re-reads late: the toast must still not announce a change
    // the switch does not show yet.
    await page.route(/\/api\/admin\/promoCode\/\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await row.getByTestId('promo-active-switch').click();
    await page.getByText('Promo code EID-2026 deactivated').waitFor();
    await expect.poll(async () => (await stored('EID-2026')).isActive).toBe(false);
    expect(await row.getByTestId('promo-active-switch').isChecked()).toBe(false);
    await mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'promo-codes-desktop.png'), fullPage: true });
    await context.close();
  });

  it('shows the server refusal of a duplicate code in the form', async () => {
    await holder.stack.db
      .insertInto('promoCodes')
      .values({ code: 'WELCOME', discountType: 'PERCENT', discountValue: 10 })
      .execute();
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, seeded.admin.email, seeded.admin.password);
    await page.goto('/admin-a1b2c3/promo-code');
    await page.getByTestId('promo-add').click();
    const form = page.getByTestId('promo-form');
    await form.getByTestId('promo-code').fill('welcome');
    await form.getByTestId('promo-value').fill('20');
    await form.getByTestId('promo-save').click();
    await form.getByText('is taken').waitFor();
    await context.close();
  });

  it('fits a 360 px phone: rows stack as cards and the form fits', async () => {
    await holder.stack.db
      .insertInto('promoCodes')
      .values([
        {
          code: 'SCHOOL-BEACONHOUSE-2026',
          description: 'Beaconhouse Gulberg campus, all grades',
          discountType: 'PERCENT',
          discountValue: 25,
          maxUses: 300,
          usedCount: 12,
          maxUsesPerStudent: 3,
          validUntil: new Date(Date.now() + 30 * 86_400_000),
          packageIds: [seeded.packageId],
        },
        { code: 'EID', discountType: 'FIXED', discountValue: 15_000, isActive: false },
      ])
      .execute();
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, seeded.admin.email, seeded.admin.password);
    await page.goto('/admin-a1b2c3/promo-code');
    await page.getByTestId('promo-row').first().waitFor();
    expect(await page.getByTestId('promo-row').count()).toBe(2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'promo-codes-360.png'), fullPage: true });

    await page.getByTestId('promo-add').click();
    await page.getByTestId('promo-form').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENS, 'promo-code-form-360.png') });
    await context.close();
  });
});
