import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rebuildPhase } from '../../api/src/modules/rankings/rankings.service.js';
import { endPhaseContest, makePlay, makeStaff, seededPhaseId, seededQuizId } from '../../test/helpers.js';
import {
  DEMO_STUDENT_EMAIL,
  expectAccessible,
  expectFits,
  openPage,
  PHONE,
  screenshotFor,
  signInAsAdmin,
  signInAsStudent,
} from './pages.js';
import { DEMO_ADMIN, type Stack, seedDemo, setupStack } from './stack.js';

const DESKTOP = { width: 1366, height: 900 } as const;
/** Other grade-3 players beside Fatima: enough certificates for a run that takes a moment. */
const OTHERS = 40;

/** The demo data with phase 1 played: Fatima (grade 3) its winner, OTHERS more finished contest plays. */
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
  // Certificates tell results: the contest has ended and its results are released.
  await endPhaseContest(db, phaseId);
  return { phaseId, studentId: fatima.id };
}

let seeded: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  seeded = await seed(stack);
});

const certificatesOfPhase = () =>
  holder.stack.db
    .selectFrom('certificates')
    .select(['studentId', 'code', 'kind', 'rank', 'printedName', 'printedGrade', 'printedPhase', 'emailedAt'])
    .where('phaseId', '=', seeded.phaseId)
    .execute();

async function openCertificates(page: Page) {
  await page.goto('/admin-a1b2c3/phase');
  const section = page.getByTestId('certificates');
  await section.waitFor();
  return section;
}

/** Runs the phase's certificates as the demo Super Admin and waits for the result. */
async function issueAsAdmin(page: Page) {
  const stack = holder.stack;
  await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const section = await openCertificates(page);
  await section.getByTestId('certificates-none').waitFor();
  await section.getByTestId('certificates-start').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  const asked = await dialog.textContent();
  expect(asked).toContain('Issue the certificates of Phase 1 — Qualifier?');
  expect(asked).toContain('e-mailed to the student once');
  await screenshotFor(page, 'certificates/admin-confirm-1366');
  // The worker waits until the bar has been seen: the run then goes for real.
  await stack.queues.exports.pause();
  try {
    await dialog.getByTestId('confirm-action').click();
    await dialog.waitFor({ state: 'detached' });
    const bar = section.getByRole('progressbar', { name: 'Certificate progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await section.getByTestId('certificates-progress-count').textContent()).toBe(
      'Queued: it starts as soon as a worker is free.',
    );
    expect(await section.getByTestId('certificates-start').isDisabled()).toBe(true);
    await screenshotFor(page, 'certificates/admin-progress-1366');
  } finally {
    await stack.queues.exports.resume();
  }
  await section.getByTestId('certificates-result').waitFor({ timeout: 45_000 });
  expect(await section.getByTestId('certificates-progress').count()).toBe(0);
  return section;
}

describe('certificates', () => {
  it('an admin issues a phase with progress to done; a reader sees only the last run', async () => {
    const { context, page } = await openPage(holder.stack, DESKTOP);
    const section = await issueAsAdmin(page);
    const made = await certificatesOfPhase();
    expect(made).toHaveLength(OTHERS + 1);
    expect(made.filter((c) => c.emailedAt !== null)).toHaveLength(OTHERS + 1);
    await expect
      .poll(() => section.getByTestId('certificates-issued').textContent())
      .toBe(String(OTHERS + 1));
    expect(await section.getByTestId('certificates-emailed').textContent()).toBe(String(OTHERS + 1));
    expect(await section.getByTestId('certificates-already').textContent()).toBe('0');
    await expectFits(page, 'certificates/admin-done-1366');
    await context.close();

    const reader = await makeStaff(holder.stack.db, { permissions: [['phase', 'read']] });
    const phone = await openPage(holder.stack, PHONE);
    await signInAsAdmin(phone.page, reader.email, reader.password);
    const seen = await openCertificates(phone.page);
    await seen.getByTestId('certificates-result').waitFor();
    expect(await seen.getByTestId('certificates-issued').textContent()).toBe(String(OTHERS + 1));
    expect(await seen.getByTestId('certificates-start').count()).toBe(0);
    await seen.scrollIntoViewIfNeeded();
    await expectFits(phone.page, 'certificates/admin-reader-360');
    await phone.context.close();
  });

  it('the student downloads both PDFs at 360 px; the code verifies with the printed fields only', async () => {
    const admin = await openPage(holder.stack, DESKTOP);
    await issueAsAdmin(admin.page);
    await admin.context.close();
    const mine = (await certificatesOfPhase()).find((c) => c.studentId === seeded.studentId)!;
    expect(mine).toMatchObject({ kind: 'WINNER', rank: 1, printedName: 'Fatima Malik' });

    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    const card = page.getByTestId('certificates-card');
    await card.waitFor();
    expect(await card.getByTestId('certificate-item').textContent()).toContain(mine.code);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'dashboard with certificates');
    await expectFits(page, 'certificates/dashboard-360-en');
    for (const lang of ['en', 'ur'] as const) {
      const [download, response] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForResponse((r) => r.url().includes('/api/student/certificates/download')),
        card.getByTestId(`certificate-download-${lang}`).click(),
      ]);
      const name = `riyazi-certificate-${mine.code}-${lang}.pdf`;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.headers()['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(download.suggestedFilename()).toBe(name);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);
    }
    await page.getByTestId('language-switch').first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await card.getByText('سندِ اعزاز').waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectFits(page, 'certificates/dashboard-360-ur');
    await context.close();

    for (const size of [PHONE, DESKTOP]) {
      const visitor = await openPage(holder.stack, size);
      await visitor.page.goto(`/certificates/${mine.code}`);
      const valid = visitor.page.getByTestId('certificate-valid');
      await valid.waitFor();
      const labels = await valid.locator('dt').allTextContents();
      expect(labels).toEqual(['Certificate', 'Name', 'Grade', 'Phase', 'Rank', 'Issued on', 'Code']);
      const values = await valid.locator('dd').allTextContents();
      expect(values.slice(0, 5)).toEqual([
        'Achievement (winner)',
        'Fatima Malik',
        mine.printedGrade,
        mine.printedPhase,
        '1',
      ]);
      expect(values[5]).toMatch(/\d{4}/);
      expect(values[6]).toBe(mine.code);
      const text = (await visitor.page.getByTestId('certificate-verify-page').textContent()) ?? '';
      expect(text).not.toContain(DEMO_STUDENT_EMAIL);
      await expectAccessible(visitor.page, `verification page at ${size.width} px`);
      await expectFits(visitor.page, `certificates/verify-${size.width}`);
      await visitor.context.close();
    }

    const stranger = await openPage(holder.stack, PHONE);
    await stranger.page.goto('/certificates/ZZZZZZZZZZ');
    const missing = stranger.page.getByTestId('certificate-not-found');
    await missing.waitFor();
    expect(await missing.textContent()).toBe(
      'No certificate has the code ZZZZZZZZZZ. Please check the code and try again.',
    );
    expect(await stranger.page.getByTestId('certificate-valid').count()).toBe(0);
    await expectFits(stranger.page, 'certificates/verify-unknown-360');
    await stranger.context.close();
  });
});
