import { describe, expect, it } from 'vitest';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

const HEADER =
  'question,option1,option2,option3,option4,correct,selectMultiple,type,acceptedAnswers,answerHintText,grade,category,subCategory,phases,tags,status';
// Names as the demo seed has them.
const mcq = (grade: string) =>
  `"Imported e2e: what is $\\frac{5}{8}$ of 16?",8,10,12,6,B,No,MCQs,,"Split 16 into 8 parts of 2, take 5.",${grade},Fractions & Decimals,Fractions,Phase 1 — Qualifier,PRACTICE,Active`;
const openEnded =
  '"Imported e2e: solve $x + 7 = 12$",,,,,,No,Open Ended,5|x=5,Take 7 from both sides.,Grade 4,Fractions & Decimals,Fractions,Phase 1 — Qualifier|Phase 2 — Semi-final,BOTH,Active';
const csvFile = (rows: string[]) => ({
  name: 'questions.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8'),
});

describe('question import', () => {
  it('shows a bad row, then imports the fixed file into the list, on a phone', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    await page.goto('/admin-a1b2c3/questions');
    await page.getByTestId('questions-import').click();
    await page.waitForURL(/\/admin-a1b2c3\/questions\/import$/);

    const download = page.waitForEvent('download');
    await page.getByTestId('import-template-csv').click();
    expect((await download).suggestedFilename()).toBe('questions-template.csv');

    await page.getByTestId('import-file').setInputFiles(csvFile([mcq('Grade 12'), openEnded]));
    const table = page.getByTestId('import-table');
    await table.waitFor();
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toContain('2 rows');
    const badRow = page.locator('[data-testid="import-row"][data-ok="false"]');
    await expect.poll(() => badRow.count()).toBe(1);
    expect(await badRow.getByTestId('import-row-errors').textContent()).toContain(
      'no grade named "Grade 12"',
    );
    expect(await badRow.locator('th').textContent()).toContain('2');
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);

    await page.getByTestId('import-only-errors').check();
    await expect.poll(() => page.getByTestId('import-row').count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/question-import-360-errors.png', fullPage: true });

    await page.getByTestId('import-file').setInputFiles(csvFile([mcq('Grade 4'), openEnded]));
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toContain('2 ready');
    const commit = page.getByTestId('import-commit');
    await expect.poll(() => commit.isEnabled()).toBe(true);
    expect(await commit.textContent()).toBe('Import 2 questions');
    await commit.click();
    const success = page.getByTestId('import-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Imported 2 questions');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/question-import-360-done.png', fullPage: true });

    await success.getByRole('link', { name: 'See them in the question list' }).click();
    await page.waitForURL(/\/admin-a1b2c3\/questions$/);
    await page.getByTestId('questions-search').fill('Imported e2e');
    await page.waitForURL(/search=Imported/);
    const rows = page.getByTestId('questions-row');
    await expect.poll(() => rows.count()).toBe(2);
    await context.close();
  });

  it('explains a file that is not a spreadsheet and lists row errors in a table on desktop', async () => {
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/admin-a1b2c3/questions/import');

    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    const error = page.getByTestId('import-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('not a CSV or XLSX');

    await page
      .getByTestId('import-file')
      .setInputFiles(csvFile([mcq('Grade 4'), openEnded.replace('5|x=5', '')]));
    await page.getByTestId('import-table').waitFor();
    expect(await page.getByTestId('import-error').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Status' }).isVisible()).toBe(true);
    const bad = page.locator('[data-testid="import-row"][data-ok="false"]');
    expect(await bad.getByTestId('import-row-errors').textContent()).toContain(
      'add at least one accepted answer',
    );
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/question-import-desktop.png', fullPage: true });
    expect(
      await holder.stack.db
        .selectFrom('questions')
        .select('id')
        .where('questionHtml', 'like', '%Imported e2e%')
        .execute(),
    ).toEqual([]);
    await context.close();
  });
});
