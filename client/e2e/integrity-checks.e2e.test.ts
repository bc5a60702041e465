import { describe, expect, it } from 'vitest';
import type { TestStaff } from '../../test/helpers.js';
import { makeIntegrityStaff, type PlantedFlags, plantFlaggedPlays } from '../../test/integrity-factories.js';
import { DESKTOP, expectAccessible, expectFits, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const CHECKS = '/admin-a1b2c3/integrity/checks';

/** Planted before each test: the flagged plays of test/integrity-factories.ts and two staff. */
const seeded = {} as { planted: PlantedFlags; reviewer: TestStaff; reader: TestStaff };
const holder = setupStack(async (stack) => {
  Object.assign(seeded, { planted: await plantFlaggedPlays(stack.db) }, await makeIntegrityStaff(stack.db));
});

const storedOverrides = async () =>
  (await holder.stack.db.selectFrom('integritySettings').select('thresholds').executeTakeFirst())
    ?.thresholds ?? {};

describe('integrity checks', () => {
  it('sets a threshold, checks a whole phase with it in the background, and shows what it found', async () => {
    const { context, page } = await openPage(holder.stack, DESKTOP);
    await signInAsAdmin(page, seeded.reviewer.email, seeded.reviewer.password);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Integrity checks' })
      .click();
    await page.waitForURL(new RegExp(`${CHECKS}$`));
    const phase1 = page.locator(`[data-phase-id="${seeded.planted.phase.id}"]`);
    const phase2 = page.locator(`[data-phase-id="${seeded.planted.phase2.id}"]`);
    await phase1.waitFor();
    expect(
      await page
        .getByTestId('ic-phase')
        .locator('th')
        .evaluateAll((ths) => ths.map((th) => th.firstChild?.textContent)),
    ).toEqual(['Phase 2', 'Phase 1']);
    expect(await phase1.getByTestId('ic-finished').textContent()).toBe('5');
    expect(await phase1.getByTestId('ic-flagged').textContent()).toBe('3 plays');
    expect(await phase2.getByTestId('ic-start').isDisabled()).toBe(true);
    expect(await page.getByTestId('ic-changed').textContent()).toContain(
      'Every threshold is at its default.',
    );

    // Two accounts on one tablet are enough to flag, from now on: a value out of range is named first.
    const devices = page.getByTestId('ic-field-sharedOrigin.deviceMinStudents');
    expect(await devices.inputValue()).toBe('3');
    await devices.fill('1');
    await page.getByTestId('ic-save').click();
    await page.getByText('Students on one device must be at least 2').waitFor();
    expect(await storedOverrides()).toEqual({});
    await devices.fill('2');
    await page.getByTestId('ic-save').click();
    await page.getByText('Integrity thresholds saved').waitFor();
    expect(await storedOverrides()).toEqual({ sharedOrigin: { deviceMinStudents: 2 } });
    expect(await page.getByTestId('ic-changed').textContent()).toContain(
      '1 threshold differs from the defaults.',
    );
    await expectAccessible(page, 'integrity checks');
    await expectFits(page, 'integrity-checks/desktop-1366');

    await phase1.getByTestId('ic-start').click();
    await page.getByTestId('confirm-dialog').getByText('Look through all 5 plays').waitFor();
    await page.getByTestId('confirm-action').click();
    // Ali and Bilal finished a minute apart on one device: each is flagged for it now.
    const result = phase1.getByTestId('ic-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toMatch(/^Checked 5 plays: .*Same device or network 2/);
    await expectFits(page, 'integrity-checks/checked-1366');
    const shared = await holder.stack.db
      .selectFrom('integritySignals')
      .select('playId')
      .where('kind', '=', 'SHARED_ORIGIN')
      .execute();
    expect(shared.map((s) => s.playId).sort()).toEqual(
      [seeded.planted.plays.ali, seeded.planted.plays.bilal].sort(),
    );
    const audits = await holder.stack.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorId', '=', seeded.reviewer.id)
      .where('action', 'like', 'integrity.%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['integrity.settings.update', 'integrity.phase.run']);
    await context.close();
  });

  it('is read-only for integrity:read and fits a 360 px phone', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, seeded.reader.email, seeded.reader.password);
    await page.goto(CHECKS);
    await page.getByTestId('ic-phase').first().waitFor();
    await page.getByTestId('ic-group-fastCorrect').waitFor();
    expect(await page.getByTestId('ic-start').count()).toBe(0);
    expect(await page.getByTestId('ic-save').count()).toBe(0);
    expect(await page.getByTestId('ic-field-fastCorrect.minReadMs').isDisabled()).toBe(true);
    expect(await page.getByTestId('ic-changed').textContent()).toContain('needs integrity update permission');
    await expectFits(page, 'integrity-checks/phone-360');
    await context.close();
  });
});
