import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setFlags, type TestStaff } from '../../test/helpers.js';
import { makeIntegrityStaff, type PlantedFlags, plantFlaggedPlays } from '../../test/integrity-factories.js';
import { DESKTOP, expectAccessible, expectFits, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const QUEUE = '/admin-a1b2c3/integrity';

let reviewer: TestStaff;
let reader: TestStaff;
let planted: PlantedFlags;

const holder = setupStack(async (stack) => {
  planted = await plantFlaggedPlays(stack.db);
  ({ reviewer, reader } = await makeIntegrityStaff(stack.db));
  await setFlags(stack.db, {
    isLeaderBoardDisplayed: true,
    isEmptyLeaderBoardDisplayed: false,
    isContestQuizEnabled: true,
    contestQuizPhase: planted.phase.id,
  });
});

const queueNames = (page: Page) => page.getByTestId('ir-row').locator('th a').allTextContents();
const boardNames = async (page: Page) => {
  await page.goto('/');
  await page.getByTestId('leaderboard-table').waitFor();
  return page.getByTestId('leaderboard-row').allTextContents();
};

describe('integrity review', () => {
  it('ranks the planted plays, shows the evidence, and a disqualified play leaves the public board', async () => {
    const { context, page } = await openPage(holder.stack, DESKTOP);
    expect((await boardNames(page)).join(' ')).toContain('Ali R.');

    await signInAsAdmin(page, reviewer.email, reviewer.password);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Integrity review' })
      .click();
    await page.waitForURL(new RegExp(`${QUEUE}$`));
    await expect.poll(() => queueNames(page)).toEqual(['Ali Raza', 'Bilal Khan', 'Dua Malik']);
    expect(await page.getByTestId('ir-row').first().getByTestId('ir-signal').allTextContents()).toEqual([
      'Copied answers 95%',
      'Same device or network 60%',
    ]);
    await expectAccessible(page, 'integrity review queue');
    await expectFits(page, 'integrity-review/queue-1366');

    await page.getByTestId('ir-filter-kind').selectOption('FAST_CORRECT');
    await page.waitForURL(/kind=FAST_CORRECT/);
    await expect.poll(() => queueNames(page)).toEqual(['Dua Malik']);
    await page.getByTestId('ir-filter-kind').selectOption('');
    await expect.poll(() => queueNames(page)).toHaveLength(3);

    await page.getByRole('link', { name: 'Ali Raza' }).click();
    await page.getByTestId('ir-evidence').waitFor();
    expect(await page.getByTestId('ir-question').count()).toBe(5);
    // Every one of Ali's five answers is Bilal's too, two of them the same wrong option.
    expect(await page.locator('.ir-evidence [data-match="true"]').count()).toBe(10);
    expect(await page.locator('.ir-evidence .ir-match--wrong').count()).toBe(4);
    expect(await page.getByTestId('ir-related').textContent()).toContain(
      '5 of 5 answers the same, 2 of them wrong',
    );
    expect(await page.getByTestId('ir-same-origin').locator('tbody tr').allTextContents()).toEqual([
      expect.stringContaining('Bilal Khan'),
      expect.stringContaining('Chanda Iqbal'),
    ]);
    await expectAccessible(page, 'flagged play evidence');
    await expectFits(page, 'integrity-review/play-1366');

    await page.getByTestId('ir-choice-DISQUALIFY').check();
    await page.getByTestId('ir-reason').fill('All five answers match Bilal Khan, both wrong ones included.');
    await page.getByTestId('ir-notify').check();
    await page.getByTestId('ir-submit').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => page.getByTestId('ir-current-decision').textContent()).toContain('Disqualified');
    expect(await page.getByTestId('ir-history').textContent()).toContain('(e-mailed)');

    await expect
      .poll(() => boardNames(page), { timeout: 15_000 })
      .not.toContain(expect.stringContaining('Ali R.'));
    expect((await boardNames(page)).join(' ')).toContain('Bilal K.');
    await context.close();
  });

  it('is read-only for integrity:read and fits a 360 px phone', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto(QUEUE);
    await expect.poll(() => queueNames(page)).toHaveLength(3);
    await expectFits(page, 'integrity-review/queue-360');
    await page.getByRole('link', { name: 'Ali Raza' }).click();
    await page.getByTestId('ir-evidence').waitFor();
    await page.getByTestId('ir-read-only').waitFor();
    expect(await page.getByTestId('ir-decision-form').count()).toBe(0);
    await expectAccessible(page, 'flagged play, read only');
    await expectFits(page, 'integrity-review/play-360');
    await context.close();
  });
});
