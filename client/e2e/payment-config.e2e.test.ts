import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePhase, makeStaff } from '../../test/helpers.js';
import { horizontalOverflow, PHONE, signInAsAdmin } from './pages.js';
import { type Stack, setupStack } from './stack.js';

const holder = setupStack();
const SHOTS = '/tmp/riyazi-screens';
const PASSWORD = 'Jc-secret-9912';
const SALT = 'salt-abc-4477';

async function signedInPage(stack: Stack, viewport: { width: number; height: number }, superAdmin = true) {
  const staff = await makeStaff(
    stack.db,
    superAdmin ? { superAdmin: true } : { permissions: [['paymentConfigurations', 'read']] },
  );
  const context = await stack.newContext(viewport);
  const page = await context.newPage();
  await signInAsAdmin(page, staff.email, staff.password);
  return { context, page };
}

const shot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true });
};

describe('payment configuration', () => {
  it('an admin saves the JazzCash settings on a phone and, after a reload, sees them kept with the secrets masked', async () => {
    const { stack } = holder;
    const { context, page } = await signedInPage(stack, PHONE);
    await page.goto('/admin-a1b2c3/configurations/payment');
    await page.getByTestId('payment-save').waitFor();

    await page.getByTestId('payment-jazzcash-enabled').check();
    await page.getByTestId('payment-save').click();
    // Nothing is stored yet: the form names what JazzCash still needs before any call is made.
    await page.getByText('Merchant ID is required to turn JazzCash on').waitFor();

    await page.getByTestId('payment-jazzcash-merchantId').fill('MC55555');
    await page.getByTestId('payment-jazzcash-baseUrl').fill('http://127.0.0.1:4010/');
    await page.getByTestId('payment-jazzcash-password').fill(PASSWORD);
    await page.getByTestId('payment-jazzcash-integritySalt').fill(SALT);
    await page.getByTestId('payment-save').click();
    await page.getByText('Payment settings saved').waitFor();

    await page.reload();
    await page.getByTestId('payment-save').waitFor();
    expect(await page.getByTestId('payment-jazzcash-enabled').isChecked()).toBe(true);
    expect(await page.getByTestId('payment-jazzcash-merchantId').inputValue()).toBe('MC55555');
    expect(await page.getByTestId('payment-jazzcash-baseUrl').inputValue()).toBe('http://127.0.0.1:4010');
    const password = page.getByTestId('payment-jazzcash-password');
    expect(await password.inputValue()).toBe('');
    expect(await password.getAttribute('placeholder')).toBe('stored (ends in 12)');
    expect(await page.getByTestId('payment-jazzcash-integritySalt').getAttribute('placeholder')).toBe(
      'stored (ends in 77)',
    );
    await page.getByText('The password is stored (ends in 12). Leave this blank to keep it').waitFor();
    const html = await page.content();
    expect(html).not.toContain(PASSWORD);
    expect(html).not.toContain(SALT);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'payment-config-360.png');

    const row = await stack.db
      .selectFrom('paymentGatewaySettings')
      .selectAll()
      .where('gateway', '=', 'jazzcash')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: true, settings: { merchantId: 'MC55555' } });
    expect(JSON.stringify(row.secrets)).not.toContain(PASSWORD);
    await context.close();
  });

  it('staff who may only read the settings see them disabled, with no save button', async () => {
    const { stack } = holder;
    const { context, page } = await signedInPage(stack, { width: 1280, height: 800 }, false);
    await page.goto('/admin-a1b2c3/configurations/payment');
    await page.getByText('You can view these settings but not change them.').waitFor();
    expect(await page.getByTestId('payment-jazzcash-merchantId').isDisabled()).toBe(true);
    expect(await page.getByTestId('payment-jazzcash-password').isDisabled()).toBe(true);
    expect(await page.getByTestId('payment-sandbox-enabled').isDisabled()).toBe(true);
    expect(await page.getByTestId('payment-save').count()).toBe(0);
    await context.close();
  });
});

describe('contest services', () => {
  it('an admin adds a package priced in rupees, sees it as PKR in the list, edits and deletes it', async () => {
    const { stack } = holder;
    await makePhase(stack.db, 1);
    const { context, page } = await signedInPage(stack, { width: 1280, height: 800 });
    await page.goto('/admin-a1b2c3/configurations/contest-services');
    await page.getByTestId('package-empty').waitFor();

    await page.getByTestId('package-add').click();
    const form = page.getByTestId('package-form');
    await form.getByTestId('package-name').fill('Phase 1 pair');
    await form.getByTestId('package-description').fill('Two contest attempts for phase 1');
    await form.getByTestId('package-price').fill('1,500');
    await form.getByTestId('package-attempts').fill('2');
    await form.getByTestId('package-phaseId').selectOption({ label: 'Phase 1 (running)' });
    await form.getByTestId('package-save').click();
    await page.getByText('Package added').waitFor();
    const row = page.getByTestId('package-row').filter({ hasText: 'Phase 1 pair' });
    await row.getByTestId('package-row-price').filter({ hasText: 'PKR 1,500' }).waitFor();
    expect(await row.textContent()).toContain('Phase 1');

    const stored = await stack.db.selectFrom('paymentPackages').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ pricePaisa: 150_000, attempts: 2, isActive: true });

    await row.getByTestId('package-edit').click();
    await form.getByTestId('package-price').fill('1499.5');
    await form.getByTestId('package-save').click();
    await page.getByText('Package updated').waitFor();
    await row.getByTestId('package-row-price').filter({ hasText: 'PKR 1,499.50' }).waitFor();

    // The switch follows the server: it shows off once the list is read again.
    await row.getByTestId('package-active-switch').click();
    await page.getByText('Package switched off').waitFor();
    await row.locator('[data-testid="package-active-switch"]:not(:checked)').waitFor();

    const phone = await signedInPage(stack, PHONE);
    await phone.page.goto('/admin-a1b2c3/configurations/contest-services');
    await phone.page.getByTestId('package-table').waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    await shot(phone.page, 'contest-services-360.png');
    await phone.context.close();

    await row.getByTestId('package-delete').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Package deleted').waitFor();
    await page.getByTestId('package-empty').waitFor();
    await context.close();
  });
});
