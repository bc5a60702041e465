import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayResults, StartPlayResponse } from '../../api/src/contracts/play-quiz.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { setFlags } from '../../test/helpers.js';
import { horizontalOverflow } from './pages.js';
import { openDemoContest, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const STUDENT_EMAIL = 'fatima.malik@example.com';
const SHOTS = process.env.QUIZ_SHOTS_DIR ?? '/tmp';

beforeEach(async () => {
  const phase = await holder.stack.db
    .selectFrom('phases')
    .select('id')
    .where('number', '=', 1)
    .executeTakeFirstOrThrow();
  await openDemoContest(holder.stack, { isPracticeQuizEnabled: true, practiceQuizPhase: phase.id });
});

async function signInAsStudent(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(STUDENT_EMAIL);
  await page.getByTestId('login-password').fill(DEMO_STUDENT_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-home').waitFor();
}

const qnoOf = (page: Page) => Number(new URL(page.url()).searchParams.get('qno'));

async function waitForQuestion(page: Page, qno: number) {
  await page.waitForURL((url) => url.pathname === '/quiz' && url.searchParams.get('qno') === String(qno));
  await page.getByTestId('question-screen').waitFor();
  await expect
    .poll(() => page.getByTestId('question-number').textContent())
    .toContain(`Question ${qno + 1} of`);
}

/** Chooses the first option, or types an answer to an Open Ended question. */
async function chooseSomething(page: Page) {
  const options = page.getByTestId('quiz-option');
  if ((await options.count()) > 0) {
    await options.first().click();
  } else {
    await page.getByTestId('open-answer').fill('7');
  }
}

/** A screenshot once web fonts (KaTeX's) have loaded. */
async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `${SHOTS}/${name}`, fullPage });
}

/** In-app navigation: a reload right after logging in could beat the encrypted session write. */
const openFromNav = (page: Page, name: 'Practice quiz' | 'Contest quiz') =>
  page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name, exact: true }).click();

async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('quiz-timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

async function openPlay(kind: 'CONTEST' | 'PRACTICE') {
  return holder.stack.db
    .selectFrom('plays')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('startedAt', 'desc')
    .executeTakeFirstOrThrow();
}

describe('signed-in student', () => {
  it('keeps the session when the stored one is gone, through the refresh cookie', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
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
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsStudent(page);

    await openFromNav(page, 'Practice quiz');
    await page.getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-guidelines').waitFor();
    await expect
      .poll(() => page.getByTestId('quiz-rules').textContent())
      .toContain('15 multiple-choice questions per attempt.');
    await shot(page, 'quiz-guidelines-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
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
        await shot(page, 'quiz-practice-feedback-360.png');
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      }
      await expect.poll(() => page.getByTestId('quiz-submit').textContent()).toBe('Next');
      await page.getByTestId('quiz-submit').click();
      await waitForQuestion(page, qno + 1);
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
    await shot(page, 'quiz-question-desktop.png', false);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByTestId('quiz-stop').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to stop the quiz?');
    await dialog.getByTestId('confirm-action').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect((await openPlay('PRACTICE')).status).toBe('CANCELLED');
    // The stopped play's timers are gone from the device.
    const timers = await page.evaluate(() =>
      Object.keys(window.localStorage).filter((key) => key.startsWith('riyazi-quiz-timer:')),
    );
    expect(timers).toEqual([]);
    await context.close();
  });

  it('contest: uses an attempt, survives a reload and a lost connection, auto-submits at 0 and ends on the results', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsStudent(page);
    const { db } = holder.stack;

    await page.getByTestId('contest-quizzes').waitFor();
    await shot(page, 'quiz-dashboard-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await openFromNav(page, 'Contest quiz');
    await page.getByTestId('contest-quiz-page').waitFor();
    await expect.poll(() => page.getByTestId('quiz-attempts-left').first().textContent()).toBe('2');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('quiz-start-link').first().click();
    await expect.poll(() => page.getByTestId('attempts-left').textContent()).toContain('2');
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    expect(new URL(page.url()).searchParams.get('code')).toBe('contest');
    // A contest cannot be paused or stopped.
    expect(await page.getByTestId('quiz-pause').count()).toBe(0);
    expect(await page.getByTestId('quiz-stop').count()).toBe(0);
    // Submit waits for an answer while time remains.
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);

    for (const qno of [0, 1]) {
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
      await waitForQuestion(page, qno + 1);
    }
    await shot(page, 'quiz-question-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The attempt was used on start: 2 → 1; the open play is offered to resume.
    await page.goto('/contest-quiz');
    await expect.poll(() => page.getByTestId('quiz-attempts-left').first().textContent()).toBe('1');
    await page.getByTestId('quiz-resume-play').click();
    await waitForQuestion(page, 2);

    // The server's clock started a minute earlier: a reload shows at most 2:00, never a fresh 3:00.
    const play = await openPlay('CONTEST');
    await sql`UPDATE play_questions SET served_at = served_at - interval '60 seconds',
      deadline_at = deadline_at - interval '60 seconds' WHERE play_id = ${play.id} AND position = 2`.execute(
      db,
    );
    await page.reload();
    await waitForQuestion(page, 2);
    await expect.poll(() => timerSeconds(page)).toBeLessThanOrEqual(120);
    expect(await timerSeconds(page)).toBeGreaterThan(100);

    // A lost connection: the answer is kept and resent until the server acknowledges it.
    await page.route('**/api/play-quiz/question/submit-answer', (route) =>
      route.abort('internetdisconnected'),
    );
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await expect
      .poll(() => page.getByTestId('answer-status').textContent())
      .toContain('No connection — we will send it');
    expect(qnoOf(page)).toBe(2);
    await page.unroute('**/api/play-quiz/question/submit-answer');
    await waitForQuestion(page, 3);

    // Left to expire: the current selection is sent by itself at 0.
    await sql`UPDATE play_questions SET deadline_at = now() + interval '13 seconds'
      WHERE play_id = ${play.id} AND position = 3`.execute(db);
    await page.reload();
    await waitForQuestion(page, 3);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(13);
    await chooseSomething(page);
    // Screen readers hear the 10-second mark (aria-live polite).
    await expect
      .poll(() => page.getByTestId('timer-announcement').textContent(), { timeout: 8000 })
      .toBe('10 seconds left');
    expect(await page.getByTestId('timer-announcement').getAttribute('aria-live')).toBe('polite');
    await page.waitForURL((url) => url.searchParams.get('qno') === '4', { timeout: 20_000 });
    await waitForQuestion(page, 4);
    const expired = await db
      .selectFrom('playAnswers')
      .innerJoin('playQuestions', (join) =>
        join
          .onRef('playQuestions.playId', '=', 'playAnswers.playId')
          .onRef('playQuestions.questionId', '=', 'playAnswers.questionId'),
      )
      .select(['playAnswers.outcome'])
      .where('playAnswers.playId', '=', play.id)
      .where('playQuestions.position', '=', 3)
      .executeTakeFirstOrThrow();
    expect(expired.outcome).toBe('ANSWERED');

    for (let qno = 4; qno < 15; qno += 1) {
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
      if (qno < 14) {
        await waitForQuestion(page, qno + 1);
      }
    }
    await page.waitForURL(
      (url) => url.pathname === '/quiz-results' && url.searchParams.get('pid') === play.id,
    );
    await page.getByTestId('results-score').waitFor();
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
    await shot(page, 'quiz-results-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const timers = await page.evaluate(() =>
      Object.keys(window.localStorage).filter((key) => key.startsWith('riyazi-quiz-timer:')),
    );
    expect(timers).toEqual([]);
    await context.close();
  }, 150_000);

  it('a contest with an incomplete profile sends the student to /profile/edit; signed out, the quiz asks to log in', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto('/quiz?started=true&code=guidelines');
    await page.waitForURL((url) => url.pathname === '/login');

    await sql`UPDATE students SET school_name = NULL WHERE email = ${STUDENT_EMAIL}`.execute(holder.stack.db);
    await page.getByTestId('login-email').fill(STUDENT_EMAIL);
    await page.getByTestId('login-password').fill(DEMO_STUDENT_PASSWORD);
    await page.getByTestId('login-submit').click();
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
      .where('email', '=', STUDENT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(attempts.contestAttempts).toBe(2);
    await context.close();
  });
});

/** The correct options, or an accepted answer of an open-ended question. */
async function rightAnswer(questionId: string): Promise<string[]> {
  const { db } = holder.stack;
  const question = await db
    .selectFrom('questions')
    .select(['type', 'acceptedAnswers'])
    .where('id', '=', questionId)
    .executeTakeFirstOrThrow();
  if (question.type !== 'MCQS') {
    return [question.acceptedAnswers[0]!];
  }
  const options = await db
    .selectFrom('questionOptions')
    .select('id')
    .where('questionId', '=', questionId)
    .where('isCorrect', '=', true)
    .execute();
  return options.map((o) => o.id);
}

/** A contest play finished through the api (first three answers right) and scored by the workers. */
async function finishContestPlay(): Promise<string> {
  const { app, db } = holder.stack;
  const login = await app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email: STUDENT_EMAIL, password: DEMO_STUDENT_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
  const quiz = await db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .innerJoin('grades', 'grades.id', 'quizGrades.gradeId')
    .select('quizzes.id')
    .where('grades.title', '=', 'Grade 3')
    .where('quizzes.kind', '=', 'CONTEST')
    .executeTakeFirstOrThrow();
  const started = await app.inject({
    method: 'POST',
    url: '/api/play-quiz/',
    headers,
    payload: { quizId: quiz.id, type: 'CONTEST' },
  });
  const { play } = started.json<StartPlayResponse>();
  for (const [index, { _id: questionId }] of play.questions.entries()) {
    await app.inject({
      method: 'GET',
      url: `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`,
      headers,
    });
    const answers = index < 3 ? await rightAnswer(questionId) : [];
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/play-quiz/question/submit-answer',
      headers,
      payload: { playId: play._id, questionId, answers, timeTaken: 1000 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  await expect
    .poll(
      async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/play-quiz/results',
            headers,
            payload: { playId: play._id },
          })
        ).json<PlayResults>().play.pending,
      { timeout: 20_000 },
    )
    .toBe(false);
  return play._id;
}

describe('contest results', () => {
  it('show the total and the counts while the contest is open, and each answer once it is over', async () => {
    const playId = await finishContestPlay();
    const finished = await holder.stack.db
      .selectFrom('plays')
      .select(['score', 'correctCount'])
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsStudent(page);
    await page.goto(`/quiz-results?pid=${playId}`);
    await page.getByTestId('results-score').waitFor();
    expect(await page.getByTestId('results-score').textContent()).toBe(Number(finished.score).toFixed(2));
    expect(await page.getByTestId('results-correct').textContent()).toBe(`${finished.correctCount} of 15`);
    const answered = Number((await page.getByTestId('results-answered').textContent())?.split(' ')[0]);
    expect(answered).toBeGreaterThanOrEqual(finished.correctCount);
    expect(await page.getByTestId('results-answers-later').textContent()).toContain(
      'we show which answers were right once the contest is over',
    );
    const outcomes = (await page.getByTestId('results-outcomes').textContent()) ?? '';
    expect(outcomes).not.toMatch(/correct|wrong|[✓✗]/);
    expect(await page.getByTestId('results-review').count()).toBe(0);
    await shot(page, 'quiz-results-open-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'quiz-results-open-1366.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Switching the contest off is a pause: the answers stay hidden until its phase is closed.
    const { phaseId } = await holder.stack.db
      .selectFrom('plays')
      .select('phaseId')
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    await setFlags(holder.stack.db, { isContestQuizEnabled: false, contestQuizPhase: phaseId });
    await page.reload();
    await page.getByTestId('results-answers-later').waitFor();
    await holder.stack.db.updateTable('phases').set({ status: 'CLOSED' }).where('id', '=', phaseId).execute();
    await page.reload();
    await page.getByTestId('results-review').waitFor();
    expect(await page.getByTestId('results-answers-later').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('results-outcomes').locator('.quiz-outcome--correct').count())
      .toBe(finished.correctCount);
    await shot(page, 'quiz-results-closed-1366.png');
    await context.close();
  });
});
