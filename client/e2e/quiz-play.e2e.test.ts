import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_STUDENT_EMAIL,
  horizontalOverflow,
  openPage,
  PHONE,
  signInAsStudent,
  submitStudentLogin,
} from './pages.js';
import {
  answerAt,
  answerToTheEnd,
  chooseSomething,
  expectQuestionNumber,
  latestPlay,
  qnoOf,
  quizShot,
  SUBMIT_ANSWER,
  timerKeys,
  timerSeconds,
  waitForQuestion,
} from './quiz-steps.js';
import { openDemoContestAndPractice, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(async () => {
  await openDemoContestAndPractice(holder.stack);
});

/** Question `qno`, its heading read as "Question n of …". */
async function waitForNumberedQuestion(page: Page, qno: number) {
  await waitForQuestion(page, qno);
  await expectQuestionNumber(page, qno);
}

/** In-app navigation: a reload right after logging in could beat the encrypted session write. */
const openFromNav = (page: Page, name: 'Practice quiz' | 'Contest quiz') =>
  page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name, exact: true }).click();

describe('signed-in student', () => {
  it('keeps the session when the stored one is gone, through the refresh cookie', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    // The next load starts with empty storage (cleared, or a reload that beat the encrypted
    // session write); the refresh cookie remains.
    await context.addInitScript(() => window.localStorage.clear());
    await page.goto('/contest-quiz');
    await page.getByRole('heading', { name: 'Contest quiz' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contest-quiz');
    await context.close();
  });
});

describe('playing a quiz', () => {
  it('practice: rules, feedback with the explanation, pause and resume, then stop via the dialog', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);

    await openFromNav(page, 'Practice quiz');
    await page.getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-guidelines').waitFor();
    await expect
      .poll(() => page.getByTestId('quiz-rules').textContent())
      // Grade 3's practice pool holds typed-answer questions beside multiple-choice ones.
      .toContain(
        '15 questions per attempt: choose the right option, or type the answer where there are no options.',
      );
    await quizShot(page, 'quiz-guidelines-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('quiz-start').click();
    await waitForNumberedQuestion(page, 0);
    expect(new URL(page.url()).searchParams.get('code')).toBe('practice');

    // Answer until a multiple-choice question shows its feedback.
    let feedbackSeen = false;
    for (let guard = 0; guard < 5 && !feedbackSeen; guard += 1) {
      const qno = qnoOf(page);
      const options = page.getByTestId('quiz-option');
      if ((await options.count()) === 0) {
        await page.getByTestId('open-answer').fill('7');
        await page.getByTestId('quiz-submit').click(); // Check
        await page.getByTestId('quiz-explanation').waitFor();
      } else {
        // Pick options one by one until as many are chosen as there are right answers.
        for (let i = 0; (await page.locator('[data-mark]').count()) === 0; i += 1) {
          await options.nth(i).click();
        }
        expect(await page.locator('[data-mark="correct"], [data-mark="missed"]').count()).toBeGreaterThan(0);
        // The demo questions all carry an explanation text.
        await expect.poll(() => page.getByTestId('quiz-explanation').textContent()).toContain('Explanation');
        // Once revealed, the options are locked, yet still focusable (aria-disabled, not disabled).
        expect(await options.first().getAttribute('aria-disabled')).toBe('true');
        feedbackSeen = true;
        await quizShot(page, 'quiz-practice-feedback-360.png');
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      }
      await expect.poll(() => page.getByTestId('quiz-submit').textContent()).toBe('Next');
      await page.getByTestId('quiz-submit').click();
      await waitForNumberedQuestion(page, qno + 1);
    }
    expect(feedbackSeen).toBe(true);

    // Pause stops the clock and hides the question; resume continues from the same time.
    await page.getByTestId('quiz-pause').click();
    await page.getByTestId('quiz-paused').waitFor();
    const pausedAt = await timerSeconds(page);
    await page.waitForTimeout(2200);
    expect(await timerSeconds(page)).toBe(pausedAt);
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);
    // A reload keeps it paused with the stored time (spec §4).
    await page.reload();
    await page.getByTestId('quiz-paused').waitFor();
    expect(await timerSeconds(page)).toBe(pausedAt);
    await page.getByTestId('quiz-resume').click();
    await page.getByTestId('quiz-paused').waitFor({ state: 'detached' });
    await expect.poll(() => timerSeconds(page), { timeout: 5000 }).toBeLessThan(pausedAt);
    expect(pausedAt - (await timerSeconds(page))).toBeLessThanOrEqual(3);

    await page.setViewportSize({ width: 1280, height: 800 });
    await quizShot(page, 'quiz-question-desktop.png', false);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByTestId('quiz-stop').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to stop the quiz?');
    await dialog.getByTestId('confirm-action').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect((await latestPlay(holder.stack, 'PRACTICE')).status).toBe('CANCELLED');
    // The stopped play's timers are gone from the device.
    expect(await timerKeys(page)).toEqual([]);
    await context.close();
  });

  it('contest: uses an attempt, survives a reload and a lost connection, auto-submits at 0 and ends on the results', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    const { db } = holder.stack;

    await page.getByTestId('contest-quizzes').waitFor();
    await quizShot(page, 'quiz-dashboard-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await openFromNav(page, 'Contest quiz');
    await page.getByTestId('contest-quiz-page').waitFor();
    await expect.poll(() => page.getByTestId('quiz-attempts-left').first().textContent()).toBe('2');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('quiz-start-link').first().click();
    await expect.poll(() => page.getByTestId('attempts-left').textContent()).toContain('2');
    await page.getByTestId('quiz-start').click();
    await waitForNumberedQuestion(page, 0);
    expect(new URL(page.url()).searchParams.get('code')).toBe('contest');
    // A contest cannot be paused or stopped.
    expect(await page.getByTestId('quiz-pause').count()).toBe(0);
    expect(await page.getByTestId('quiz-stop').count()).toBe(0);
    // Submit waits for an answer while time remains.
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);

    for (const qno of [0, 1]) {
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
      await waitForNumberedQuestion(page, qno + 1);
    }
    await quizShot(page, 'quiz-question-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The attempt was used on start: 2 → 1; the open play is offered to resume.
    await page.goto('/contest-quiz');
    await expect.poll(() => page.getByTestId('quiz-attempts-left').first().textContent()).toBe('1');
    await page.getByTestId('quiz-resume-play').click();
    await waitForNumberedQuestion(page, 2);

    // The server's clock started a minute earlier: a reload shows at most 2:00, never a fresh 3:00.
    const play = await latestPlay(holder.stack, 'CONTEST');
    await sql`UPDATE play_questions SET served_at = served_at - interval '60 seconds',
      deadline_at = deadline_at - interval '60 seconds' WHERE play_id = ${play.id} AND position = 2`.execute(
      db,
    );
    await page.reload();
    await waitForNumberedQuestion(page, 2);
    await expect.poll(() => timerSeconds(page)).toBeLessThanOrEqual(120);
    expect(await timerSeconds(page)).toBeGreaterThan(100);

    // A lost connection: the answer is kept and resent until the server acknowledges it.
    await page.route(SUBMIT_ANSWER, (route) => route.abort('internetdisconnected'));
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await expect
      .poll(() => page.getByTestId('answer-status').textContent())
      .toContain('No connection — we will send it');
    expect(qnoOf(page)).toBe(2);
    await page.unroute(SUBMIT_ANSWER);
    await waitForNumberedQuestion(page, 3);

    // Left to expire: the current selection is sent by itself at 0.
    await sql`UPDATE play_questions SET deadline_at = now() + interval '13 seconds'
      WHERE play_id = ${play.id} AND position = 3`.execute(db);
    await page.reload();
    await waitForNumberedQuestion(page, 3);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(13);
    await chooseSomething(page);
    // Screen readers hear the 10-second mark (aria-live polite).
    await expect
      .poll(() => page.getByTestId('timer-announcement').textContent(), { timeout: 8000 })
      .toBe('10 seconds left');
    expect(await page.getByTestId('timer-announcement').getAttribute('aria-live')).toBe('polite');
    await page.waitForURL((url) => url.searchParams.get('qno') === '4', { timeout: 20_000 });
    await waitForNumberedQuestion(page, 4);
    expect((await answerAt(holder.stack, play.id, 3))?.outcome).toBe('ANSWERED');

    await answerToTheEnd(page, 4, play.id, waitForNumberedQuestion);
    const finished = await db
      .selectFrom('plays')
      .select(['score', 'correctCount', 'status'])
      .where('id', '=', play.id)
      .executeTakeFirstOrThrow();
    expect(finished.status).toBe('FINISHED');
    expect(await page.getByTestId('results-score').textContent()).toBe(Number(finished.score).toFixed(2));
    expect(await page.getByTestId('results-correct').textContent()).toBe(`${finished.correctCount} of 15`);
    expect(await page.getByTestId('results-outcomes').locator('li').count()).toBe(15);
    // The contest is still running: its answers stay hidden.
    await expect
      .poll(() => page.getByTestId('results-answers-later').textContent())
      .toContain('once the contest is over');
    expect(await page.getByTestId('results-review').count()).toBe(0);
    await quizShot(page, 'quiz-results-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await timerKeys(page)).toEqual([]);
    await context.close();
  }, 150_000);

  it('a contest with an incomplete profile sends the student to /profile/edit; signed out, the quiz asks to log in', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await page.goto('/quiz?started=true&code=guidelines');
    await page.waitForURL((url) => url.pathname === '/login');

    await sql`UPDATE students SET school_name = NULL WHERE email = ${DEMO_STUDENT_EMAIL}`.execute(
      holder.stack.db,
    );
    await submitStudentLogin(page);
    // Back where the student was going.
    await page.waitForURL((url) => url.pathname === '/quiz' && url.searchParams.get('code') === 'guidelines');
    // In-app navigation (a reload this early could beat the encrypted session write).
    await page.getByRole('link', { name: 'Leave quiz' }).click();
    await page.getByTestId('dashboard-home').waitFor();
    await page.getByTestId('contest-quizzes').getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-start').click();
    await page.waitForURL((url) => url.pathname === '/profile/edit');
    const attempts = await holder.stack.db
      .selectFrom('students')
      .select('contestAttempts')
      .where('email', '=', DEMO_STUDENT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(attempts.contestAttempts).toBe(2);
    await context.close();
  });
});
