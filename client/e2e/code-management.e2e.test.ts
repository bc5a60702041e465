import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePhase, makeStaff } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { type Stack, setupStack } from './stack.js';

const SCREENS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/riyazi-screens';
const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

async function seed(stack: Stack) {
  const admin = await makeStaff(stack.db, { superAdmin: true });
  const phase = await makePhase(stack.db, 1);
  return { admin, phaseId: phase.id };
}

let seeded: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  seeded = await seed(stack);
});

describe('code management', () => {
  it('an admin generates a batch, downloads its codes and revokes it', async () => {
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, seeded.admin.email, seeded.admin.password);
    await page.goto('/admin-a1b2c3/code-management');
    await page.getByTestId('batches-empty').waitFor();

    await page.getByTestId('generate-codes').click();
    const form = page.getByTestId('generate-form');
    await form.getByTestId('generate-label').fill('City School');
    await form.getByTestId('generate-attempts').fill('2');
    await form.getByTestId('generate-count').fill('25');
    await form.getByTestId('generate-phase').selectOption({ label: 'Phase 1' });
    await form.getByTestId('generate-submit').click();
    await page.getByText('25 codes generated for City School').waitFor();
    const row = page.getByTestId('batch-row').filter({ hasText: 'City School' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Phase 1');
    await expect(row.textContent()).resolves.toContain('Active');

    const batch = await holder.stack.db
      .selectFrom('accessCodeBatches')
      .select(['id', 'attempts', 'phaseId', 'codeCount'])
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ attempts: 2, phaseId: seeded.phaseId, codeCount: 25 });
    const codes = await holder.stack.db
      .selectFrom('accessCodes')
      .select('code')
      .where('batchId', '=', batch.id)
      .execute();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('batch-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^access-codes-city-school-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Batch,Code,Status,Redeemed (PKT),Student number');
    const exported = lines.slice(1).map((line) => line.split(','));
    expect(exported).toHaveLength(25);
    for (const [label, code, status] of exported) {
      expect(label).toBe('City School');
      expect(code).toMatch(CODE_FORMAT);
      expect(status).toBe('unused');
    }
    expect(exported.map((cells) => cells[1]).sort()).toEqual(codes.map((c) => c.code).sort());
    await page.getByText('Export completed successfully.').waitFor();

    await row.getByTestId('batch-revoke').click();
    await page.getByTestId('confirm-dialog').getByText('25 unused codes').waitFor();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Batch revoked: 25 unused codes revoked.').waitFor();
    await row.getByText('Revoked').waitFor();
    expect(await row.getByTestId('batch-revoke').count()).toBe(0);
    const revoked = await holder.stack.db
      .selectFrom('accessCodes')
      .select('id')
      .where('batchId', '=', batch.id)
      .where('revokedAt', 'is not', null)
      .execute();
    expect(revoked).toHaveLength(25);
    await mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'code-management-desktop.png'), fullPage: true });
    await context.close();
  });

  it('fits a 360 px phone: batches stack as cards and the generate form fits', async () => {
    const { db } = holder.stack;
    await db
      .insertInto('accessCodeBatches')
      .values([
        {
          label: 'Beaconhouse School System, Gulberg campus',
          attempts: 2,
          phaseId: seeded.phaseId,
          codeCount: 1500,
          validUntil: new Date(Date.now() + 60 * 86_400_000),
        },
        { label: 'Sponsor: Alif Bank', attempts: 1, codeCount: 40, revokedAt: new Date() },
      ])
      .execute();
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, seeded.admin.email, seeded.admin.password);
    await page.goto('/admin-a1b2c3/code-management');
    await page.getByTestId('batch-row').first().waitFor();
    expect(await page.getByTestId('batch-row').count()).toBe(2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'code-management-360.png'), fullPage: true });

    await page.getByTestId('generate-codes').click();
    await page.getByTestId('generate-form').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENS, 'generate-codes-360.png') });
    await context.close();
  });

  it('hides Export from staff who may read codes but not export them (code:export)', async () => {
    const { db } = holder.stack;
    await db
      .insertInto('accessCodeBatches')
      .values({ label: 'Sponsor: Alif Bank', attempts: 1, codeCount: 40 })
      .execute();
    const reader = await makeStaff(db, { permissions: [['code', 'read']] });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto('/admin-a1b2c3/code-management');
    await page.getByTestId('batch-row').first().waitFor();
    expect(await page.getByTestId('batch-export').count()).toBe(0);
    await context.close();
  });
});
