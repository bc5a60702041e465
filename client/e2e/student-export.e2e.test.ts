import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeGrade, makeStaff } from '../../test/helpers.js';
import { openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

describe('admin student export', () => {
  it('exports the filtered students with a progress bar, then downloads the file', async () => {
    const db = holder.stack.db;
    const grade5 = await makeGrade(db, 5);
    const grade6 = await makeGrade(db, 6);
    // Enough rows that the bar is seen moving; one grade-6 student who must not be exported.
    await sql`
      INSERT INTO students (full_name, email, password_hash, grade_id, city)
      SELECT 'Export Student ' || i, 'export-e2e-' || i || '@example.com', 'x', ${grade5.id}, 'Lahore'
      FROM generate_series(1, 30000) i
    `.execute(db);
    await db
      .insertInto('students')
      .values({
        fullName: 'Zara Ahmed',
        email: 'zara-export@example.com',
        passwordHash: 'x',
        gradeId: grade6.id,
      })
      .execute();
    const admin = await makeStaff(db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto(`/admin-a1b2c3/students?grade=${grade5.id}`);
    await page.getByTestId('students-table').waitFor();

    await page.getByTestId('student-export').click();
    await page.getByText('Exporting...').waitFor();
    await page.getByTestId('student-export-progress').waitFor();
    await page.getByText('Export completed successfully.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('student-export-progress').count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('student-export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFStudent No,Name,')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(30_001);
    expect(text).not.toContain('Zara Ahmed');

    await page.getByTestId('student-exports-open').click();
    const dialog = page.getByTestId('student-exports-dialog');
    await dialog.getByText('Grade: Grade 5').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download' }).count()).toBe(1);
    await context.close();
  });

  it("says 'Export failed. Please try again.' when the export fails on its last attempt", async () => {
    const stack = holder.stack;
    await stack.db
      .insertInto('students')
      .values({ fullName: 'Fail Student', email: 'fail-export@example.com', passwordHash: 'x' })
      .execute();
    // The exports folder is a plain file: every attempt to write the CSV fails for real.
    const dir = path.join(stack.config.UPLOAD_DIR, 'exports');
    const aside = `${dir}.aside-${Date.now()}`;
    await mkdir(dir, { recursive: true });
    await rename(dir, aside);
    await writeFile(dir, 'not a folder');
    let failed = false;
    try {
      const admin = await makeStaff(stack.db, { superAdmin: true });
      const { context, page } = await openPage(stack, PHONE);
      await signInAsAdmin(page, admin.email, admin.password);
      await page.goto('/admin-a1b2c3/students');
      await page.getByTestId('students-table').waitFor();
      await page.getByTestId('student-export').click();
      await page.getByText('Exporting...').waitFor();
      // BullMQ retries with a growing backoff: the test moves each retry forward instead of waiting.
      const retriesNow = (async () => {
        while (!failed) {
          for (const job of await stack.queues.exports.getDelayed()) {
            await job.promote().catch(() => undefined);
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await page.getByText('Export failed. Please try again.').waitFor({ timeout: 45_000 });
      failed = true;
      await retriesNow;
      const row = await stack.db
        .selectFrom('backgroundJobs')
        .select(['status', 'error'])
        .where('kind', '=', 'STUDENT_EXPORT')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('FAILED');
      expect(row.error).toBeTruthy();
      expect(await page.getByTestId('student-export-progress').count()).toBe(0);
      expect(await page.getByTestId('student-export').isEnabled()).toBe(true);
      await context.close();
    } finally {
      failed = true;
      await rm(dir, { force: true });
      await rename(aside, dir);
    }
  });
});
