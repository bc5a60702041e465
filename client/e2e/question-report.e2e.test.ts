import type { Db } from '@riyazi/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePlay, makeQuizWithQuestions, makeStaff, type TestStaff } from '../../test/helpers.js';
import { downloadCsv, horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

let admin: TestStaff;
let seeded: Awaited<ReturnType<typeof seedPlays>>;

/** Six finished contest plays: Q1 half right, Q2 always right, Q3 (open ended) never right. */
async function seedPlays(db: Db) {
  const { questions, play } = await makeQuizWithQuestions(db, {
    category: 'Geometry',
    subCategory: 'Angles',
    questions: [
      ['<p>Angles of a triangle add up to?</p>', [false, true, false, false]],
      ['<p>=1+1 is two?</p>', [true, false, false, false]],
      ['<p>5 + 6 = ?</p>', 'open'],
    ],
  });
  const [q1, q2, q3] = questions;
  const q1Picks = [1, 1, 0, 1, 2, 1];
  for (let i = 0; i < 6; i += 1) {
    const pick = q1Picks[i]!;
    await makePlay(db, {
      ...play,
      score: 6 - i,
      answers: [
        {
          questionId: q1.id,
          selectedOptionIds: [q1.options[pick]!],
          isCorrect: pick === 1,
          timeTakenMs: 20_000,
        },
        { questionId: q2.id, selectedOptionIds: [q2.options[0]!], isCorrect: true, timeTakenMs: 3000 },
        { questionId: q3.id, answerText: i % 2 === 0 ? '12' : 'twelve', isCorrect: false, timeTakenMs: 9000 },
      ],
    });
  }
  return { q1, q2, q3 };
}

const holder = setupStack(async (stack) => {
  admin = await makeStaff(stack.db, { superAdmin: true });
  seeded = await seedPlays(stack.db);
});

const rowOrder = (page: Page) =>
  page
    .getByTestId('qr-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-question-no'))));

describe('question report', () => {
  it('sorts by a column, shows flags and downloads the report as CSV', async () => {
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/reports/questions');
    await page.getByTestId('qr-row').first().waitFor();
    const { q1, q2, q3 } = seeded;
    expect(await rowOrder(page)).toEqual([q1.no, q2.no, q3.no]);
    await expect
      .poll(() => page.getByTestId('qr-summary').textContent())
      .toBe('3 questions over 6 finished plays');

    const flagsOf = (no: number) =>
      page
        .locator(`[data-testid="qr-row"][data-question-no="${no}"] [data-testid="qr-flag"]`)
        .evaluateAll((flags) => flags.map((f) => f.getAttribute('data-flag')));
    expect(await flagsOf(q1.no)).toEqual([]);
    expect(await flagsOf(q2.no)).toEqual(['EVERYBODY_CORRECT']);
    expect(await flagsOf(q3.no)).toEqual(['NOBODY_CORRECT']);

    await page.getByTestId('qr-sort-facility').click();
    await page.waitForURL(/sort=facility&order=desc/);
    await expect.poll(() => rowOrder(page)).toEqual([q2.no, q1.no, q3.no]);
    const facilityHeader = page.locator('th', { has: page.getByTestId('qr-sort-facility') });
    expect(await facilityHeader.getAttribute('aria-sort')).toBe('descending');
    await page.getByTestId('qr-sort-facility').click();
    await page.waitForURL(/order=asc/);
    await expect.poll(() => rowOrder(page)).toEqual([q3.no, q1.no, q2.no]);
    expect(await facilityHeader.getAttribute('aria-sort')).toBe('ascending');

    const { filename, lines } = await downloadCsv(page, 'qr-download');
    expect(filename).toMatch(/^question-report-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines[0]).toMatch(/^Question No,Question,Type,Grade,Category,Served,Correct,/);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([q3.no, q1.no, q2.no]);
    expect(lines[3]).toContain(`${q2.no},'=1+1 is two?,MCQs,Grade 4,Geometry,6,6,100,`);
    expect(lines[1]).toContain('12 (3); twelve (3),NOBODY_CORRECT');

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    if (process.env.QR_SCREENSHOT_DESKTOP) {
      await page.screenshot({ path: process.env.QR_SCREENSHOT_DESKTOP, fullPage: true });
    }
    await page.getByTestId('qr-filter-kind').selectOption('PRACTICE');
    await page.waitForURL(/kind=PRACTICE/);
    await page.getByTestId('qr-empty').waitFor();
    expect(await page.getByTestId('qr-download').isDisabled()).toBe(true);
    await context.close();
  });

  it('stacks the report on a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/reports/questions');
    await page.getByTestId('qr-row').first().waitFor();
    expect(await page.getByTestId('qr-option').count()).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // No column headers on a phone: the sort list does the same.
    await page.getByTestId('qr-sort-select').selectOption('facility:desc');
    await page.waitForURL(/sort=facility&order=desc/);
    await expect.poll(() => rowOrder(page)).toEqual([seeded.q2.no, seeded.q1.no, seeded.q3.no]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    if (process.env.QR_SCREENSHOT) {
      await page.screenshot({ path: process.env.QR_SCREENSHOT, fullPage: true });
    }
    await context.close();
  });
});
