import type { Db } from '@riyazi/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  makePlay,
  makeQuizWithQuestions,
  makeStaff,
  rightOrWrong,
  signedInStaff,
  type TestStaff,
} from '../../test/helpers.js';
import { downloadCsv, expectAccessible, expectFits, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const REPORT = '/admin-a1b2c3/reports/quiz-performance';
const DESKTOP = { width: 1366, height: 900 } as const;

let reader: TestStaff;
let planted: Awaited<ReturnType<typeof plant>>;

/**
 * Grade 4: three finished contest plays scoring 3, 2 and 0 (Q2 right once in three, the hardest);
 * grade 5: one finished play scoring 1.
 */
async function plant(db: Db) {
  const { grade, otherGrades, questions, play } = await makeQuizWithQuestions(db, {
    grades: [4, 5],
    category: 'Numbers',
    subCategory: 'Sums',
    questions: [
      ['<p>2 + 2 = ?</p>', 'open'],
      ['<p>Seven eights are?</p>', 'open'],
      ['<p>10 − 3 = ?</p>', 'open'],
    ],
  });
  const answers = (right: [boolean, boolean, boolean]) => rightOrWrong(questions, right, 6000);
  await makePlay(db, { ...play, score: 3, answers: answers([true, true, true]) });
  await makePlay(db, { ...play, score: 2, answers: answers([true, false, true]) });
  await makePlay(db, { ...play, score: 0, answers: answers([false, false, false]) });
  await makePlay(db, {
    ...play,
    gradeId: otherGrades[0]!.id,
    score: 1,
    answers: answers([true, false, false]),
  });
  return { grade, q2: questions[1] };
}

const holder = setupStack(async (stack) => {
  reader = await makeStaff(stack.db, { permissions: [['quizPerformance', 'read']] });
  planted = await plant(stack.db);
});

const tile = (page: Page, id: string) => page.getByTestId(`qp-tile-${id}`).textContent();
const menuLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Quiz performance' });

describe('quiz performance report', () => {
  it('is in the menu of quizPerformance:read, filters by grade in the URL, draws its charts and downloads the CSV', async () => {
    const { context, page } = await openPage(holder.stack, DESKTOP);
    await signInAsAdmin(page, reader.email, reader.password);
    await menuLink(page).click();
    await page.waitForURL(new RegExp(`${REPORT}$`));
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
    // Three scores tie at one play each: none of them is "the" most common.
    expect(await histogram.getAttribute('aria-label')).toContain(
      '3 finished plays, scores 0 to 3; most scored 0, 2 or 3 (1 play each)',
    );
    // Every play finished today: one day, one bar.
    await expect
      .poll(() => page.getByTestId('qp-chart-over-time').locator('.recharts-bar-rectangle path').count())
      .toBe(1);
    await expectAccessible(page, 'quiz performance report');

    const { filename, lines } = await downloadCsv(page, 'qp-download');
    expect(filename).toMatch(/^quiz-performance-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines[0]).toBe('Section,Item,Value,Detail');
    expect(lines).toContain('Summary,Players,3,');
    expect(lines).toContain(`Hardest,Q${planted.q2.no},33.3,1 of 3 correct: Seven eights are?`);
    await expectFits(page, 'quiz-performance/desktop-1366');

    await page.goto(`${REPORT}?phaseId=${crypto.randomUUID()}`);
    await page.getByTestId('qp-empty').waitFor();
    expect(await page.getByTestId('qp-empty').textContent()).toBe('No plays match these filters.');
    expect(await page.getByTestId('qp-download').isDisabled()).toBe(true);
    await context.close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto(`${REPORT}?gradeId=${planted.grade.id}`);
    await expect.poll(() => tile(page, 'players')).toBe('3');
    await page.getByTestId('qp-chart-histogram').locator('.recharts-bar-rectangle').first().waitFor();
    await expectFits(page, 'quiz-performance/phone-360');
    await context.close();
  });

  it('is neither in the menu nor served to staff with only questionReports:read', async () => {
    const { stack } = holder;
    const other = await signedInStaff(stack, { permissions: [['questionReports', 'read']] });
    const res = await authorizedCall(stack)(other.token, 'GET', '/api/reports/quiz-performance');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('message');

    const { context, page } = await openPage(stack, DESKTOP);
    await signInAsAdmin(page, other.email, other.password);
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Questions' }).waitFor();
    expect(await menuLink(page).count()).toBe(0);
    await page.goto(REPORT);
    await page.getByTestId('no-permission').waitFor();
    expect(await page.getByTestId('qp-tile-players').count()).toBe(0);
    await context.close();
  });
});
