import { mkdir } from 'node:fs/promises';
import { STUDENT_MESSAGES } from '@riyazi/api/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { endPhaseContest, makeGrade, makePhase, makeStaff, setFlags } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
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

/** The filters start closed unless some are in use. */
async function openFilters(page: Page) {
  await page.getByText('Filters', { exact: true }).click();
  await page.getByTestId('students-filter-apply').waitFor();
}

describe('admin students list', () => {
  it('filters by grade and name, keeping the filters in the URL, and pages', async () => {
    const { grade5 } = await seedStudents();
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);
    await openList(page);
    expect(await page.getByTestId('students-row').count()).toBe(50);
    expect((await rowNames(page))[0]).toBe('Zainab Noor');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="students-row"]').length === 7);
    expect((await rowNames(page)).at(-1)).toBe('Ali Student 1');

    await openFilters(page);
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
    const { context, page } = await openPage(holder.stack, PHONE);
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

  it('searches by part of an e-mail and by a phone typed with a dash, as the server accepts them', async () => {
    await seedStudents();
    await holder.stack.db
      .updateTable('students')
      .set({ phone: '03219876543' })
      .where('email', 'in', ['ali-1@example.com', 'ali-2@example.com'])
      .execute();
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);
    await openList(page);

    await openFilters(page);
    const email = page.getByTestId('students-filter-email');
    expect(await email.getAttribute('type')).toBe('text');
    await email.fill('ali-5');
    await page.getByTestId('students-filter-apply').click();
    await page.waitForURL((url) => url.searchParams.get('email') === 'ali-5');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="students-row"]').length === 7);
    expect((await rowNames(page)).sort()).toEqual(
      ['5', '50', '51', '52', '53', '54', '55'].map((n) => `Ali Student ${n}`).sort(),
    );

    await page.getByTestId('students-filter-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('email'));
    // The cleared list settles (the filters panel is drawn again for the new URL) before typing.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="students-row"]').length > 7);
    const phone = page.getByTestId('students-filter-phone');
    expect(await phone.getAttribute('inputmode')).toBe('numeric');
    // A panel drawn again mid-typing loses what was typed: type and apply again until the URL has it.
    for (let attempt = 1; ; attempt += 1) {
      await phone.fill('0321-987');
      await page.getByTestId('students-filter-apply').click();
      const applied = await page
        .waitForURL((url) => url.searchParams.get('phone') === '0321-987', { timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      if (applied || attempt === 3) {
        expect(applied).toBe(true);
        break;
      }
    }
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="students-row"]').length === 2);
    expect((await rowNames(page)).sort()).toEqual(['Ali Student 1', 'Ali Student 2']);
    await context.close();
  });

  it('edits and deletes with the spec toasts, and shows the server message when adding fails', async () => {
    await seedStudents();
    const db = holder.stack.db;
    // Ali Student 3 has paid: deleting keeps the account, deactivated and anonymised.
    const payer = await db
      .selectFrom('students')
      .select('id')
      .where('email', '=', 'ali-3@example.com')
      .executeTakeFirstOrThrow();
    const pkg = await db
      .insertInto('paymentPackages')
      .values({ name: 'Two', attempts: 2, pricePaisa: 50000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payments')
      .values({
        orderRef: 'E2EORDER1',
        studentId: payer.id,
        packageId: pkg.id,
        gateway: 'sandbox',
        listPricePaisa: 50000,
        amountPaisa: 50000,
        attempts: 2,
      })
      .execute();
    const admin = await makeStaff(db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);

    await openList(page, '?fullName=Zara');
    await page.getByTestId('students-edit').click();
    const form = page.getByTestId('student-form');
    await form.getByTestId('student-form-name').fill('Zara Ahmed Khan');
    await form.getByTestId('student-form-save').click();
    await page.getByText(STUDENT_MESSAGES.updated).waitFor();
    await page.getByTestId('students-name').filter({ hasText: 'Zara Ahmed Khan' }).waitFor();

    // A failed call shows the server's message.
    await page.getByTestId('students-add').click();
    await form.getByTestId('student-form-name').fill('Another Zara');
    await form.getByTestId('student-form-email').fill('zara@example.com');
    await form.getByTestId('student-form-password').fill('Numbers-are-fun-1');
    await form.getByTestId('student-form-save').click();
    await page.getByText('A student with this e-mail already exists').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await openList(page, '?fullName=Zainab');
    await page.getByTestId('students-delete').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText(STUDENT_MESSAGES.deleted).waitFor();
    await page.getByTestId('students-empty').waitFor();
    expect(
      await db
        .selectFrom('students')
        .select('id')
        .where('email', '=', 'zainab@example.com')
        .executeTakeFirst(),
    ).toBeUndefined();

    await openList(page, '?email=ali-3%40');
    await page.getByTestId('students-delete').click();
    await page.getByTestId('confirm-action').click();
    await page.getByText(STUDENT_MESSAGES.anonymised).waitFor();
    const kept = await db
      .selectFrom('students')
      .select(['fullName', 'isActive'])
      .where('id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ fullName: 'Deleted student', isActive: false });
    await context.close();
  });

  it('shows read-only staff no add, edit, delete, export or promote controls', async () => {
    const { grade5 } = await seedStudents();
    const db = holder.stack.db;
    // A ranked contest phase whose contest has ended, so Promote is on offer to whoever may promote.
    const phase = await makePhase(db, 1);
    const ranked = await db
      .selectFrom('students')
      .select('id')
      .where('email', '=', 'zainab@example.com')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('phaseStandings')
      .values({
        phaseId: phase.id,
        gradeId: grade5.id,
        studentId: ranked.id,
        playId: ranked.id,
        score: 12,
        totalTimeMs: 1000,
        finishedAt: new Date(),
        rank: 1,
      })
      .execute();
    await endPhaseContest(db, phase.id);
    await setFlags(db, { contestQuizPhase: phase.id });

    const controls = [
      'students-add',
      'students-edit',
      'students-delete',
      'student-export',
      'students-promote',
    ];
    const visible = async (page: Page) => {
      const shown: string[] = [];
      for (const id of controls) {
        if ((await page.getByTestId(id).count()) > 0) {
          shown.push(id);
        }
      }
      return shown;
    };
    const signedIn = async (staff: { email: string; password: string }) => {
      const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
      await signInAsAdmin(page, staff.email, staff.password);
      await openList(page, '?fullName=Zainab');
      return { context, page };
    };

    // A Super Admin sees every control: the test below can tell hidden from absent.
    const full = await signedIn(await makeStaff(db, { superAdmin: true }));
    expect(await visible(full.page)).toEqual(controls);
    // Export is a permission of its own, given in the roles editor (offered for students only).
    await full.page.goto('/admin-a1b2c3/staff-users');
    await full.page.getByTestId('staff-tab-roles').click();
    await full.page.getByTestId('add-role').click();
    const roleForm = full.page.getByTestId('role-form');
    await roleForm.getByTestId('role-name').fill('Exporters');
    expect(await roleForm.getByTestId('perm-question-export').count()).toBe(0);
    await roleForm.getByTestId('perm-student-read').check();
    await roleForm.getByTestId('perm-student-export').check();
    await roleForm.getByTestId('role-save').click();
    await full.page.getByText('Role saved').waitFor();
    await full.context.close();

    const reader = await signedIn(await makeStaff(db, { permissions: [['student', 'read']] }));
    expect(await visible(reader.page)).toEqual([]);
    expect(await reader.page.getByTestId('students-status').isDisabled()).toBe(true);
    expect(await reader.page.getByTestId('students-detail').count()).toBe(1);
    await reader.context.close();

    const exporterStaff = await makeStaff(db);
    const exporters = await db
      .selectFrom('staffRoles')
      .select('id')
      .where('name', '=', 'Exporters')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('staffUsers')
      .set({ roleId: exporters.id })
      .where('id', '=', exporterStaff.id)
      .execute();
    const exporter = await signedIn(exporterStaff);
    expect(await visible(exporter.page)).toEqual(['student-export']);
    await exporter.context.close();
  });
});
