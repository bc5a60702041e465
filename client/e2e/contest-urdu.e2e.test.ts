import { sql } from 'kysely';
import type { BrowserContext } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, horizontalOverflow, signInAsStudent } from './pages.js';
import {
  answerStatus,
  answerToTheEnd,
  chooseSomething,
  contestShot,
  latestPlay,
  openContestRules,
  SUBMIT_ANSWER,
  waitForQuestion,
} from './quiz-steps.js';
import { openDemoContest, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(() => openDemoContest(holder.stack));

/** A context whose child reads Urdu (remembered on the device, as the language switch does). */
async function urduContext(width: number, height: number): Promise<BrowserContext> {
  const context = await holder.stack.newContext({ width, height });
  await context.addInitScript(() => {
    if (window.localStorage.getItem('riyazi:language') === null) {
      window.localStorage.setItem('riyazi:language', JSON.stringify({ language: 'ur', chosen: true }));
    }
  });
  return context;
}

describe('the contest in Urdu', () => {
  it('guidelines, question, waiting answer and results read right to left, fit 360 px and pass axe', async () => {
    // Every question gets an Urdu stem (with maths inside) and its first option an Urdu text, as
    // a teacher writes them in the question form; the other options stay English.
    const { db } = holder.stack;
    await db
      .updateTable('questions')
      .set({
        questionHtmlUr:
          '<p>جمع کریں: <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span> کتنا ہوتا ہے؟</p>',
      })
      .execute();
    await sql`UPDATE question_options o SET text_html_ur = '<p>تین چوتھائی</p>'
      WHERE o.position = (SELECT min(position) FROM question_options p WHERE p.question_id = o.question_id)`.execute(
      db,
    );
    const context = await urduContext(360, 740);
    const page = await context.newPage();
    await signInAsStudent(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await openContestRules(page);
    await expect.poll(() => page.getByTestId('quiz-rules').textContent()).toContain('کثیر انتخابی');
    await expectAccessible(page, 'contest guidelines (Urdu)');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-guidelines-ur-360.png');

    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    await expect.poll(() => page.getByTestId('question-number').textContent()).toContain('سوال 1');
    // The clock stays left to right inside the Urdu page.
    expect(
      await page.getByTestId('quiz-timer').evaluate((el) => el.closest('bdi')?.getAttribute('dir') ?? null),
    ).toBe('ltr');
    await expectAccessible(page, 'contest question (Urdu)');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-question-ur-360.png');

    await page.route(SUBMIT_ANSWER, (route) => route.abort('internetdisconnected'));
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await expect.poll(() => answerStatus(page), { timeout: 10_000 }).toContain('انٹرنیٹ نہیں ہے');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-waiting-ur-360.png');
    await page.unroute(SUBMIT_ANSWER);
    await waitForQuestion(page, 1);
    await expect.poll(() => answerStatus(page)).toContain('محفوظ ہو گیا');

    // The question's Urdu text as the api serves it: the stem and the first option in Urdu, right
    // to left, the maths inside left to right; the options without Urdu stay English, left to right.
    const stem = page.locator('div[lang="ur"]:has(> .quiz-question__text)');
    await expect.poll(() => stem.textContent()).toContain('جمع کریں');
    expect(await stem.getAttribute('dir')).toBe('rtl');
    await page.locator('.quiz-question__text .katex').first().waitFor();
    expect(
      await page
        .locator('.quiz-question__text .katex')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('ltr');
    // Laid out left to right too: ½ (written first) stands left of ¼ in the right-to-left line.
    const fractions = page.locator('.quiz-question__text .math-inline math mfrac');
    const [half, quarter] = await Promise.all([
      fractions.nth(0).boundingBox(),
      fractions.nth(1).boundingBox(),
    ]);
    expect(half?.x ?? Number.NaN).toBeLessThan(quarter?.x ?? Number.NaN);
    expect(await fractions.nth(0).textContent()).toBe('12');
    const optionBodies = page.locator('.quiz-option__body');
    const directions = await optionBodies.evaluateAll((els) =>
      els.map((el) => ({ dir: el.getAttribute('dir'), text: el.textContent ?? '' })),
    );
    if (directions.length > 1) {
      // One option (the first written) in Urdu, wherever the shuffle put it; the others English.
      expect(directions.filter((d) => d.dir === 'rtl').map((d) => d.text)).toEqual(['تین چوتھائی']);
      expect(directions.filter((d) => d.dir === 'ltr')).toHaveLength(directions.length - 1);
    }
    await expectAccessible(page, 'contest question with Urdu text');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-question-urdu-text-ur-360.png');
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-question-urdu-text-ur-1366.png');
    await page.setViewportSize({ width: 360, height: 740 });

    const playId = (await latestPlay(holder.stack, 'CONTEST')).id;
    await answerToTheEnd(page, 1, playId);
    await expectAccessible(page, 'contest results (Urdu)');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-results-ur-360.png');
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await contestShot(page, 'contest-results-ur-1366.png');

    // The same results in English, switched on the page.
    await page.getByTestId('language-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByRole('heading', { name: 'Quiz results' }).waitFor();
    await expectAccessible(page, 'contest results (English)');
    await context.close();
  }, 150_000);
});
