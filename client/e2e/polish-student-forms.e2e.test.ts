import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.js';
import { en } from '../src/shared/i18n/messages/en.js';
import { ur } from '../src/shared/i18n/messages/ur.js';
import { addFlags } from './demo-data.js';
import { DEMO_STUDENT_EMAIL, openPage, PHONE, screenshotFor, signInAsStudent } from './pages.js';
import { setupSeededStack } from './stack.js';

/*
 * Issue #20 on the student's side, the forms: sign-up, the payment page's promo box and the
 * profile's e-mail line, each tried on a 360 px phone as a child would.
 */

const holder = setupSeededStack();

/** Fills the whole sign-up form for `email`; the page shows it in whatever language is chosen. */
async function fillSignup(page: Page, email: string): Promise<void> {
  await page.getByTestId('signup-fullName').fill('Fatima Malik');
  await page.getByTestId('signup-fatherName').fill('Asif Malik');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill('Triangles have 3 sides');
  await page.getByTestId('signup-phone').fill('0321 7654321');
  await page.getByTestId('signup-gender-FEMALE').check();
  await page.getByTestId('signup-city').fill('Multan');
  await page.getByRole('option', { name: 'Multan' }).click();
  await page.getByTestId('signup-schoolName').fill('Government Girls High School');
  await page.getByTestId('signup-gradeId').selectOption({ index: 3 });
  await page.getByTestId('signup-referralSource').selectOption({ index: 1 });
  await page.getByTestId('signup-acceptTerms').check();
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the student forms, polished (issue #20)', () => {
  it('says once that the e-mail already has an account, with links to log in and to reset the password, in English and Urdu', async () => {
    for (const [language, messages, password] of [
      ['en', en, 'password'],
      ['ur', ur, 'پاس ورڈ'],
    ] as const) {
      const { context, page } = await openPage(holder.stack, PHONE);
      await context.addInitScript((code) => {
        localStorage.setItem('riyazi:language', JSON.stringify({ language: code, chosen: true }));
      }, language);
      await page.goto('/signup');
      await page.getByTestId('signup-page').waitFor();
      await fillSignup(page, DEMO_STUDENT_EMAIL);
      await page.getByTestId('signup-submit').click();
      const error = page.getByTestId('signup-error');
      await error.waitFor();
      const text = (await error.textContent()) ?? '';
      expect(occurrences(text, password), `${language}: ${text}`).toBe(1);
      expect(occurrences(text, messages['common.logIn']), `${language}: ${text}`).toBe(1);
      await error.getByRole('link', { name: messages['account.signup.reset'] }).waitFor();
      await screenshotFor(page, `polish/signup-exists-${language}-360`);
      await error.getByRole('link', { name: messages['common.logIn'] }).click();
      await page.waitForURL((url) => url.pathname === paths.login);
      await context.close();
    }
  });

  it('checks a promo code when the child leaves the box, never while typing, and a valid code still shows its discount', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    // The demo buyer: the one demo student with no attempts held, so the page has a package to sell.
    await signInAsStudent(page, 'hamza.siddiqui@example.com');
    await page.goto(paths.dashboardPayment);
    const box = page.getByTestId('promo-code-input');
    await box.waitFor();
    const total = page.getByTestId('payment-total');
    const fullPrice = (await total.textContent()) ?? '';
    const refusal = page.getByText('This promo code is not valid.');

    // A child types slowly, stopping to find the next letter: nothing is judged meanwhile.
    await box.pressSequentially('WEL', { delay: 150 });
    await page.waitForTimeout(1500);
    expect(await refusal.count()).toBe(0);
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    await box.pressSequentially('COME50', { delay: 150 });
    await box.blur();
    await expect.poll(() => total.textContent()).not.toBe(fullPrice);
    await page.getByText(/you save/).waitFor();
    await screenshotFor(page, 'polish/promo-valid-360');

    // A wrong code is named once the child leaves the box, and a payment does not go ahead with it.
    await box.fill('');
    await box.pressSequentially('WELCOME99', { delay: 50 });
    await page.waitForTimeout(1500);
    expect(await refusal.count()).toBe(0);
    await box.blur();
    await refusal.waitFor();
    expect(await total.textContent()).toBe(fullPrice);
    await box.press('End');
    await box.pressSequentially('0', { delay: 50 });
    await page.waitForTimeout(1000);
    expect(await refusal.count(), 'the old verdict is gone while typing').toBe(0);
    await page.getByTestId('pay-button').click();
    await refusal.waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.dashboardPayment);
    await screenshotFor(page, 'polish/promo-invalid-360');
    await context.close();
  });

  it('shows no unconfirmable e-mail state while confirmation is off, and the way to confirm while it is on', async () => {
    await holder.stack.db
      .updateTable('students')
      .set({ emailVerified: false })
      .where('email', '=', DEMO_STUDENT_EMAIL)
      .execute();
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    await page.goto(paths.profile);
    const email = page
      .locator('.profile-list > div')
      .filter({ has: page.getByText(en['account.profile.email'], { exact: true }) });
    await email.waitFor();
    expect(await email.textContent()).toContain(DEMO_STUDENT_EMAIL);
    expect(await email.textContent()).not.toContain(en['account.profile.notConfirmed']);
    expect(await email.textContent()).not.toContain(en['account.profile.confirmed']);
    await screenshotFor(page, 'polish/profile-confirmation-off-360');

    // With confirmation required, the unconfirmed child is offered the link again.
    await addFlags(holder.stack, { isEmailVerificationEnabled: true });
    await page.reload();
    await page.getByTestId('resend-verification').waitFor();
    await context.close();
  });
});
