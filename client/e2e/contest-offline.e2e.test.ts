import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { setFlags } from '../../test/helpers.js';
import { demoPhaseId } from './demo-data.js';
import { expectAccessible, openPage, PHONE, signInAsStudent } from './pages.js';
import {
  activeTestId,
  answerAt,
  answerStatus,
  chooseSomething,
  contestShot,
  latestPlay,
  answerToTheEnd,
  openContestRules,
  outboxKeys,
  qnoOf,
  SUBMIT_ANSWER,
  timerSeconds,
  waitForQuestion,
} from './quiz-steps.js';
import { openDemoContest, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(() => openDemoContest(holder.stack));

/** Answers the question with the network off and waits for the screen to say it will send it. */
async function answerOffline(context: BrowserContext, page: Page) {
  await chooseSomething(page);
  await context.setOffline(true);
  await page.getByTestId('quiz-submit').click();
  await expect
    .poll(() => answerStatus(page), { timeout: 10_000 })
    .toContain('No connection — we will send it');
}

describe('a contest on a patchy network', () => {
  it('keeps an answer sent offline on the phone, says so, and saves and scores it once the network is back', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    await openContestRules(page);
    await expectAccessible(page, 'contest guidelines (English)');
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    await expectAccessible(page, 'contest question (English)');
    // The new question has the keyboard focus on its heading (the only h1).
    expect(await page.locator('h1').count()).toBe(1);
    await expect.poll(() => activeTestId(page)).toBe('question-number');

    // Keyboard only: Tab to the first option, Space chooses it, Tab to Submit and press Enter.
    const hasOptions = (await page.getByTestId('quiz-option').count()) > 0;
    if (hasOptions) {
      await page.getByTestId('quiz-option').first().focus();
      await page.keyboard.press('Space');
      expect(await page.getByTestId('quiz-option').first().isChecked()).toBe(true);
    } else {
      await page.getByTestId('open-answer').fill('7');
    }
    await page.getByTestId('quiz-submit').focus();
    await page.keyboard.press('Enter');
    await waitForQuestion(page, 1);
    await expect.poll(() => activeTestId(page)).toBe('question-number');

    // The network drops: the answer waits on the phone and the screen says so.
    const playId = (await latestPlay(holder.stack, 'CONTEST')).id;
    await answerOffline(context, page);
    expect(await outboxKeys(page)).toHaveLength(1);
    // After answering, the focus stays on the chosen answer, never the page body.
    await expect.poll(() => activeTestId(page)).toMatch(/^(quiz-option|open-answer)$/);
    // It cannot be answered twice while it waits, and the clock keeps the server's deadline.
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);
    expect(await answerAt(holder.stack, playId, 1)).toBeUndefined();
    await contestShot(page, 'contest-offline-en-360.png');

    await context.setOffline(false);
    await expect.poll(() => answerStatus(page), { timeout: 15_000 }).toContain('Saved');
    await waitForQuestion(page, 2);
    await expect.poll(() => activeTestId(page)).toBe('question-number');
    expect(await outboxKeys(page)).toEqual([]);
    const saved = await answerAt(holder.stack, playId, 1);
    expect(saved?.outcome).toBe('ANSWERED');
    // Scored by the workers like any other answer.
    await expect
      .poll(async () => (await answerAt(holder.stack, playId, 1))?.score ?? null, { timeout: 20_000 })
      .not.toBeNull();
    await context.close();
  }, 90_000);

  it('a reload while an answer waits sends it before asking for any question (on a phone whose clock is 7 minutes fast)', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    // The phone's clock is 7 minutes ahead of the server's.
    await context.addInitScript(() => {
      const skew = 7 * 60_000;
      const RealDate = Date;
      class SkewedDate extends RealDate {
        constructor(...args: ConstructorParameters<DateConstructor> | []) {
          if (args.length === 0) {
            super(RealDate.now() + skew);
          } else {
            super(...(args as ConstructorParameters<DateConstructor>));
          }
        }
        static override now() {
          return RealDate.now() + skew;
        }
      }
      window.Date = SkewedDate as DateConstructor;
    });
    const page = await context.newPage();
    await signInAsStudent(page);
    await openContestRules(page);
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    // The clock shows the server's seconds, not 0:00 (the deadline read naively on a fast clock).
    await expect.poll(() => timerSeconds(page)).toBeGreaterThanOrEqual(170);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(180);
    const playId = (await latestPlay(holder.stack, 'CONTEST')).id;

    await page.route(SUBMIT_ANSWER, (route) => route.abort('internetdisconnected'));
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await expect
      .poll(() => answerStatus(page), { timeout: 10_000 })
      .toContain('No connection — we will send it');

    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/play-quiz/')) {
        calls.push(`${request.method()} ${url.pathname}`);
      }
    });
    await page.reload();
    await page.getByTestId('answer-waiting').waitFor();
    await expect
      .poll(() => answerStatus(page), { timeout: 10_000 })
      .toContain('No connection — we will send it');
    expect(calls).not.toContain('GET /api/play-quiz/question');

    await page.unroute(SUBMIT_ANSWER);
    await waitForQuestion(page, 1);
    await expect.poll(() => answerStatus(page)).toContain('Saved');
    // The answer went first, and its acknowledgement brought question 2: nothing else was asked for.
    expect(calls).toContain('POST /api/play-quiz/question/submit-answer');
    expect(calls).not.toContain('GET /api/play-quiz/question');
    expect((await answerAt(holder.stack, playId, 0))?.outcome).toBe('ANSWERED');
    expect(await outboxKeys(page)).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('one request per question', () => {
  it('each answer’s acknowledgement brings the next question; a lost acknowledgement is resent and gets the same clock', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    await openContestRules(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/play-quiz/question')) {
        calls.push(`${request.method()} ${url.pathname}`);
      }
    });
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    const playId = (await latestPlay(holder.stack, 'CONTEST')).id;

    // The first answer reaches the server, but its acknowledgement is lost on the way back.
    let lost = 0;
    let lostAt = 0;
    await page.route(SUBMIT_ANSWER, async (route) => {
      if (lost === 0) {
        lost += 1;
        await route.fetch();
        lostAt = Date.now();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await waitForQuestion(page, 1);
    await page.unroute(SUBMIT_ANSWER);
    expect(lost).toBe(1);
    // Question 2's clock started when the lost acknowledgement left, once: the resent answer got the same clock.
    const clocks = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM outbox_events
      WHERE type = 'question.served' AND payload->>'playId' = ${playId}`.execute(holder.stack.db);
    expect(clocks.rows[0]!.n).toBe(2);
    const second = await sql<{ servedAt: Date }>`
      SELECT served_at AS "servedAt" FROM play_questions WHERE play_id = ${playId} AND position = 1`.execute(
      holder.stack.db,
    );
    expect(second.rows[0]!.servedAt.getTime()).toBeLessThanOrEqual(lostAt);
    expect(await timerSeconds(page)).toBeGreaterThan(160);

    await answerToTheEnd(page, 1, playId);
    const count = (call: string) => calls.filter((c) => c === call).length;
    // 15 answers (one sent twice), and only the first question asked for on its own.
    expect(count('POST /api/play-quiz/question/submit-answer')).toBe(16);
    expect(count('GET /api/play-quiz/question')).toBe(1);
    expect((await answerAt(holder.stack, playId, 14))?.outcome).toBe('ANSWERED');
    await context.close();
  }, 120_000);
});

describe('honest about time and keys', () => {
  it('an answer still offline after the deadline plus grace is reported as not counted, and the contest moves on', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    await openContestRules(page);
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    const playId = (await latestPlay(holder.stack, 'CONTEST')).id;
    await sql`UPDATE play_questions SET deadline_at = now() + interval '4 seconds'
      WHERE play_id = ${playId} AND position = 0`.execute(holder.stack.db);
    await page.reload();
    await waitForQuestion(page, 0);
    await answerOffline(context, page);
    await expect
      .poll(() => answerStatus(page), { timeout: 30_000 })
      .toContain('Time ran out before your answer reached us');
    await context.setOffline(false);
    await waitForQuestion(page, 1);
    expect(await answerStatus(page)).toContain('counts as not answered');
    expect((await answerAt(holder.stack, playId, 0))?.outcome).toBe('NO_ANSWER');
    expect(await outboxKeys(page)).toEqual([]);
    await context.close();
  }, 90_000);

  it('practice by keyboard: arrow keys choose without revealing, Check reveals, the focus stays on the option', async () => {
    const phaseId = await demoPhaseId(holder.stack);
    await setFlags(holder.stack.db, { isPracticeQuizEnabled: true, practiceQuizPhase: phaseId });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    await page.getByTestId('practice-quizzes').getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    // Move on to a single-choice question (open-ended ones have no options).
    for (let guard = 0; guard < 6 && (await page.getByTestId('quiz-option').count()) < 2; guard += 1) {
      const qno = qnoOf(page);
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
      await page.getByTestId('quiz-explanation').waitFor();
      await page.getByTestId('quiz-submit').click();
      await waitForQuestion(page, qno + 1);
    }
    const options = page.getByTestId('quiz-option');
    expect(await options.count()).toBeGreaterThan(1);
    await options.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(1).isChecked()).toBe(true);
    expect(await page.locator('[data-mark]').count()).toBe(0);
    expect(await page.getByTestId('quiz-submit').textContent()).toBe('Check');
    await page.getByTestId('quiz-submit').click();
    await page.getByTestId('quiz-explanation').waitFor();
    expect(await page.locator('[data-mark]').count()).toBeGreaterThan(0);
    await options.nth(1).focus();
    await page.keyboard.press('ArrowUp');
    // Locked once revealed: the choice does not change and the focus is still on an option.
    await expect.poll(() => options.nth(1).isChecked()).toBe(true);
    expect(await activeTestId(page)).toBe('quiz-option');
    await context.close();
  }, 90_000);
});
