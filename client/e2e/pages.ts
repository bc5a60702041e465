import type { Page } from 'playwright-core';

/** Signs in through the back-office login form and waits for the admin layout. */
export async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin-a1b2c3/login');
  await page.getByTestId('admin-login-email').fill(email);
  await page.getByTestId('admin-login-password').fill(password);
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('admin-layout').waitFor();
}

/** Pixels the page scrolls sideways (0 when it fits the viewport). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
