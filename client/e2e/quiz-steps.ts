import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotFor } from './pages.js';
import type { Stack } from './stack.js';

const QUIZ_SHOTS = process.env.QUIZ_SHOTS_DIR ?? '/tmp';

/** A screenshot into QUIZ_SHOTS_DIR (default /tmp) once web fonts (KaTeX's) have loaded. */
export async function quizShot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `${QUIZ_SHOTS}/${name}`, fullPage });
}

/** A screenshot as `contest/<name>` when SHOTS_DIR is set (see screenshotFor). */
export const contestShot = (page: Page, name: string) =>
  screenshotFor(page, `contest/${name.replace(/\.png$/, '')}`);

/** The route an answer is sent to (for page.route, to cut the network). */
export const SUBMIT_ANSWER = '**/api/play-quiz/question/submit-answer';

/** From the dashboard: opens the first contest quiz's guidelines. */
export async function openContestRules(page: Page): Promise<void> {
  await page.getByTestId('contest-quizzes').getByTestId('quiz-start-link').first().click();
  await page.getByTestId('quiz-guidelines').waitFor();
  await page.getByTestId('quiz-rules').waitFor();
}

/** The question number (0-based) in the quiz page's URL. */
export const qnoOf = (page: Page) => Number(new URL(page.url()).searchParams.get('qno'));

/** Waits for question `qno` (0-based): its URL, its screen and its clock. */
export async function waitForQuestion(page: Page, qno: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/quiz' && url.searchParams.get('qno') === String(qno));
  await page.getByTestId('question-screen').waitFor();
  await page.getByTestId('quiz-timer').waitFor();
}

/** Chooses the first option, or types an answer to an Open Ended question. */
export async function chooseSomething(page: Page): Promise<void> {
  const options = page.getByTestId('quiz-option');
  if ((await options.count()) > 0) {
    await options.first().click();
  } else {
    await page.getByTestId('open-answer').fill('7');
  }
}

/**
 * Answers questions `from` to the last (the 15th), waiting for each next one with `waitForNext`,
 * and waits for the play's results.
 */
export async function answerToTheEnd(
  page: Page,
  from: number,
  playId: string,
  waitForNext: (page: Page, qno: number) => Promise<void> = waitForQuestion,
): Promise<void> {
  for (let qno = from; qno < 15; qno += 1) {
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    if (qno < 14) {
      await waitForNext(page, qno + 1);
    }
  }
  await page.waitForURL((url) => url.pathname === '/quiz-results' && url.searchParams.get('pid') === playId);
  await page.getByTestId('results-score').waitFor();
}

/** The seconds the quiz clock shows ("2:05" → 125). */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('quiz-timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** What the answer's delivery line says (saved, waiting, not counted). */
export const answerStatus = (page: Page) => page.getByTestId('answer-status').textContent();

/** The data-testid (or tag) of the element with the keyboard focus; 'body' when none has it. */
export const activeTestId = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body
      ? 'body'
      : (active.getAttribute('data-testid') ?? active.tagName);
  });

/** The device's stored quiz keys that start with `prefix` (timers, the answer outbox). */
const storedKeys = (page: Page, prefix: string) =>
  page.evaluate((start) => Object.keys(window.localStorage).filter((key) => key.startsWith(start)), prefix);

export const timerKeys = (page: Page) => storedKeys(page, 'riyazi-quiz-timer:');
export const outboxKeys = (page: Page) => storedKeys(page, 'riyazi-quiz-outbox:');

/** The student's latest play of that kind. */
export const latestPlay = (stack: Stack, kind: 'CONTEST' | 'PRACTICE') =>
  stack.db
    .selectFrom('plays')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('startedAt', 'desc')
    .executeTakeFirstOrThrow();

/** The saved answer to the play's question at `position`, if any. */
export const answerAt = (stack: Stack, playId: string, position: number) =>
  stack.db
    .selectFrom('playAnswers')
    .innerJoin('playQuestions', (join) =>
      join
        .onRef('playQuestions.playId', '=', 'playAnswers.playId')
        .onRef('playQuestions.questionId', '=', 'playAnswers.questionId'),
    )
    .select([
      'playAnswers.outcome',
      'playAnswers.score',
      'playAnswers.selectedOptionIds',
      'playAnswers.answerText',
    ])
    .where('playAnswers.playId', '=', playId)
    .where('playQuestions.position', '=', position)
    .executeTakeFirst();

/** Polls until the question heading reads "Question n of …" (English). */
export const expectQuestionNumber = (page: Page, qno: number) =>
  expect.poll(() => page.getByTestId('question-number').textContent()).toContain(`Question ${qno + 1} of`);
