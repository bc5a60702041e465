import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { expireOverdueQuestions } from '../../api/src/modules/play-quiz/play-scoring.js';
import { makePlay, seededGradeId, seededQuizId, seededStudentId, setFlags } from '../../test/helpers.js';
import { type Contest, contestOfGrade3, demoPhaseId } from './demo-data.js';
import {
  DEMO_STUDENT_EMAIL,
  DESKTOP,
  expectFits,
  horizontalOverflow,
  PHONE,
  screenshotFor,
  signInAsStudent,
} from './pages.js';
import {
  chooseSomething,
  latestPlay,
  openContestRules,
  timerSeconds,
  waitForQuestion,
} from './quiz-steps.js';
import { openDemoContestAndPractice, type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(async () => {
  await openDemoContestAndPractice(holder.stack);
});

/** A finished contest play, ranked as the scorer announces it; waits for the standing. */
async function rankedPlay(
  stack: Stack,
  contest: Contest,
  options: { email?: string; score: number; timeMs?: number },
): Promise<string> {
  const studentId = options.email ? await seededStudentId(stack.db, options.email) : undefined;
  const question = await stack.db
    .selectFrom('questions')
    .select('id')
    .where('gradeId', '=', contest.gradeId)
    .executeTakeFirstOrThrow();
  const play = await makePlay(stack.db, {
    ...contest,
    ...(studentId ? { studentId } : {}),
    score: options.score,
    answers: [{ questionId: question.id, timeTakenMs: options.timeMs ?? 10_000, isCorrect: true }],
  });
  const eventId = randomUUID();
  await stack.queues.ranking.add(
    'play.finished',
    { eventId, playId: play.id, phaseId: contest.phaseId, gradeId: contest.gradeId, kind: 'CONTEST' },
    { jobId: eventId },
  );
  await expect
    .poll(
      async () =>
        (await stack.db.selectFrom('phaseStandings').select('playId').where('playId', '=', play.id).execute())
          .length,
      { timeout: 15_000 },
    )
    .toBe(1);
  return play.id;
}

async function contestOf(stack: Stack, grade: string): Promise<Contest> {
  const gradeId = await seededGradeId(stack.db, grade);
  return {
    phaseId: await demoPhaseId(stack),
    gradeId,
    quizId: await seededQuizId(stack.db, gradeId, 'CONTEST'),
  };
}

/** A context whose child reads Urdu (remembered on the device, as the language switch does). */
async function urduContext(width: number, height: number): Promise<BrowserContext> {
  const context = await holder.stack.newContext({ width, height });
  await context.addInitScript(() => {
    window.localStorage.setItem('riyazi:language', JSON.stringify({ language: 'ur', chosen: true }));
  });
  return context;
}

/** The selected grade tab of the home board. */
const selectedGrade = (page: Page) =>
  page.getByTestId('leaderboard-section').getByRole('tab', { selected: true }).textContent();

/** Opens the home page signed in: waits until the header offers the dashboard (the session is restored). */
async function openHomeSignedIn(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();
}

describe('issue #20: what a student sees of the contest', () => {
  it('the home board opens on the signed-in student’s own grade; signed out, on the first grade with results', async () => {
    const { stack } = holder;
    await setFlags(stack.db, {
      isLeaderBoardDisplayed: true,
      isContestQuizEnabled: true,
      contestQuizPhase: await demoPhaseId(stack),
    });
    await rankedPlay(stack, await contestOf(stack, 'Grade 2'), { score: 5 });

    const signedOut = await stack.newContext(PHONE);
    const outPage = await signedOut.newPage();
    await outPage.goto('/');
    await expect.poll(() => selectedGrade(outPage), { timeout: 15_000 }).toBe('Grade 2');
    await signedOut.close();

    const context = await stack.newContext(PHONE);
    const page = await context.newPage();
    await signInAsStudent(page); // Fatima, grade 3
    await openHomeSignedIn(page);
    // Signed in, the hero leads to the dashboard instead of offering to log in again.
    await page.getByRole('main').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await expect.poll(() => selectedGrade(page), { timeout: 15_000 }).toBe('Grade 3');
    await page.getByTestId('leaderboard-section').getByRole('tab', { name: 'Grade 2' }).click();
    await expect.poll(() => selectedGrade(page)).toBe('Grade 2');
    await page.getByTestId('leaderboard-row').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();

    // A grade 9 student on a phone: their grade's tab, last in the row, is scrolled into sight.
    const usman = await stack.newContext(PHONE);
    const usmanPage = await usman.newPage();
    await signInAsStudent(usmanPage, 'usman.afridi@example.com');
    await openHomeSignedIn(usmanPage);
    await expect.poll(() => selectedGrade(usmanPage), { timeout: 15_000 }).toBe('Grade 9');
    const tabInSight = () =>
      usmanPage.getByRole('tablist').evaluate((list) => {
        const tab = list.querySelector('[aria-selected="true"]');
        const [outer, inner] = [list.getBoundingClientRect(), tab?.getBoundingClientRect()];
        return inner !== undefined && inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
      });
    await expect.poll(tabInSight).toBe(true);
    await screenshotFor(usmanPage, 'polish/home-board-grade9-360');
    await usman.close();
  });

  it('with both board flags on, a filled board shows alone and an empty one says "No results yet" once', async () => {
    const { stack } = holder;
    await setFlags(stack.db, {
      isLeaderBoardDisplayed: true,
      isEmptyLeaderBoardDisplayed: true,
      isContestQuizEnabled: true,
      contestQuizPhase: await demoPhaseId(stack),
    });
    const context = await stack.newContext(PHONE);
    const page = await context.newPage();
    const bodyText = async () => (await page.locator('main').textContent()) ?? '';

    // No results anywhere: one message, not a board of empty grades beside it.
    await page.goto('/');
    await page.getByTestId('leaderboard-section').waitFor();
    await expect.poll(bodyText, { timeout: 15_000 }).toContain('No results yet');
    expect((await bodyText()).split('No results yet').length - 1).toBe(1);
    expect(await page.getByTestId('leaderboard-empty-grade').count()).toBe(0);
    expect(await bodyText()).not.toContain('Live rankings will appear');
    await screenshotFor(page, 'polish/home-board-empty-360');

    // Results: the live board, and nothing says there are none.
    await rankedPlay(stack, await contestOfGrade3(stack), { email: DEMO_STUDENT_EMAIL, score: 9 });
    await page.reload();
    await expect.poll(() => page.getByTestId('leaderboard-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await bodyText()).not.toContain('No results yet');
    expect(await page.getByTestId('empty-leaderboard-section').count()).toBe(0);
    await screenshotFor(page, 'polish/home-board-filled-360');
    await context.close();
  });

  it('contest rules state this student’s attempts left and the quiz’s own question kinds and time, in English and Urdu', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    await stack.db
      .updateTable('students')
      .set({ contestAttempts: 1 })
      .where('email', '=', DEMO_STUDENT_EMAIL)
      .execute();
    await stack.db
      .updateTable('quizzes')
      .set({ secondsPerQuestion: 90 })
      .where('id', '=', contest.quizId)
      .execute();
    // The grade's contest pool holds typed-answer questions beside multiple-choice ones.
    const kinds = await sql<{ type: string }>`SELECT DISTINCT q.type FROM questions q
      JOIN question_phases qp ON qp.question_id = q.id AND qp.phase_id = ${contest.phaseId}
      WHERE q.grade_id = ${contest.gradeId} AND q.status = 'ACTIVE' AND q.tag IN ('CONTEST', 'BOTH')`.execute(
      stack.db,
    );
    expect(kinds.rows.map((r) => r.type).sort()).toEqual(['MCQS', 'OPEN_ENDED']);

    const context = await stack.newContext(PHONE);
    const page = await context.newPage();
    await signInAsStudent(page);
    await openContestRules(page);
    const rules = async () => (await page.getByTestId('quiz-rules').textContent()) ?? '';
    await expect.poll(() => page.getByTestId('attempts-left').textContent()).toContain('1');
    expect(await rules()).not.toMatch(/You have 2 attempts/);
    expect(await rules()).toContain('You have 1 attempt left.');
    expect(await rules()).not.toContain('15 multiple-choice questions');
    expect(await rules()).toContain('type the answer');
    expect(await rules()).toContain('90 seconds');
    await expectFits(page, 'polish/contest-rules-en-360');
    await context.close();

    const urdu = await urduContext(PHONE.width, PHONE.height);
    const urduPage = await urdu.newPage();
    await signInAsStudent(urduPage);
    await openContestRules(urduPage);
    const urduRules = async () => (await urduPage.getByTestId('quiz-rules').textContent()) ?? '';
    await expect.poll(urduRules).toContain('1 کوشش باقی');
    expect(await urduRules()).not.toContain('2 کوششیں');
    expect(await urduRules()).toContain('جواب لکھیں');
    expect(await urduRules()).toContain('90 سیکنڈ');
    await expectFits(urduPage, 'polish/contest-rules-ur-360');
    await urdu.close();
  });

  it('a total time reads the same on the results and on the board (6,010 ms is 0:06 on both)', async () => {
    const { stack } = holder;
    await setFlags(stack.db, {
      isLeaderBoardDisplayed: true,
      isContestQuizEnabled: true,
      contestQuizPhase: await demoPhaseId(stack),
    });
    const playId = await rankedPlay(stack, await contestOfGrade3(stack), {
      email: DEMO_STUDENT_EMAIL,
      score: 0.98,
      timeMs: 6010,
    });
    const context = await stack.newContext(PHONE);
    const page = await context.newPage();
    await signInAsStudent(page);
    await page.goto(`/quiz-results?pid=${playId}`);
    await page.getByTestId('results-time').waitFor();
    const onResults = await page.getByTestId('results-time').textContent();
    await screenshotFor(page, 'polish/results-en-360');

    await openHomeSignedIn(page);
    const row = page.getByTestId('leaderboard-row').first();
    await row.waitFor({ timeout: 15_000 });
    const onBoard = await row.locator('td').last().textContent();
    expect(onResults).toBe(onBoard);
    // Like a stopwatch: whole seconds elapsed.
    expect(onResults).toBe('0:06');
    await context.close();
  });

  it('a contest question that ran out while the tab was closed is named when the child comes back, in English and Urdu', async () => {
    const { stack } = holder;
    const context = await stack.newContext(PHONE);
    let page = await context.newPage();
    await signInAsStudent(page);
    await openContestRules(page);
    await page.getByTestId('quiz-start').click();
    for (const qno of [0, 1, 2]) {
      await waitForQuestion(page, qno);
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
    }
    await waitForQuestion(page, 3);
    await page.close();

    // Question 4's time ran out meanwhile and the deadline sweep recorded "no answer".
    const play = await latestPlay(stack, 'CONTEST');
    await sql`UPDATE play_questions SET served_at = now() - interval '200 seconds',
      deadline_at = now() - interval '20 seconds' WHERE play_id = ${play.id} AND position = 3`.execute(
      stack.db,
    );
    await sql`UPDATE plays SET clock_deadline_at = now() - interval '20 seconds' WHERE id = ${play.id}`.execute(
      stack.db,
    );
    await expireOverdueQuestions(stack.db);

    page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('contest-quizzes').getByTestId('quiz-resume-play').click();
    await waitForQuestion(page, 4);
    await expect.poll(() => page.getByTestId('ran-out-notice').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('ran-out-notice').textContent()).toContain('Question 4 ran out of time');
    await expectFits(page, 'polish/ran-out-en-360');

    // The quiz carries on: question 5 can be answered, and the notice goes with it.
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await waitForQuestion(page, 5);
    expect(await page.getByTestId('ran-out-notice').count()).toBe(0);
    await context.close();

    // The same notice in Urdu when the question before ran out.
    await sql`UPDATE play_questions SET served_at = now() - interval '200 seconds',
      deadline_at = now() - interval '20 seconds' WHERE play_id = ${play.id} AND position = 5`.execute(
      stack.db,
    );
    await sql`UPDATE plays SET clock_deadline_at = now() - interval '20 seconds' WHERE id = ${play.id}`.execute(
      stack.db,
    );
    await expireOverdueQuestions(stack.db);
    const urdu = await urduContext(PHONE.width, PHONE.height);
    const urduPage = await urdu.newPage();
    await signInAsStudent(urduPage);
    await urduPage.getByTestId('contest-quizzes').getByTestId('quiz-resume-play').click();
    await waitForQuestion(urduPage, 6);
    await expect
      .poll(() => urduPage.getByTestId('ran-out-notice').textContent(), { timeout: 10_000 })
      .toContain('سوال 6');
    await expectFits(urduPage, 'polish/ran-out-ur-360');
    await urdu.close();
  });

  it('a practice paused on one phone is still paused, with the same time, on another device', async () => {
    const { stack } = holder;
    const phone = await stack.newContext(PHONE);
    const page = await phone.newPage();
    await signInAsStudent(page);
    await page.getByTestId('practice-quizzes').getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    await page.getByTestId('quiz-pause').click();
    await page.getByTestId('quiz-paused').waitFor();
    const pausedAt = await timerSeconds(page);
    await page.waitForTimeout(3000);

    const laptop = await stack.newContext(DESKTOP);
    const other = await laptop.newPage();
    await signInAsStudent(other);
    await other.getByTestId('practice-quizzes').getByTestId('quiz-resume-play').click();
    await waitForQuestion(other, 0);
    await expect.poll(() => other.getByTestId('quiz-paused').count(), { timeout: 5000 }).toBe(1);
    expect(Math.abs((await timerSeconds(other)) - pausedAt)).toBeLessThanOrEqual(1);
    await screenshotFor(other, 'polish/practice-paused-1366');

    // Resumed there, the clock runs from the paused time; a contest cannot be paused at all.
    await other.getByTestId('quiz-resume').click();
    await other.getByTestId('quiz-paused').waitFor({ state: 'detached' });
    await expect.poll(() => timerSeconds(other), { timeout: 5000 }).toBeLessThan(pausedAt);
    expect(pausedAt - (await timerSeconds(other))).toBeLessThanOrEqual(3);
    await phone.close();
    await laptop.close();
  });

  it('the student dashboard has one card per quiz kind and a phone page far shorter than before', async () => {
    const { stack } = holder;
    const context = await stack.newContext(PHONE);
    const page = await context.newPage();
    await signInAsStudent(page);
    await page.getByTestId('contest-quizzes').waitFor();
    await page.getByTestId('practice-quizzes').waitFor();
    await page.getByTestId('phase-standing-card').waitFor();
    const headings = await page.locator('main h2').allTextContents();
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings.filter((h) => /contest/i.test(h))).toHaveLength(1);
    expect(headings.filter((h) => /practi/i.test(h))).toHaveLength(1);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(2000);
    await expectFits(page, 'polish/dashboard-en-360');
    await context.close();
  });
});
