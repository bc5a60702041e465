import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeQuestion, makeQuiz, makeStudent, seededGradeId } from '../../test/helpers.js';
import { demoPhaseId } from './demo-data.js';
import { expectFits, openPage, PHONE, screenshotFor, signInAsAdmin, signInAsStudent } from './pages.js';
import { DEMO_ADMIN, openDemoContestAndPractice, type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const DESKTOP = { width: 1366, height: 768 } as const;

/** A new desktop (1366 px) context signed in as the demo Super Admin. */
async function adminPage(options: { width?: number; height?: number; timezoneId?: string } = {}) {
  const opened = await openPage(holder.stack, { ...DESKTOP, ...options });
  await signInAsAdmin(opened.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return opened;
}

/** A link of the back office's menu. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true });

/** Rows of a downloaded CSV (BOM dropped), as a spreadsheet splits them. */
async function csvRows(download: { path(): Promise<string> }): Promise<string[][]> {
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text.trimEnd(), { skipEmptyLines: true }).data;
}

/** Exports the students the list shows (its URL filters) and returns the CSV's header and rows. */
async function exportStudents(page: Page, query: string) {
  await page.goto(`/admin-a1b2c3/students?${query}`);
  await page.getByTestId('students-table').waitFor();
  await page.getByTestId('student-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('student-export-download').click({ timeout: 30_000 });
  const [header, ...rows] = await csvRows(await download);
  return { header: header!, rows };
}

/** A picture of `width` × `height` px stored where uploaded question pictures are; its URL. */
async function smallPicture(stack: Stack, width: number, height: number): Promise<string> {
  const name = `small-${width}x${height}.png`;
  const dir = path.join(stack.config.UPLOAD_DIR, 'public', 'images');
  await mkdir(dir, { recursive: true });
  const png = await sharp({ create: { width, height, channels: 3, background: '#2f7d86' } })
    .png()
    .toBuffer();
  await writeFile(path.join(dir, name), png);
  return `/uploads/images/${name}`;
}

/** Rendered and natural widths of an image once it has loaded. */
const imageWidths = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(async (img: HTMLImageElement) => {
      await img.decode().catch(() => undefined);
      return { shown: img.getBoundingClientRect().width, natural: img.naturalWidth };
    });

describe('polish: admin forms, exports and the quiz view', () => {
  it('shows one stored moment as the same labelled Pakistan time on the students list, student page, phases page and in the export', async () => {
    const db = holder.stack.db;
    const moment = new Date('2026-11-26T14:40:00Z'); // 19:40 in Pakistan, 09:40 in New York
    const student = await makeStudent(db, { fullName: 'Zubaida Timezone', createdAt: moment });
    const phaseId = await demoPhaseId(holder.stack, 1);
    await db.updateTable('phases').set({ startsAt: moment }).where('id', '=', phaseId).execute();
    const shown = '26 Nov 2026, 19:40 PKT';
    const { context, page } = await adminPage({ timezoneId: 'America/New_York' });

    await page.goto('/admin-a1b2c3/students?fullName=Zubaida');
    const row = page.getByTestId('students-row').filter({ hasText: 'Zubaida Timezone' });
    await row.waitFor();
    // The sign-up time is an optional column of the list: the admin turns it on.
    await page.getByTestId('students-columns').click();
    await page.getByRole('checkbox', { name: 'Signup' }).check();
    await page.getByRole('columnheader', { name: /Signup/ }).waitFor();
    expect(await row.textContent()).toContain(shown);

    await page.goto(`/admin-a1b2c3/students/view/${student.id}`);
    const signedUp = page.locator('dt', { hasText: 'Signed up' }).locator('xpath=following-sibling::dd');
    await expect.poll(() => signedUp.textContent()).toBe(shown);

    await page.goto('/admin-a1b2c3/phase');
    const phaseRow = page.getByTestId('reference-row').filter({ hasText: 'Qualifier' });
    await phaseRow.waitFor();
    expect(await phaseRow.textContent()).toContain(shown);
    // Editing the phase shows (and reads) the same Pakistan time, not New York's.
    await phaseRow.getByTestId('reference-edit').click();
    await expect.poll(() => page.getByLabel(/^Starts/).inputValue()).toBe('2026-11-26T19:40');
    await screenshotFor(page, 'polish/phase-form-1366');

    const { header, rows } = await exportStudents(page, 'fullName=Zubaida');
    const signup = header.indexOf('Signup (PKT)');
    expect(signup).toBeGreaterThan(-1);
    expect(rows).toHaveLength(1);
    expect(rows[0]![signup]).toBe('2026-11-26 19:40:00');
    await context.close();
  });

  it('asks before leaving the system configuration with unsaved flag changes', async () => {
    const { context, page } = await adminPage();
    await page.goto('/admin-a1b2c3/configurations/system');
    const flag = page.getByTestId('flag-isPracticeQuizEnabled');
    await flag.waitFor();
    const before = await flag.isChecked();
    await flag.click();
    await menuLink(page, 'Students').click();

    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await screenshotFor(page, 'polish/config-leave-1366');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin-a1b2c3/configurations/system');
    expect(await flag.isChecked()).toBe(!before);

    await menuLink(page, 'Students').click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/admin-a1b2c3\/students$/);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The public display form on the same page is guarded as well.
    await page.goto('/admin-a1b2c3/configurations/system');
    await page.locator('input[name="announcementTitle"]').fill('Changed, not saved');
    await menuLink(page, 'Students').click();
    await dialog.getByText('Your changes to the public display have not been saved.').waitFor();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/admin-a1b2c3\/students$/);
    await context.close();
  });

  it('quiz form: says a pool is short once, and typesets the maths of picked questions', async () => {
    const db = holder.stack.db;
    const phaseId = await demoPhaseId(holder.stack, 1);
    const gradeId = await seededGradeId(db, 'Grade 4');
    const placement = await db
      .selectFrom('questions')
      .select(['categoryId', 'subCategoryId'])
      .where('gradeId', '=', gradeId)
      .executeTakeFirstOrThrow();
    const picked = [];
    for (const html of [
      '<p>Add <span class="math-inline">\\frac{1}{2}+\\frac{1}{4}</span></p>',
      '<p>Work out <span class="math-inline">3\\times 4</span></p>',
    ]) {
      const q = await makeQuestion(db, { gradeId, ...placement }, html, [true, false]);
      await db.insertInto('questionPhases').values({ questionId: q.id, phaseId }).execute();
      picked.push(q.id);
    }
    const quiz = await makeQuiz(db, {
      gradeIds: [gradeId],
      phaseId,
      title: 'Picked with maths',
      questionCount: 3,
      questionIds: picked,
    });
    await db.updateTable('quizzes').set({ isActive: false }).where('id', '=', quiz.id).execute();
    const { context, page } = await adminPage();
    await page.goto(`/admin-a1b2c3/quiz/${quiz.id}`);

    const items = page.getByTestId('qz-picked').locator('li');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.first().locator('.katex').count()).toBeGreaterThan(0);
    expect(await items.first().innerText()).not.toContain('\\frac');

    // Two picked cannot fill three: the shortfall is said once, before and after a refused save.
    const shortfall = /Grade 4 is \d+ questions? short/g;
    const timesSaid = async () => ((await page.locator('body').innerText()).match(shortfall) ?? []).length;
    await expect.poll(timesSaid, { timeout: 10_000 }).toBe(1);
    await page.getByTestId('qz-active').click();
    await page.getByTestId('qz-save').click();
    await page.getByTestId('qz-form-error').waitFor();
    expect(await timesSaid()).toBe(1);
    // Leaving the changed quiz asks first.
    await menuLink(page, 'Quizzes').click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await screenshotFor(page, 'polish/quiz-short-1366');
    await page.setViewportSize(PHONE);
    await expectFits(page, 'polish/quiz-short-360');
    await context.close();
  });

  it('names every phase by one rule in the phase dropdowns: its name, as given', async () => {
    const db = holder.stack.db;
    // A phase whose name does not say its number, beside the demo's "Phase 1 — Qualifier".
    await db.updateTable('phases').set({ name: 'Semi-final' }).where('number', '=', 2).execute();
    const { context, page } = await adminPage();
    const labels = async (select: string) => {
      await expect.poll(() => page.locator(`${select} option`).count()).toBeGreaterThan(2);
      return page.locator(`${select} option`).allTextContents();
    };

    await page.goto('/admin-a1b2c3/configurations/system');
    const configLabels = await labels('[data-testid="flag-contestQuizPhase"]');
    await page.goto('/admin-a1b2c3/quiz/new');
    const quizLabels = await labels('[data-testid="qz-phase"]');
    await page.goto('/admin-a1b2c3/configurations/contest-services');
    await page.getByTestId('package-add').click();
    // The package form adds each phase's state: "Semi-final (upcoming)".
    const packageLabels = (await labels('[data-testid="package-phaseId"]')).map((label) =>
      label.replace(/ \((running|upcoming|closed)\)$/, ''),
    );
    for (const shown of [configLabels, quizLabels, packageLabels]) {
      expect(shown).toContain('Phase 1 — Qualifier');
      expect(shown).toContain('Semi-final');
      expect(shown.filter((label) => /Phase \d+ — Phase \d+/.test(label))).toEqual([]);
    }
    await context.close();
  });

  it('scrolls the admin menu to the page that is open', async () => {
    const { context, page } = await adminPage({ height: 600 });
    await page.goto('/admin-a1b2c3/queues');
    const menu = page.locator('#admin-sidebar');
    const active = menu.locator('a[aria-current="page"]');
    await active.waitFor();
    const inView = async () => {
      const [box, link] = await Promise.all([menu.boundingBox(), active.boundingBox()]);
      return box !== null && link !== null && link.y >= box.y && link.y + link.height <= box.y + box.height;
    };
    await expect.poll(inView).toBe(true);
    // To the top item through the menu, then back in the browser's history (no reload).
    await menu.getByRole('link', { name: 'Questions' }).first().click();
    await page.waitForURL(/\/admin-a1b2c3\/questions$/);
    await page.getByRole('heading', { level: 1, name: 'Questions' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/admin-a1b2c3\/queues$/);
    await expect.poll(inView).toBe(true);
    await context.close();
  });

  it('names an export’s filters in words in the exports dialog', async () => {
    const db = holder.stack.db;
    const gradeId = await seededGradeId(db, 'Grade 4');
    await makeStudent(db, { fullName: 'Bulk Bano', gradeId, registeredThroughBulk: true });
    const { context, page } = await adminPage();
    await exportStudents(page, `registeredThroughBulk=true&grade=${gradeId}`);
    await page.getByTestId('student-exports-open').click();
    const dialog = page.getByTestId('student-exports-dialog');
    await dialog.locator('tbody tr').first().waitFor();
    await expect.poll(() => dialog.textContent()).toContain('Grade: Grade 4');
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Registered through bulk upload: Yes');
    expect(text).not.toContain('registeredThroughBulk');
    expect(text).not.toContain(gradeId);
    await screenshotFor(page, 'polish/exports-dialog-1366');
    await page.setViewportSize(PHONE);
    await expectFits(page, 'polish/exports-dialog-360');
    await context.close();
  });

  it('exports phone numbers so a spreadsheet keeps their leading 0', async () => {
    await makeStudent(holder.stack.db, { fullName: 'Phoebe Phone', phone: '03001234567' });
    const { context, page } = await adminPage();
    const { header, rows } = await exportStudents(page, 'fullName=Phoebe');
    const cell = rows[0]![header.indexOf('Phone')]!;
    // Excel and LibreOffice read a cell of digits only (or +/-/= first) as a number or formula.
    expect(cell).not.toMatch(/^\d+$/);
    expect(cell).not.toMatch(/^[=+\-@'\t]/);
    expect(cell.replace(/\D/g, '')).toBe('03001234567');
    expect(cell.startsWith('0')).toBe(true);
    await context.close();
  });

  it('gives templates examples that follow their own instructions', async () => {
    const { context, page } = await adminPage();
    await page.goto('/admin-a1b2c3/questions/import');
    const questionTemplate = page.waitForEvent('download');
    await page.getByTestId('import-template-csv').click();
    const [header, ...examples] = await csvRows(await questionTemplate);
    const maths = examples.flatMap((row) =>
      header!.flatMap((column, i) => (column === 'question' || column.startsWith('option') ? [row[i]!] : [])),
    );
    expect(maths.filter((cell) => cell.includes('$')).length).toBeGreaterThan(0);
    expect(maths.filter((cell) => cell.includes('\\(') || cell.includes('\\['))).toEqual([]);

    // The student template uploaded unchanged: its example row is named as the example.
    await page.goto('/admin-a1b2c3/students-bulk-upload/new');
    const studentTemplate = page.waitForEvent('download');
    await page.getByTestId('bulk-template-csv').click();
    await page.getByTestId('bulk-file').setInputFiles(await (await studentTemplate).path());
    await page.getByTestId('bulk-preview').waitFor();
    await expect.poll(() => page.getByTestId('bulk-counts').textContent()).toContain('0 already registered');
    const example = page.getByTestId('bulk-preview-row').first();
    expect(await example.getAttribute('data-status')).toBe('invalid');
    expect(await example.getByTestId('bulk-row-errors').textContent()).toMatch(/example row/i);
    await screenshotFor(page, 'polish/bulk-template-1366');
    await context.close();
  });

  it('says what a package’s phase does: when it is on sale, not where its attempts go', async () => {
    const { context, page } = await adminPage();
    await page.goto('/admin-a1b2c3/configurations/contest-services');
    await page.getByTestId('package-add').click();
    const phase = page.getByTestId('package-phaseId');
    await phase.waitFor();
    const dialog = page.getByRole('dialog');
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toContain('Limit the attempts to one phase');
    expect(text).toMatch(/on sale/i);
    expect(text).toMatch(/one balance/i);
    await screenshotFor(page, 'polish/package-form-1366');
    await page.setViewportSize(PHONE);
    await expectFits(page, 'polish/package-form-360');
    await context.close();
  });

  it('links each payment report row to its student', async () => {
    const db = holder.stack.db;
    const student = await makeStudent(db, { fullName: 'Payee Parveen' });
    const pkg = await db.selectFrom('paymentPackages').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('payments')
      .values({
        orderRef: 'RZLINK0001',
        studentId: student.id,
        packageId: pkg.id,
        gateway: 'sandbox',
        status: 'PAID',
        listPricePaisa: 50_000,
        amountPaisa: 50_000,
        attempts: 1,
        paidAt: new Date(),
      })
      .execute();
    const { context, page } = await adminPage();
    await page.goto('/admin-a1b2c3/reports/payments');
    const row = page.locator('[data-testid="pr-row"][data-order-ref="RZLINK0001"]');
    await row.waitFor();
    await screenshotFor(page, 'polish/payments-report-1366');
    await row.getByRole('link', { name: 'Payee Parveen' }).click();
    await page.waitForURL(`**/admin-a1b2c3/students/view/${student.id}`);
    await page.getByText('Payee Parveen').first().waitFor();
    await context.close();
  });

  it('never stretches a small question picture in the student’s quiz view', async () => {
    const stack = holder.stack;
    await openDemoContestAndPractice(stack);
    const picture = await smallPicture(stack, 60, 40);
    await stack.db
      .updateTable('questions')
      .set({ questionImage: picture, answerHintImage: picture })
      .execute();
    await stack.db.updateTable('questionOptions').set({ image: picture }).execute();
    const { context, page } = await openPage(stack, PHONE);
    await signInAsStudent(page);
    await page.goto('/practice-quiz');
    await page.getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-start').click();
    await page.getByTestId('question-screen').waitFor();

    expect(await imageWidths(page, '.quiz-question__image')).toEqual({ shown: 60, natural: 60 });
    const options = page.getByTestId('quiz-option');
    if ((await options.count()) > 0) {
      expect(await imageWidths(page, '.quiz-option__body img')).toEqual({ shown: 60, natural: 60 });
    }
    if ((await options.count()) === 0) {
      await page.getByTestId('open-answer').fill('7');
      await page.getByTestId('quiz-submit').click();
    } else {
      for (let i = 0; (await page.locator('[data-mark]').count()) === 0; i += 1) {
        await options.nth(i).click();
      }
    }
    await page.getByTestId('quiz-explanation').waitFor();
    expect(await imageWidths(page, '[data-testid="quiz-explanation"] img')).toEqual({
      shown: 60,
      natural: 60,
    });
    await screenshotFor(page, 'polish/quiz-small-picture-360');
    await context.close();
  });
});
