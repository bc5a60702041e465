import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pakistanDateTime } from '../src/shared/format/date-time.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const SCREENS = '/tmp/riyazi-bulk-screens';
mkdirSync(SCREENS, { recursive: true });

const HEADER = 'fullName,fatherName,email,phone,gender,grade,city,schoolName,referralSource,batchId';
const row = (n: number, grade = 'Grade 4') =>
  `E2e Student ${n},Father ${n},e2e.bulk.${n}@school.pk,0301${String(1_000_000 + n).slice(-7)},${n % 2 ? 'Female' : 'Male'},${grade},Lahore,City Model School,School,E2E-BATCH`;

/** `count` good students, with row 3 of the sheet (the second student) in a grade that does not exist. */
const csvFile = (count: number) => ({
  name: 'school-students.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `${[HEADER, ...Array.from({ length: count }, (_, i) => row(i + 1, i === 1 ? 'Grade 12' : 'Grade 4'))].join('\r\n')}\r\n`,
    'utf8',
  ),
});

describe('students bulk upload', () => {
  it('shows the bad row, creates the others with live progress, and lists the run with its counts', async () => {
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    await page.goto('/admin-a1b2c3/students-bulk-upload');
    await page.getByTestId('bulk-new').click();
    await page.waitForURL(/\/students-bulk-upload\/new$/);

    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-template-csv').click();
    expect((await download).suggestedFilename()).toBe('students-template.csv');

    await page.getByTestId('bulk-file').setInputFiles(csvFile(1500));
    await page.getByTestId('bulk-preview').waitFor();
    await expect
      .poll(() => page.getByTestId('bulk-counts').textContent())
      .toBe('1,500 rows: 1,499 to create, 1 with errors, 0 already registered');
    const bad = page.locator('[data-testid="bulk-preview-row"][data-status="invalid"]');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.locator('th').textContent()).toBe('3');
    expect(await bad.getByTestId('bulk-row-errors').textContent()).toContain('no grade named "Grade 12"');
    await page.screenshot({ path: `${SCREENS}/desktop-preview.png`, fullPage: false });

    await page.getByTestId('bulk-confirm').click();
    await page.getByTestId('bulk-run-panel').waitFor();
    await page.getByTestId('bulk-progress').waitFor();
    await page.screenshot({ path: `${SCREENS}/desktop-progress.png` });
    const done = page.getByTestId('bulk-done');
    await done.waitFor({ timeout: 45_000 });
    expect(await done.textContent()).toContain('1,499 students created, 0 already registered, 1 invalid');
    await page.screenshot({ path: `${SCREENS}/desktop-done.png` });

    await page.goto('/admin-a1b2c3/students-bulk-upload');
    const run = page.getByTestId('bulk-run').first();
    await run.waitFor();
    expect(await run.getByTestId('bulk-status').textContent()).toBe('Done');
    expect(await run.getByTestId('bulk-run-created').textContent()).toBe('1499');
    expect(await run.getByTestId('bulk-run-invalid').textContent()).toBe('1');
    // Who ran it and when (the day and time in Pakistan, as the row shows them).
    const stored = await holder.stack.db
      .selectFrom('backgroundJobs')
      .innerJoin('staffUsers', 'staffUsers.id', 'backgroundJobs.requestedBy')
      .select(['staffUsers.username', 'backgroundJobs.createdAt'])
      .where('backgroundJobs.kind', '=', 'STUDENT_BULK_UPLOAD')
      .where('backgroundJobs.expiresAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await run.getByTestId('bulk-run-by').textContent()).toBe(stored.username);
    const when = run.getByTestId('bulk-run-when');
    expect(await when.locator('time').getAttribute('datetime')).toBe(
      new Date(stored.createdAt).toISOString(),
    );
    const pkt = Object.fromEntries(
      pakistanDateTime.formatToParts(new Date(stored.createdAt)).map((part) => [part.type, part.value]),
    );
    const shown = (await when.textContent()) ?? '';
    for (const part of [pkt.day, pkt.month, pkt.year, `${pkt.hour}:${pkt.minute}`]) {
      expect(shown, part).toContain(part);
    }
    const result = page.waitForEvent('download');
    await run.getByTestId('bulk-result').click();
    expect((await result).suggestedFilename()).toBe('school-students-result.csv');
    await page.screenshot({ path: `${SCREENS}/desktop-list.png`, fullPage: true });
    await context.close();
  });

  it('works on a phone: preview with the error, the run, and the list without sideways scrolling', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/admin-a1b2c3/students-bulk-upload/new');
    await page.getByTestId('bulk-file').setInputFiles({ ...csvFile(3), name: 'phone.csv' });
    await page.getByTestId('bulk-preview').waitFor();
    await expect
      .poll(() => page.getByTestId('bulk-counts').textContent())
      .toMatch(/^3 rows: .* 1 with errors/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/phone-preview.png`, fullPage: true });

    await page.getByTestId('bulk-welcome').uncheck();
    await page.getByTestId('bulk-confirm').click();
    await page.getByTestId('bulk-done').waitFor({ timeout: 30_000 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/phone-done.png`, fullPage: true });

    await page.goto('/admin-a1b2c3/students-bulk-upload');
    const run = page.getByTestId('bulk-run').first();
    await run.waitFor();
    expect(await run.locator('th').textContent()).toContain('phone.csv');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/phone-list.png`, fullPage: true });
    await context.close();
  });
});
