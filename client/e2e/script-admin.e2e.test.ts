import { actionsOf, MODULES } from '@riyazi/api/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearer, loginStaff, makeStaff, phaseWithFinishedPlays } from '../../test/helpers.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

const everyGrant = MODULES.flatMap((module) =>
  actionsOf(module).map((action): [typeof module, typeof action] => [module, action]),
);

const standingsOf = async (phaseId: string) =>
  (
    await holder.stack.db
      .selectFrom('phaseStandings')
      .select('studentId')
      .where('phaseId', '=', phaseId)
      .execute()
  ).length;

/** Opens the card's password dialog with "Dry run" or "Run" and confirms with `password`. */
async function withPassword(
  page: Page,
  card: string,
  button: 'script-dry-run' | 'script-run',
  password: string,
) {
  await page.getByTestId(card).getByTestId(button).click();
  const dialog = page.getByTestId('script-password');
  await dialog.getByTestId('confirm-password').fill(password);
  await dialog.getByTestId('confirm-password-submit').click();
}

describe('script admin', () => {
  it('lets a Super Admin dry-run a phase ranking rebuild, run it after a confirm that gives the numbers, and see nothing left to do', async () => {
    const { phaseId, gradeTitle } = await phaseWithFinishedPlays(holder.stack.db);
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('link', { name: 'Script admin' }).click();
    const card = page.getByTestId('script-rebuildPhaseRankings');
    await card.getByTestId('param-phaseId').selectOption(phaseId);

    await withPassword(page, 'script-rebuildPhaseRankings', 'script-dry-run', admin.password);
    const result = card.getByTestId('script-result');
    await expect.poll(() => result.textContent()).toContain('Would change 3 standings in 1 grade');
    expect(await result.textContent()).toContain(`${gradeTitle}: 3 ranked, 3 to change`);
    expect(await standingsOf(phaseId)).toBe(0);
    await screenshotFor(page, 'admin/script-admin-dry-run-1366');

    await withPassword(page, 'script-rebuildPhaseRankings', 'script-run', admin.password);
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.getByTestId('script-confirm-text').textContent()).toContain(
      'Would change 3 standings',
    );
    expect(await standingsOf(phaseId)).toBe(0);
    await screenshotFor(page, 'admin/script-admin-confirm-1366');
    await confirm.getByTestId('confirm-action').click();
    await expect.poll(() => result.textContent()).toContain('Done: Changed 3 standings in 1 grade');
    expect(await standingsOf(phaseId)).toBe(3);
    const audit = await holder.stack.db
      .selectFrom('auditLog')
      .select('actorId')
      .where('action', '=', 'scriptAdmin.rebuildPhaseRankings')
      .execute();
    expect(audit).toEqual([{ actorId: admin.id }]);
    await expectAccessible(page, 'script admin (1366 px)');

    // Run again: the dry run finds nothing to change, and the confirm offers no run.
    await withPassword(page, 'script-rebuildPhaseRankings', 'script-run', admin.password);
    expect(await confirm.getByTestId('script-confirm-text').textContent()).toContain('Nothing to change');
    expect(await confirm.getByTestId('confirm-action').count()).toBe(0);
    await context.close();
  });

  it('fits a phone and refuses a wrong password with its message', async () => {
    await phaseWithFinishedPlays(holder.stack.db);
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/script-admin');
    const card = page.getByTestId('script-reenqueueStuckOutbox');
    await card.waitFor();
    expect(await card.getByTestId('param-minutes').inputValue()).toBe('10');

    await withPassword(page, 'script-reenqueueStuckOutbox', 'script-dry-run', 'not my password');
    await expect
      .poll(() => page.getByTestId('confirm-password-error').textContent())
      .toContain('Incorrect password');
    await page.getByTestId('script-password').getByRole('button', { name: 'Cancel' }).click();

    await withPassword(page, 'script-reenqueueStuckOutbox', 'script-dry-run', admin.password);
    await expect
      .poll(() => card.getByTestId('script-result').textContent())
      .toMatch(/Would re-enqueue \d+ event/);
    await expectFits(page, 'admin/script-admin-360');
    await expectAccessible(page, 'script admin (360 px)');
    await context.close();
  });

  it('is neither offered nor served to staff holding every other permission', async () => {
    const staff = await makeStaff(holder.stack.db, { permissions: everyGrant });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, staff.email, staff.password);
    expect(await page.getByRole('link', { name: 'Job queues' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Script admin' }).count()).toBe(0);
    await page.goto('/admin-a1b2c3/script-admin');
    await page.getByTestId('no-permission').waitFor();
    expect(await page.getByTestId('script-rebuildPhaseRankings').count()).toBe(0);

    const token = (await loginStaff(holder.stack.app, staff)).accessToken;
    const res = await holder.stack.app.inject({
      method: 'POST',
      url: '/api/admin/script-admin/run',
      headers: bearer(token),
      payload: {
        action: 'reenqueueStuckOutbox',
        params: { minutes: 10 },
        password: staff.password,
        dryRun: true,
      },
    });
    expect(res.statusCode).toBe(403);
    await context.close();
  });
});
