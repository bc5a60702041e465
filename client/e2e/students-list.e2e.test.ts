import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeGrade, makeStaff } from '../../test/helpers.js';
import { horizontalOverflow, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();
const SCREENS = '/tmp/riyazi-students-screens';

/** 55 students in grade 5 (Ali 1…55) plus Zara in grade 6 and Zainab in grade 5. */
async function seedStudents() {
  const db = holder.stack.db;
  const grade5 = await makeGrade(db, 5);
  const grade6 = await makeGrade(db, 6);
  const base = Date.parse('2026-11-01T05:00:00Z');
  await db
    .insertInto('students')
    .values([
      ...Array.from({ length: 55 }, (_, i) => ({
        fullName: `Ali Student ${i + 1}`,
        email: `ali-${i + 1}@example.com`,
        passwordHash: 'not-a-real-hash',
        gradeId: grade5.id,
        city: 'Lahore',
        schoolName: 'Lahore Grammar School',
        phone: '03001234567',
        shortDescription: 'BATCH-7',
        createdAt: new Date(base + i * 60_000),
      })),
      {
        fullName: 'Zara Ahmed',
        email: 'zara@example.com',
        passwordHash: 'not-a-real-hash',
        gradeId: grade6.id,
        createdAt: new Date(base + 100 * 60_000),
      },
      {
        fullName: 'Zainab Noor',
        email: 'zainab@example.com',
        passwordHash: 'not-a-real-hash',
        gradeId: grade5.id,
        createdAt: new Date(base + 101 * 60_000),
      },
    ])
    .execute();
  return { grade5, grade6 };
}

async function openList(page: Page, query = '') {
  await page.goto(`/admin-a1b2c3/students${query}`);
  await page.getByTestId('students-table').waitFor();
}

const rowNames = (page: Page) => page.getByTestId('students-name').allTextContents();

describe('admin students list', () => {
  it('filters by grade and name, keeping the filters in the URL, and pages', async () => {
    const { grade5 } = await seedStudents();
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const context = await holder.stack.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signInAsAdmin(page, admin.email, admin.password);
    await openList(page);
    expect(await page.getByTestId('students-row').count()).toBe(50);
    expect((await rowNames(page))[0]).toBe('Zainab Noor');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="students-row"]').length === 7);
    expect((await rowNames(page)).at(-1)).toBe('Ali Student 1');

    await page.getByTestId('students-filter-grade').selectOption({ label: 'Grade 5' });
    await page.getByTestId('students-filter-fullName').fill('zain');
    await page.getByTestId('students-filter-apply').click();
    await page.waitForURL((url) => url.searchParams.get('fullName') === 'zain');
    const url = new URL(page.url());
    expect(url.searchParams.get('grade')).toBe(grade5.id);
    expect(url.searchParams.get('page')).toBeNull();
    expect(url.searchParams.has('email')).toBe(false);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="students-row"]').length === 1);
    expect(await rowNames(page)).toEqual(['Zainab Noor']);

    await mkdir(SCREENS, { recursive: true });
    await openList(page, `?grade=${grade5.id}&itemsPerPage=10`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/students-desktop.png`, fullPage: true });
    await context.close();
  });

  it('toggles a status with a toast and the row updated in place, and adds a student', async () => {
    await seedStudents();
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsAdmin(page, admin.email, admin.password);
    await openList(page, '?fullName=Zara');
    const row = page.getByTestId('students-row').filter({ hasText: 'Zara Ahmed' });
    const status = row.getByTestId('students-status');
    expect(await status.isChecked()).toBe(true);
    await status.click({ force: true });
    await page.getByText('Student status updated successfully').waitFor();
    await row.getByText('Inactive').waitFor();
    expect(await status.isChecked()).toBe(false);
    const stored = await holder.stack.db
      .selectFrom('students')
      .select('isActive')
      .where('email', '=', 'zara@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.isActive).toBe(false);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/students-360-row.png`, fullPage: true });

    await page.getByTestId('students-add').click();
    const form = page.getByTestId('student-form');
    await form.getByTestId('student-form-name').fill('Hina Shah');
    await form.getByTestId('student-form-email').fill('hina@example.com');
    await form.getByTestId('student-form-password').fill('Numbers-are-fun-1');
    await form.getByTestId('student-form-save').click();
    await page.getByText('Student added successfully').waitFor();
    await page.goto('/admin-a1b2c3/students?fullName=Hina');
    await page.getByTestId('students-name').filter({ hasText: 'Hina Shah' }).waitFor();
    await page.screenshot({ path: `${SCREENS}/students-360.png`, fullPage: true });
    await context.close();
  });
});
