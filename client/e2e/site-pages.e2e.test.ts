import { describe, expect, it } from 'vitest';
import { makeGrade, makeStaff, setFlags } from '../../test/helpers.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();
const DESKTOP = { width: 1366, height: 800 } as const;
const PAGES_ADMIN = '/admin-a1b2c3/content/pages';

/** Version 1 of the terms and the privacy policy, as a first publication would leave them. */
async function publishFirstVersions(staffId: string) {
  await holder.stack.db
    .insertInto('sitePageVersions')
    .values([
      {
        pageKey: 'terms',
        version: 1,
        title: 'Terms and conditions',
        bodyHtml: '<p>First terms: play fair.</p>',
        publishedBy: staffId,
      },
      {
        pageKey: 'privacy',
        version: 1,
        title: 'Privacy policy',
        bodyHtml: '<p>We store what you tell us.</p>',
        publishedBy: staffId,
      },
    ])
    .execute();
}

describe('site pages', () => {
  it('staff edit and publish version 2 of the terms; the public page shows it and still links version 1', async () => {
    const { stack } = holder;
    const editor = await makeStaff(stack.db, {
      permissions: [
        ['configurations', 'read'],
        ['configurations', 'update'],
      ],
    });
    await publishFirstVersions(editor.id);
    const { context, page } = await openPage(stack, DESKTOP);
    await signInAsAdmin(page, editor.email, editor.password);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Site pages' })
      .click();
    await page.waitForURL(`**${PAGES_ADMIN}`);

    await page.getByTestId('site-page-pick').selectOption('terms');
    await page.getByTestId('site-page-history').getByText('Version 1').waitFor();
    await page.getByTestId('site-page-title').fill('Terms and conditions of the 2027 contest');
    const body = page.getByTestId('site-page-body');
    await body.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Second terms: one account per child.');
    await page.getByTestId('site-page-preview').click();
    await page
      .getByTestId('site-page-preview-view')
      .getByText('Second terms: one account per child.')
      .waitFor();
    await page.getByTestId('site-page-publish').click();
    await page.getByTestId('site-page-history').getByText('Version 2').waitFor();
    const stored = await stack.db
      .selectFrom('sitePageVersions')
      .select(['version', 'title', 'bodyHtml'])
      .where('pageKey', '=', 'terms')
      .orderBy('version')
      .execute();
    expect(stored).toEqual([
      expect.objectContaining({ version: 1, bodyHtml: '<p>First terms: play fair.</p>' }),
      expect.objectContaining({
        version: 2,
        title: 'Terms and conditions of the 2027 contest',
        bodyHtml: expect.stringContaining('Second terms: one account per child.'),
      }),
    ]);
    await expectAccessible(page, 'site pages admin at 1366 px');
    await screenshotFor(page, 'site-pages/admin-1366');
    await page.setViewportSize(PHONE);
    await expectFits(page, 'site-pages/admin-360');
    await context.close();

    const visitor = await openPage(stack, PHONE);
    await visitor.page.goto('/terms-and-conditions');
    await visitor.page.getByText('Second terms: one account per child.').waitFor();
    expect(await visitor.page.getByTestId('site-page-version').textContent()).toMatch(
      /^Version 2, published /,
    );
    await visitor.page
      .getByTestId('site-page-versions')
      .getByRole('link', { name: /Version 1/ })
      .click();
    await visitor.page.getByText('First terms: play fair.').waitFor();
    expect(await visitor.page.getByTestId('site-page-version').textContent()).toMatch(
      /^Version 1, published /,
    );
    await expectFits(visitor.page, 'site-pages/terms-v1-360');
    await visitor.context.close();
  });

  it('a child who signs up on a phone has the current terms and privacy versions stored', async () => {
    const { stack } = holder;
    const staff = await makeStaff(stack.db, { superAdmin: true });
    await publishFirstVersions(staff.id);
    await stack.db
      .insertInto('sitePageVersions')
      .values({
        pageKey: 'terms',
        version: 2,
        title: 'Terms',
        bodyHtml: '<p>Newer terms.</p>',
        publishedBy: staff.id,
      })
      .execute();
    await setFlags(stack.db, { isRegistrationEnabled: true });
    await makeGrade(stack.db, 5);
    const email = `bilal.${Date.now()}@example.com`;
    const { context, page } = await openPage(stack, PHONE);
    await page.goto('/signup');
    await page.getByTestId('signup-fullName').fill('Bilal Hussain');
    await page.getByTestId('signup-fatherName').fill('Hussain Ali');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill('Squares have 4 sides');
    await page.getByTestId('signup-phone').fill('0300 1234567');
    await page.getByTestId('signup-gender-MALE').check();
    await page.getByTestId('signup-city').fill('Karachi');
    await page.getByTestId('signup-schoolName').fill('City School');
    await page.getByTestId('signup-gradeId').selectOption({ index: 1 });
    await page.getByTestId('signup-referralSource').selectOption('School');
    await page.getByTestId('signup-acceptTerms').check();
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-success').waitFor();
    const student = await stack.db
      .selectFrom('students')
      .select(['termsVersion', 'privacyVersion'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(student).toEqual({ termsVersion: 2, privacyVersion: 1 });
    await context.close();
  });

  it('the contact form on a phone sends the message through the mail queue and says so', async () => {
    const { stack } = holder;
    const { context, page } = await openPage(stack, PHONE);
    await page.goto('/contact');
    await page.getByTestId('contact-name').fill('Sana Iqbal');
    await page.getByTestId('contact-email').fill('sana.iqbal@example.com');
    await page.getByTestId('contact-message').fill('When does the grade 4 contest open in Lahore?');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-sent').waitFor();
    const mail = await stack.db
      .selectFrom('mailMessages')
      .select(['template', 'toEmail', 'params'])
      .where('template', '=', 'contactMessage')
      .execute();
    expect(mail).toEqual([
      {
        template: 'contactMessage',
        toEmail: stack.config.CONTACT_EMAIL,
        params: {
          name: 'Sana Iqbal',
          email: 'sana.iqbal@example.com',
          message: 'When does the grade 4 contest open in Lahore?',
        },
      },
    ]);
    await expectFits(page, 'site-pages/contact-sent-360');
    await context.close();
  });
});
