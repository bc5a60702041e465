import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rebuildPhase } from '../../api/src/modules/rankings/rankings.service.js';
import { endPhaseContest, makePlay, seededPhaseId, seededQuizId } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, type Stack, seedDemo, setupStack } from './stack.js';

const SCREENS = process.env.E2E_WINNER_SCREENSHOT_DIR ?? '/tmp/riyazi-winner-screens';
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data

/** The demo data with Fatima's finished phase 1 contest, ranked (1st of grade 3). */
async function seed(stack: Stack) {
  await seedDemo(stack);
  const { db } = stack;
  const student = await db
    .selectFrom('students')
    .select(['id', 'gradeId'])
    .where('email', '=', STUDENT)
    .executeTakeFirstOrThrow();
  const phaseId = await seededPhaseId(db);
  await makePlay(db, {
    quizId: await seededQuizId(db, student.gradeId!, 'CONTEST'),
    phaseId,
    gradeId: student.gradeId!,
    studentId: student.id,
    score: 11.5,
    answers: [],
  });
  await rebuildPhase(db, phaseId);
  return { phaseId };
}

let seeded: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  seeded = await seed(stack);
});

async function openNotifyDialog(page: Page) {
  await page.goto('/admin-a1b2c3/phase');
  const cutoffs = page.getByTestId('cutoffs');
  await cutoffs.getByTestId('notify-qualifiers').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  return dialog;
}

const mails = () =>
  holder.stack.db
    .selectFrom('mailMessages')
    .select('toEmail')
    .where('template', '=', 'phaseQualified')
    .execute();

describe('e-mailing qualifiers', () => {
  it('is refused while the phase is running: the dialog says why and offers no send', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const dialog = await openNotifyDialog(page);
    await expect
      .poll(() => dialog.getByTestId('confirm-error').textContent())
      .toBe("Phase 1 — Qualifier's contest has not ended: end it first, then e-mail its qualifiers.");
    expect(await dialog.getByTestId('confirm-action').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'notify-refused-360.png') });
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await mails()).toEqual([]);
    await context.close();
  });

  it('once the results are released, says how many will be e-mailed, sends on confirm, and only once', async () => {
    await endPhaseContest(holder.stack.db, seeded.phaseId);
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const dialog = await openNotifyDialog(page);
    await expect
      .poll(() => dialog.getByTestId('notify-count').textContent())
      .toBe(
        'E-mail 1 qualifier of Phase 1 — Qualifier that they may take Phase 2 — Semi-final? Each of them is told once, and may then start it.',
      );
    await page.screenshot({ path: path.join(SCREENS, 'notify-confirm-360.png') });
    expect(await mails()).toEqual([]);
    await dialog.getByTestId('confirm-action').click();
    await page.getByText('1 qualifier e-mailed about Phase 2 — Semi-final').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await mails()).toEqual([{ toEmail: STUDENT }]);

    const again = await openNotifyDialog(page);
    await expect
      .poll(() => again.getByTestId('notify-count').textContent())
      .toBe('Every qualifier of Phase 1 — Qualifier has already been e-mailed.');
    expect(await again.getByTestId('confirm-action').count()).toBe(0);
    await context.close();
  });
});
