import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expireOverdueQuestions } from '../../api/src/modules/play-quiz/play-scoring.js';
import { openPage, PHONE, signInAsStudent } from './pages.js';
import {
  answerAt,
  chooseSomething,
  contestShot,
  latestPlay,
  openContestRules,
  qnoOf,
  timerSeconds,
  waitForQuestion,
} from './quiz-steps.js';
import { openDemoContest, type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(() => openDemoContest(holder.stack));

const QUESTION = '/api/play-quiz/question';
const SUBMIT = '/api/play-quiz/question/submit-answer';

/** A phone whose clock the test moves (Playwright's clock: Date jumps, performance.now() does not). */
async function phoneWithClock(
  stack: Stack,
): Promise<{ context: BrowserContext; page: Page; sent: string[] }> {
  const { context, page } = await openPage(stack, PHONE);
  await context.clock.install();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === SUBMIT) {
      sent.push(request.postData() ?? '');
    }
  });
  return { context, page, sent };
}

/** Signs in and starts the demo contest: question 1 is on screen. */
async function startContest(page: Page): Promise<string> {
  await signInAsStudent(page);
  await openContestRules(page);
  await page.getByTestId('quiz-start').click();
  await waitForQuestion(page, 0);
  return (await latestPlay(holder.stack, 'CONTEST')).id;
}

/** Seconds left by the server's deadline of the play's question at `position`. */
async function serverSecondsLeft(playId: string, position: number): Promise<number> {
  const { rows } = await sql<{ ms: number }>`
    SELECT (extract(epoch FROM deadline_at - now()) * 1000)::float8 AS ms FROM play_questions
    WHERE play_id = ${playId} AND position = ${position}`.execute(holder.stack.db);
  return (rows[0]?.ms ?? Number.NaN) / 1000;
}

/** The clock on screen shows the server's time left, give or take the time it takes to read both. */
async function expectServerTime(page: Page, playId: string, position: number): Promise<void> {
  await expect
    .poll(async () => Math.abs((await timerSeconds(page)) - (await serverSecondsLeft(playId, position))))
    .toBeLessThanOrEqual(3);
}

/** Moves the device's clock (Date) by `ms`, as a phone whose time is changed or synced does. */
async function jumpDeviceClock(page: Page, ms: number): Promise<void> {
  const deviceNow = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(deviceNow + ms);
  expect(Math.abs((await page.evaluate(() => Date.now())) - (deviceNow + ms))).toBeLessThan(5_000);
}

describe('a phone clock that jumps mid-question', () => {
  it('forward by more than the question’s time: nothing is sent, the clock keeps the server’s time, the answer counts', async () => {
    const { context, page, sent } = await phoneWithClock(holder.stack);
    const playId = await startContest(page);
    expect(await timerSeconds(page)).toBeGreaterThanOrEqual(170);

    await jumpDeviceClock(page, 3 * 60_000 + 10_000);
    await page.waitForTimeout(1500);
    expect(sent).toEqual([]);
    expect(qnoOf(page)).toBe(0);
    await expectServerTime(page, playId, 0);

    // A reload on the jumped clock asks the server again: still no answer, still the server's time.
    await page.reload();
    await waitForQuestion(page, 0);
    await expectServerTime(page, playId, 0);
    await page.waitForTimeout(1500);
    expect(sent).toEqual([]);
    expect(await answerAt(holder.stack, playId, 0)).toBeUndefined();
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);

    // The child answers in time, and it counts.
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await waitForQuestion(page, 1);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? '{}').answers).not.toEqual([]);
    expect((await answerAt(holder.stack, playId, 0))?.outcome).toBe('ANSWERED');
    expect(await page.getByTestId('ran-out-notice').count()).toBe(0);
    await context.close();
  }, 90_000);

  it('backward by minutes: the clock shows no more time than the server allows, before and after a reload', async () => {
    const { context, page, sent } = await phoneWithClock(holder.stack);
    const playId = await startContest(page);
    // The server's clock for this question started two minutes ago: one minute is left.
    await sql`UPDATE play_questions SET served_at = served_at - interval '120 seconds',
      deadline_at = deadline_at - interval '120 seconds' WHERE play_id = ${playId} AND position = 0`.execute(
      holder.stack.db,
    );
    await page.reload();
    await waitForQuestion(page, 0);
    await expectServerTime(page, playId, 0);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(61);

    await jumpDeviceClock(page, -5 * 60_000);
    await page.waitForTimeout(1500);
    await expectServerTime(page, playId, 0);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(61);
    await page.reload();
    await waitForQuestion(page, 0);
    await expectServerTime(page, playId, 0);

    expect(sent).toEqual([]);
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await waitForQuestion(page, 1);
    expect((await answerAt(holder.stack, playId, 0))?.outcome).toBe('ANSWERED');
    await context.close();
  }, 90_000);

  it('a countdown that reaches 0 before the server’s deadline asks the server and runs on: no answer is invented', async () => {
    const { context, page, sent } = await phoneWithClock(holder.stack);
    const playId = await startContest(page);
    // The page's clock runs 200 s ahead of the server's (both Date and performance.now()).
    await page.clock.fastForward(200_000);
    await expectServerTime(page, playId, 0);
    expect(await timerSeconds(page)).toBeGreaterThanOrEqual(165);
    await page.waitForTimeout(1000);
    expect(sent).toEqual([]);
    expect(qnoOf(page)).toBe(0);
    expect(await answerAt(holder.stack, playId, 0)).toBeUndefined();
    await context.close();
  }, 90_000);
});

describe('when the server’s deadline really passes', () => {
  it('with nothing chosen, "no answer" is sent only then, and the next question says so', async () => {
    const { context, page, sent } = await phoneWithClock(holder.stack);
    const playId = await startContest(page);
    await sql`UPDATE play_questions SET deadline_at = now() + interval '5 seconds'
      WHERE play_id = ${playId} AND position = 0`.execute(holder.stack.db);
    await page.reload();
    await waitForQuestion(page, 0);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(5);
    await waitForQuestion(page, 1);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? '{}').answers).toEqual([]);
    const { rows } = await sql<{ late: boolean }>`
      SELECT a.answered_at >= q.deadline_at AS late FROM play_answers a
      JOIN play_questions q ON q.play_id = a.play_id AND q.question_id = a.question_id
      WHERE a.play_id = ${playId} AND q.position = 0`.execute(holder.stack.db);
    expect(rows[0]?.late).toBe(true);
    expect((await answerAt(holder.stack, playId, 0))?.outcome).toBe('NO_ANSWER');
    await expect
      .poll(() => page.getByTestId('ran-out-notice').textContent())
      .toContain('Question 1 ran out of time');
    await context.close();
  }, 90_000);

  it('offline at 0: the screen says it will check, and follows the server once it can (the sweep closed the question)', async () => {
    const { context, page, sent } = await phoneWithClock(holder.stack);
    const playId = await startContest(page);
    await sql`UPDATE play_questions SET deadline_at = now() + interval '4 seconds'
      WHERE play_id = ${playId} AND position = 0`.execute(holder.stack.db);
    await page.reload();
    await waitForQuestion(page, 0);
    await page.route(`**${QUESTION}?*`, (route) => route.abort('internetdisconnected'));
    await page.getByTestId('time-up-offline').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);
    await contestShot(page, 'time-up-offline-en-360.png');
    expect(sent).toEqual([]);

    // Meanwhile the server's deadline sweep records "no answer".
    await sql`UPDATE plays SET clock_deadline_at = now() - interval '20 seconds' WHERE id = ${playId}`.execute(
      holder.stack.db,
    );
    await sql`UPDATE play_questions SET deadline_at = now() - interval '20 seconds'
      WHERE play_id = ${playId} AND position = 0`.execute(holder.stack.db);
    await expireOverdueQuestions(holder.stack.db);
    await page.unroute(`**${QUESTION}?*`);
    await waitForQuestion(page, 1);
    expect(sent).toEqual([]);
    expect((await answerAt(holder.stack, playId, 0))?.outcome).toBe('NO_ANSWER');
    await expect
      .poll(() => page.getByTestId('ran-out-notice').textContent(), { timeout: 15_000 })
      .toContain('Question 1 ran out of time');
    await context.close();
  }, 90_000);
});
