import { readFile } from 'node:fs/promises';
import type { Db } from '@riyazi/db';
import { describe, expect, it } from 'vitest';
import {
  makeCategory,
  makeGrade,
  makePhase,
  makePlay,
  makeQuestion,
  makeQuiz,
  makeStaff,
  makeSubCategory,
  type TestStaff,
} from '../../test/helpers.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

let reader: TestStaff;
let planted: Awaited<ReturnType<typeof plant>>;

/**
 * Grade 4: three finished contest plays scoring 3, 2 and 0 (Q2 right once in three, the hardest);
 * grade 5: one finished play scoring 1.
 */
async function plant(db: Db) {
  const grade = await makeGrade(db, 4);
  const otherGrade = await makeGrade(db, 5);
  const phase = await makePhase(db, 1);
  const category = await makeCategory(db, 'Numbers');
  const sub = await makeSubCategory(db, category.id, 'Sums');
  const f = { gradeId: grade.id, categoryId: category.id, subCategoryId: sub.id };
  const q1 = await makeQuestion(db, f, '<p>2 + 2 = ?</p>', 'open');
  const q2 = await makeQuestion(db, f, '<p>Seven eights are?</p>', 'open');
  const q3 = await makeQuestion(db, f, '<p>10 − 3 = ?</p>', 'open');
  const quiz = await makeQuiz(db, { gradeIds: [grade.id, otherGrade.id], phaseId: phase.id });
  const base = { quizId: quiz.id, phaseId: phase.id, gradeId: grade.id };
  const answers = (right: [boolean, boolean, boolean]) =>
    [q1, q2, q3].map((q, i) => ({ questionId: q.id, isCorrect: right[i], timeTakenMs: 6000 }));
  await makePlay(db, { ...base, score: 3, answers: answers([true, true, true]) });
  await makePlay(db, { ...base, score: 2, answers: answers([true, false, true]) });
  await makePlay(db, { ...base, score: 0, answers: answers([false, false, false]) });
  await makePlay(db, { ...base, gradeId: otherGrade.id, score: 1, answers: answers([true, false, false]) });
  return { grade, q2 };
}

const holder = setupStack(async (stack) => {
  reader = await makeStaff(stack.db, { permissions: [['quizPerformance', 'read']] });
  planted = await plant(stack.db);
});

const tile = (page: import('playwright-core').Page, id: string) =>
  page.getByTestId(`qp-tile-${id}`).textContent();

describe('quiz performance report', () => {
  it('filters by grade in the URL, shows the figures and charts, and downloads the CSV', async () => {
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto('/admin-a1b2c3/reports/quiz-performance');
    await expect.poll(() => tile(page, 'players')).toBe('4');

    await page.getByTestId('qp-filter-gradeId').selectOption(planted.grade.id);
    await page.waitForURL(new RegExp(`gradeId=${planted.grade.id}`));
    await expect.poll(() => tile(page, 'players')).toBe('3');
    expect(await tile(page, 'finished')).toBe('3');
    expect(await tile(page, 'mean')).toBe('1.67');
    expect(await tile(page, 'median')).toBe('2');
    expect(await tile(page, 'time')).toBe('6.0 s');
    const hardest = page.getByTestId('qp-hardest').getByTestId('qp-question').first();
    expect(await hardest.getAttribute('data-question-no')).toBe(String(planted.q2.no));
    expect(await hardest.textContent()).toContain('33.3%');

    // The histogram draws one bar per non-empty score bin (0, 2 and 3), and says so in words.
    const histogram = page.getByTestId('qp-chart-histogram');
    await expect.poll(() => histogram.locator('.recharts-bar-rectangle path').count()).toBe(3);
    expect(await histogram.getAttribute('aria-label')).toContain('3 finished plays');
    // Every play finished today: one day, one bar.
    await expect
      .poll(() => page.getByTestId('qp-chart-over-time').locator('.recharts-bar-rectangle path').count())
      .toBe(1);
    await expectAccessible(page, 'quiz performance report');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('qp-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quiz-performance-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path()))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Section,Item,Value,Detail');
    expect(lines).toContain('Summary,Players,3,');
    expect(lines).toContain(`Hardest,Q${planted.q2.no},33.3,1 of 3 correct: Seven eights are?`);
    await screenshotFor(page, 'quiz-performance/desktop');

    await page.goto(`/admin-a1b2c3/reports/quiz-performance?phaseId=${crypto.randomUUID()}`);
    await page.getByTestId('qp-empty').waitFor();
    expect(await page.getByTestId('qp-empty').textContent()).toBe('No plays match these filters.');
    expect(await page.getByTestId('qp-download').isDisabled()).toBe(true);
    await context.close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto(`/admin-a1b2c3/reports/quiz-performance?gradeId=${planted.grade.id}`);
    await expect.poll(() => tile(page, 'players')).toBe('3');
    await page.getByTestId('qp-chart-histogram').locator('.recharts-bar-rectangle').first().waitFor();
    await expectFits(page, 'quiz-performance/phone');
    await context.close();
  });
});
