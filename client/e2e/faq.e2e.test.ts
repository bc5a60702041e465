import { describe, expect, it } from 'vitest';
import { insertFaq } from '../../db/src/seed/faq.js';
import { authorizedCall, makeStaff, signedInStaff } from '../../test/helpers.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();
const DESKTOP = { width: 1366, height: 800 } as const;
const FAQ_PAGE = '/admin-a1b2c3/content/faq';

const storedEntries = () =>
  holder.stack.db
    .selectFrom('faqEntries')
    .select(['question', 'answerHtml', 'position', 'isPublished'])
    .orderBy('position')
    .execute();

describe('FAQ', () => {
  it('an admin with only the FAQ permission adds a group and an answer with maths, reorders it and publishes it', async () => {
    const { stack } = holder;
    const editor = await makeStaff(stack.db, {
      permissions: [
        ['faqManagement', 'read'],
        ['faqManagement', 'create'],
        ['faqManagement', 'update'],
        ['faqManagement', 'delete'],
      ],
    });
    const { context, page } = await openPage(stack, DESKTOP);
    await signInAsAdmin(page, editor.email, editor.password);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`**${FAQ_PAGE}`);

    await page.getByTestId('faq-group-add').click();
    await page.getByTestId('faq-group-title').fill('Scoring');
    await page.getByTestId('faq-group-save').click();
    const group = page.getByTestId('faq-group').filter({ hasText: 'Scoring' });
    await group.waitFor();

    const addEntry = async (question: string, typed: string, formula: boolean) => {
      await group.getByTestId('faq-entry-add').click();
      const form = page.getByTestId('faq-entry-form');
      await form.getByTestId('faq-entry-question').fill(question);
      const answer = form.getByTestId('faq-entry-answer');
      await answer.click();
      await page.keyboard.type(typed);
      if (formula) {
        await answer.getByTestId('editor-math-inline').locator('.katex').waitFor();
        await screenshotFor(page, 'faq/admin-entry-form-1366');
      }
      await form.getByTestId('faq-entry-save').click();
      await form.waitFor({ state: 'detached' });
      await group.getByTestId('faq-entry').filter({ hasText: question }).waitFor();
    };
    await addEntry('Is there negative marking?', 'No: a wrong answer scores 0.', false);
    await addEntry('How fast must I answer?', 'A correct answer scores $0.5 + 0.5(1 - t/180)$ points.', true);
    expect(await storedEntries()).toEqual([
      expect.objectContaining({ question: 'Is there negative marking?', isPublished: false }),
      expect.objectContaining({
        question: 'How fast must I answer?',
        answerHtml: expect.stringContaining('<span class="math-inline">0.5 + 0.5(1 - t/180)</span>'),
        isPublished: false,
      }),
    ]);

    // The arrows: the second answer moves up by keyboard, and focus stays on the moved answer's arrow.
    const fast = group.getByTestId('faq-entry').filter({ hasText: 'How fast must I answer?' });
    await fast.getByTestId('faq-entry-up').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await storedEntries()).map((e) => e.question))
      .toEqual(['How fast must I answer?', 'Is there negative marking?']);
    await expect
      .poll(() => group.getByTestId('faq-entry').first().textContent())
      .toContain('How fast must I answer?');
    expect(await group.getByTestId('faq-entry').first().getByTestId('faq-entry-up').isDisabled()).toBe(true);
    // Its up arrow is now disabled (first place), so focus waits on its down arrow for the next key.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return `${active?.getAttribute('data-testid')} in ${active?.closest('li')?.textContent ?? ''}`;
        }),
      )
      .toMatch(/^faq-entry-down in How fast must I answer\?/);

    await fast.getByTestId('faq-entry-published').check();
    await expect
      .poll(async () => (await storedEntries()).find((e) => e.question.startsWith('How fast'))?.isPublished)
      .toBe(true);
    await fast.getByText('Published').waitFor();
    // No switch or toast half-way through its fade when axe measures contrast.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page, 'FAQ admin at 1366 px');
    await screenshotFor(page, 'faq/admin-1366');

    await page.setViewportSize(PHONE);
    await page.reload();
    await group.waitFor();
    await expectFits(page, 'faq/admin-360');
    await context.close();
  });

  it('the public FAQ on a phone shows published answers only, finds one by search and opens one by its link, in English and Urdu', async () => {
    const { stack } = holder;
    const staff = await makeStaff(stack.db, { superAdmin: true });
    await insertFaq(stack.db, staff.id);
    const group = await stack.db
      .selectFrom('faqGroups')
      .select('id')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await stack.db
      .insertInto('faqEntries')
      .values({
        groupId: group.id,
        question: 'A draft nobody should see?',
        answerHtml: '<p>Secret draft</p>',
        position: 99,
        isPublished: false,
      })
      .execute();

    const { context, page } = await openPage(stack, PHONE);
    await page.goto('/faq');
    const items = page.getByTestId('faq-item');
    await items.first().waitFor();
    const total = await items.count();
    expect(total).toBeGreaterThanOrEqual(10);
    expect(await page.getByTestId('faq-page').textContent()).not.toContain('A draft nobody should see?');

    const search = page.getByTestId('faq-search');
    await search.fill('ties');
    await expect.poll(() => items.count()).toBe(1);
    await expect(items.first().textContent()).resolves.toContain('How are ties on the leaderboard decided?');
    await search.fill('JazzCash');
    await expect.poll(() => items.count()).toBe(1);
    await expect(items.first().textContent()).resolves.toContain('How do I pay for contest attempts?');
    await search.fill('zzqx nothing');
    await page.getByTestId('faq-empty').getByText('No answers match').waitFor();
    await search.fill('');
    await expect.poll(() => items.count()).toBe(total);
    await expectFits(page, 'faq/public-360');
    await expectAccessible(page, 'public FAQ at 360 px');

    // The link to one answer, opened in a fresh tab: that answer is open, on screen, its maths typeset.
    const scoring = items.filter({ hasText: 'How is a correct answer scored?' });
    const href = await scoring.getByTestId('faq-link').getAttribute('href');
    expect(href).toBe('#how-is-a-correct-answer-scored');
    const other = await context.newPage();
    await other.goto(`/faq${href}`);
    const opened = other.locator('#how-is-a-correct-answer-scored');
    await opened.locator('.math-block math, .math-block .katex').first().waitFor();
    expect(await opened.getAttribute('open')).not.toBeNull();
    await expect
      .poll(() => opened.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(PHONE.height);
    expect(await other.locator('details[open]').count()).toBe(1);
    await screenshotFor(other, 'faq/public-anchor-360');

    await other.getByTestId('language-switch').first().click();
    await other.waitForFunction(() => document.documentElement.dir === 'rtl');
    await other.getByTestId('faq-search').waitFor();
    expect(await other.getByRole('heading', { level: 1 }).textContent()).toBe('عام سوالات');
    await expectFits(other, 'faq/public-urdu-360');
    await context.close();
  });

  it('staff without the FAQ permission get no menu item, a refused page and a 403 from the server', async () => {
    const { stack } = holder;
    const outsider = await signedInStaff(stack, { permissions: [['promoCode', 'read']] });
    const call = authorizedCall(stack);
    const read = await call(outsider.token, 'GET', '/api/admin/faq/');
    expect(read.statusCode).toBe(403);
    expect(read.json()).toHaveProperty('message');
    const write = await call(outsider.token, 'POST', '/api/admin/faq/group/create/', { title: 'Sneaky' });
    expect(write.statusCode).toBe(403);

    const { context, page } = await openPage(stack, DESKTOP);
    await signInAsAdmin(page, outsider.email, outsider.password);
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Promo codes' }).waitFor();
    expect(await menu.getByRole('link', { name: 'FAQ' }).count()).toBe(0);
    await page.goto(FAQ_PAGE);
    await page.getByTestId('no-permission').waitFor();
    expect(await page.getByTestId('faq-group-add').count()).toBe(0);
    await context.close();
  });
});
