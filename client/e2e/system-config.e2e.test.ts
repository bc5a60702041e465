import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeStaff, setFlags } from '../../test/helpers.js';
import { DESKTOP, horizontalOverflow, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();
const CONFIG_PAGE = '/admin-a1b2c3/configurations/system';

async function openConfig(page: Page) {
  await page.goto(CONFIG_PAGE);
  await page.getByTestId('flag-isPracticeQuizEnabled').waitFor();
}

const checked = (page: Page, flag: string) => page.getByTestId(`flag-${flag}`).isChecked();

describe('system configuration: saves only what changed, refuses a stale save', () => {
  it('keeps both admins’ changes: the second tab is told its save came too late, reloads and saves again', async () => {
    const { db } = holder.stack;
    await setFlags(db, { isRegistrationEnabled: true, isContestQuizEnabled: true });
    const staff = await makeStaff(db, {
      permissions: [
        ['systemConfigurations', 'read'],
        ['systemConfigurations', 'update'],
      ],
    });
    const context = await holder.stack.newContext(DESKTOP);
    const first = await context.newPage();
    await signInAsAdmin(first, staff.email, staff.password);
    const second = await context.newPage();
    await second.setViewportSize(PHONE);
    await openConfig(first);
    await openConfig(second);

    // The second tab starts its change before the first saves.
    await second.getByTestId('flag-isPaymentEnabled').check();
    await first.getByTestId('flag-isPracticeQuizEnabled').check();
    await first.getByTestId('save-flags').click();
    await first.getByText('Flags updated successfully').waitFor();

    await second.getByTestId('save-flags').click();
    const stale = second.getByTestId('flags-stale');
    await stale.waitFor();
    expect(await stale.textContent()).toContain(
      'Someone else changed the system configuration after you opened it, so your changes were not saved.',
    );
    await screenshotFor(second, 'flags-stale-360');
    expect(await horizontalOverflow(second)).toBeLessThanOrEqual(0);
    const afterRefusal = await db
      .selectFrom('systemFlags')
      .select(['flags', 'version'])
      .executeTakeFirstOrThrow();
    expect(afterRefusal.flags).toEqual({
      isRegistrationEnabled: true,
      isContestQuizEnabled: true,
      isPracticeQuizEnabled: true,
    });

    await second.getByTestId('flags-reload').click();
    await expect.poll(() => checked(second, 'isPracticeQuizEnabled')).toBe(true);
    expect(await checked(second, 'isPaymentEnabled')).toBe(false);
    expect(await stale.count()).toBe(0);
    await second.getByTestId('flag-isPaymentEnabled').check();
    await second.getByTestId('save-flags').click();
    await second.getByText('Flags updated successfully').waitFor();

    await first.reload();
    await first.getByTestId('flag-isPracticeQuizEnabled').waitFor();
    for (const flag of [
      'isRegistrationEnabled',
      'isContestQuizEnabled',
      'isPracticeQuizEnabled',
      'isPaymentEnabled',
    ]) {
      await expect.poll(() => checked(first, flag), { message: flag }).toBe(true);
    }
    expect(await checked(first, 'isLeaderBoardDisplayed')).toBe(false);
    await screenshotFor(first, 'flags-saved-1366');
    const stored = await db.selectFrom('systemFlags').select(['flags', 'version']).executeTakeFirstOrThrow();
    expect(stored).toEqual({
      flags: {
        isRegistrationEnabled: true,
        isContestQuizEnabled: true,
        isPracticeQuizEnabled: true,
        isPaymentEnabled: true,
      },
      version: afterRefusal.version + 1,
    });
    await context.close();
  });

  it('sends only the switch that changed, with the version it read', async () => {
    const { db } = holder.stack;
    await setFlags(db, { isRegistrationEnabled: true });
    const staff = await makeStaff(db, { superAdmin: true });
    const context = await holder.stack.newContext(PHONE);
    const page = await context.newPage();
    await signInAsAdmin(page, staff.email, staff.password);
    await openConfig(page);
    await page.getByTestId('flag-isLeaderBoardDisplayed').check();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/admin/createFlag/') && r.method() === 'POST'),
      page.getByTestId('save-flags').click(),
    ]);
    expect(request.postDataJSON()).toEqual({ version: 0, isLeaderBoardDisplayed: true });
    await page.getByText('Flags updated successfully').waitFor();
    expect(await checked(page, 'isRegistrationEnabled')).toBe(true);
    await context.close();
  });
});
