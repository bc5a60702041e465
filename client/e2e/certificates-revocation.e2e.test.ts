import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rebuildPhase } from '../../api/src/modules/rankings/rankings.service.js';
import { endPhaseContest, makePlay, seededPhaseId, seededQuizId, signedInStaff } from '../../test/helpers.js';
import { formatStudentDate } from '../src/shared/format/student-dates.js';
import {
  DEMO_STUDENT_EMAIL,
  DESKTOP,
  expectAccessible,
  expectFits,
  openPage,
  PHONE,
  screenshotFor,
  signInAsAdmin,
} from './pages.js';
import { DEMO_ADMIN, type Stack, seedDemo, setupStack } from './stack.js';

const OTHERS = 3;

/** Phase 1 played and released, Fatima its winner, and its certificates drawn by the workers. */
async function seed(stack: Stack) {
  await seedDemo(stack);
  const { db } = stack;
  const fatima = await db
    .selectFrom('students')
    .select(['id', 'gradeId'])
    .where('email', '=', DEMO_STUDENT_EMAIL)
    .executeTakeFirstOrThrow();
  const gradeId = fatima.gradeId!;
  const phaseId = await seededPhaseId(db);
  const quizId = await seededQuizId(db, gradeId, 'CONTEST');
  await makePlay(db, { quizId, phaseId, gradeId, studentId: fatima.id, score: 12, answers: [] });
  for (let i = 0; i < OTHERS; i += 1) {
    await makePlay(db, { quizId, phaseId, gradeId, score: 5, answers: [] });
  }
  await db
    .insertInto('phaseWinners')
    .values({ phaseId, gradeId, studentId: fatima.id, method: 'AUTOMATIC', position: 1 })
    .execute();
  await rebuildPhase(db, phaseId);
  await endPhaseContest(db, phaseId);
  const admin = await signedInStaff(stack);
  const started = await stack.app.inject({
    method: 'POST',
    url: '/api/admin/certificates/run',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { phaseId },
  });
  expect(started.statusCode).toBe(202);
  await expect.poll(() => drawn(stack, phaseId), { timeout: 45_000, interval: 250 }).toBe(OTHERS + 1);
  return { phaseId, studentId: fatima.id };
}

const drawn = async (stack: Stack, phaseId: string) =>
  (
    await stack.db
      .selectFrom('certificates')
      .select('id')
      .where('phaseId', '=', phaseId)
      .where('fileKeyUr', 'is not', null)
      .execute()
  ).length;

let seeded: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  seeded = await seed(stack);
});

const certificateOf = (studentId: string) =>
  holder.stack.db
    .selectFrom('certificates')
    .select(['id', 'code', 'revokedAt', 'revokedReason'])
    .where('studentId', '=', studentId)
    .orderBy('issuedAt')
    .execute();

async function openCertificatesPage(page: Page) {
  await page.goto('/admin-a1b2c3/certificates');
  const table = page.getByTestId('certificates-table');
  await table.waitFor();
  return table;
}

/** The row's buttons are inside the window: nobody has to scroll sideways to reach them. */
async function expectOnScreen(page: Page, buttons: Locator, width: number) {
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box, `button ${i}`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('certificate revocation', () => {
  it('staff revoke a certificate on the Certificates page; the public check says revoked and when', async () => {
    const [mine] = await certificateOf(seeded.studentId);
    const { context, page } = await openPage(holder.stack, DESKTOP);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole('link', { name: 'Certificates' }).first().click();
    const table = await openCertificatesPage(page);
    expect(await table.getByTestId('certificate-row').count()).toBe(OTHERS + 1);
    await page.getByTestId('certificates-search').fill('Fatima');
    await expect.poll(() => table.getByTestId('certificate-row').count()).toBe(1);
    const row = table.locator(`[data-code="${mine!.code}"]`);
    expect(await row.textContent()).toContain('Winner · rank 1');
    await expectOnScreen(page, row.getByRole('button'), DESKTOP.width);
    await expectAccessible(page, 'certificates page');
    await expectFits(page, 'certificates-revocation/admin-list-1366');

    await row.getByTestId('certificate-revoke').click();
    const dialog = page.getByTestId('certificate-change-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Anyone checking this code will see it was revoked');
    await dialog.getByTestId('certificate-change-confirm').click();
    expect(await dialog.getByTestId('certificate-change-error').textContent()).toBe('Please give a reason.');
    await dialog.getByTestId('certificate-reason').fill('Winner place withdrawn after an appeal');
    await screenshotFor(page, 'certificates-revocation/admin-confirm-1366');
    await dialog.getByTestId('certificate-change-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('certificate-status').textContent()).toContain('Revoked');
    expect(await row.getByTestId('certificate-status').textContent()).toContain(
      'Winner place withdrawn after an appeal',
    );
    expect(await row.getByTestId('certificate-revoke').count()).toBe(0);
    await expectFits(page, 'certificates-revocation/admin-revoked-1366');
    await context.close();

    const [revoked] = await certificateOf(seeded.studentId);
    expect(revoked?.revokedAt).not.toBeNull();
    const when = formatStudentDate(revoked!.revokedAt!, 'en');
    for (const size of [DESKTOP, PHONE]) {
      const visitor = await openPage(holder.stack, size);
      await visitor.page.goto(`/certificates/${mine!.code}`);
      const notice = visitor.page.getByTestId('certificate-revoked');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(
        `This certificate has been revoked It was revoked on ${when} and is no longer valid.`.replace(
          'revoked It',
          'revokedIt',
        ),
      );
      expect(await visitor.page.getByTestId('certificate-valid').count()).toBe(0);
      const page = (await visitor.page.getByTestId('certificate-verify-page').textContent()) ?? '';
      expect(page).not.toContain('genuine');
      expect(page).not.toContain('appeal');
      expect(await visitor.page.getByTestId('certificate-revoked-on').textContent()).toBe(when);
      await expectAccessible(visitor.page, `revoked certificate at ${size.width} px`);
      await expectFits(visitor.page, `certificates-revocation/verify-revoked-${size.width}`);
      if (size === PHONE) {
        await visitor.page.getByTestId('language-switch').first().click();
        await visitor.page.waitForFunction(() => document.documentElement.dir === 'rtl');
        await notice.getByText('یہ سند منسوخ کی جا چکی ہے').waitFor();
        expect(await notice.textContent()).toContain(formatStudentDate(revoked!.revokedAt!, 'ur'));
        await expectFits(visitor.page, 'certificates-revocation/verify-revoked-360-ur');
      }
      await visitor.context.close();
    }
  });

  it('at 360 px the row actions stay on screen, and a re-issue gives a new genuine code', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const table = await openCertificatesPage(page);
    const [first] = await certificateOf(seeded.studentId);
    const row = table.locator(`[data-code="${first!.code}"]`);
    await expectOnScreen(page, row.getByRole('button'), PHONE.width);
    await expectFits(page, 'certificates-revocation/admin-list-360');
    await row.getByTestId('certificate-reissue').click();
    const dialog = page.getByTestId('certificate-change-dialog');
    await dialog.getByTestId('certificate-reason').fill('Appeal upheld');
    await expectFits(page, 'certificates-revocation/admin-reissue-360');
    await dialog.getByTestId('certificate-change-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await certificateOf(seeded.studentId)).length).toBe(2);
    const [old, fresh] = await certificateOf(seeded.studentId);
    expect(old?.revokedAt).not.toBeNull();
    expect(fresh?.revokedAt).toBeNull();
    const freshRow = table.locator(`[data-code="${fresh!.code}"]`);
    await freshRow.waitFor();
    // The exports worker draws the new PDFs; the list shows them once it has.
    await expect
      .poll(
        async () => {
          await page.reload();
          await table.waitFor();
          return freshRow.getByTestId('certificate-download-en').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    await expectOnScreen(page, freshRow.getByRole('button'), PHONE.width);
    await expectFits(page, 'certificates-revocation/admin-reissued-360');
    await context.close();

    const visitor = await openPage(holder.stack, PHONE);
    await visitor.page.goto(`/certificates/${fresh!.code}`);
    await visitor.page.getByTestId('certificate-valid').waitFor();
    expect(await visitor.page.getByTestId('certificate-revoked').count()).toBe(0);
    await visitor.context.close();
  });
});
