import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { makePlay, setFlags } from '../../test/helpers.js';
import { horizontalOverflow } from './pages.js';
import { type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const SHOTS = process.env.BOARD_SHOTS_DIR ?? '/tmp/riyazi-board-screens';
mkdirSync(SHOTS, { recursive: true });

interface Contest {
  phaseId: string;
  gradeId: string;
  quizId: string;
}

async function contestOfGrade3(stack: Stack): Promise<Contest> {
  const { db } = stack;
  const phase = await db.selectFrom('phases').select('id').where('number', '=', 1).executeTakeFirstOrThrow();
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('title', '=', 'Grade 3')
    .executeTakeFirstOrThrow();
  const quiz = await db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select('quizzes.id')
    .where('quizGrades.gradeId', '=', grade.id)
    .where('quizzes.kind', '=', 'CONTEST')
    .executeTakeFirstOrThrow();
  return { phaseId: phase.id, gradeId: grade.id, quizId: quiz.id };
}

/**
 * A finished contest play (of a demo student, or of a new grade 3 student "Test Student"),
 * announced to the ranking worker as the scorer does.
 */
async function finishPlay(stack: Stack, contest: Contest, email: string | null, score: number) {
  const student = email
    ? await stack.db.selectFrom('students').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    : null;
  const play = await makePlay(stack.db, {
    ...contest,
    ...(student ? { studentId: student.id } : {}),
    score,
    answers: [],
  });
  const eventId = randomUUID();
  await stack.queues.ranking.add(
    'play.finished',
    { eventId, playId: play.id, phaseId: contest.phaseId, gradeId: contest.gradeId, kind: 'CONTEST' },
    { jobId: eventId },
  );
}

const firstRow = (page: Page) => page.getByTestId('leaderboard-row').first();

beforeEach(async () => {
  const contest = await contestOfGrade3(holder.stack);
  await setFlags(holder.stack.db, {
    isLeaderBoardDisplayed: true,
    isEmptyLeaderBoardDisplayed: false,
    isContestQuizEnabled: true,
    contestQuizPhase: contest.phaseId,
  });
});

describe('live leaderboards', () => {
  it('a finished play reaches a second browser without a reload', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    await finishPlay(stack, contest, 'fatima.malik@example.com', 9.5);
    await expect
      .poll(async () => (await stack.db.selectFrom('phaseStandings').select('rank').execute()).length, {
        timeout: 15_000,
      })
      .toBe(1);

    const desktop = await (await stack.newContext()).newPage();
    const phone = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    for (const page of [desktop, phone]) {
      await page.goto('/');
      await page.getByTestId('leaderboard-section').waitFor();
      await expect.poll(() => firstRow(page).textContent(), { timeout: 15_000 }).toContain('Fatima M.');
    }
    // Sockets connect when the browser is idle; give them a moment to join the room.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // A better score elsewhere: both boards move without a reload.
    const navigations = { desktop: 0, phone: 0 };
    desktop.on('framenavigated', () => (navigations.desktop += 1));
    phone.on('framenavigated', () => (navigations.phone += 1));
    await finishPlay(stack, contest, null, 14.25);
    for (const page of [desktop, phone]) {
      await expect.poll(() => firstRow(page).textContent(), { timeout: 15_000 }).toContain('Test S.');
      expect(await page.getByTestId('leaderboard-row').count()).toBe(2);
    }
    expect(navigations).toEqual({ desktop: 0, phone: 0 });
    expect(await horizontalOverflow(phone)).toBe(0);
    await phone.screenshot({ path: `${SHOTS}/home-leaderboard-360.png`, fullPage: true });
    await desktop.context().close();
    await phone.context().close();
  });

  it('the champions board shows winners and updates live when one is added', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    const student = await stack.db
      .selectFrom('students')
      .select(['id'])
      .where('email', '=', 'fatima.malik@example.com')
      .executeTakeFirstOrThrow();
    const page = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    await page.goto('/champions-board');
    await page.getByTestId('champions-empty').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1500));

    await stack.db
      .insertInto('phaseWinners')
      .values({
        phaseId: contest.phaseId,
        gradeId: contest.gradeId,
        studentId: student.id,
        position: 1,
        method: 'MANUAL',
      })
      .execute();
    // Winners are added through the api, which announces them; here the announcement is sent directly.
    const eventId = randomUUID();
    await stack.queues.broadcast.add(
      'champions.updated',
      { eventId, updatedAt: new Date().toISOString() },
      { jobId: eventId },
    );
    await expect.poll(() => page.getByTestId('champion').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('champion').textContent()).toContain('Fatima M.');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/champions-360.png`, fullPage: true });
    await page.context().close();
    // On a projector in a hall.
    const hall = await (await stack.newContext({ width: 1920, height: 1080 })).newPage();
    await hall.goto('/champions-board');
    await hall.getByTestId('champion').waitFor();
    await hall.getByTestId('champions-screen').click();
    await hall.waitForURL((url) => url.searchParams.get('screen') === '1');
    expect(await horizontalOverflow(hall)).toBe(0);
    await hall.screenshot({ path: `${SHOTS}/champions-1920.png` });
    await hall.context().close();
  });

  it('a student sees their rank on the dashboard once their contest is ranked', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    const page = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    await page.goto('/login');
    await page.getByTestId('login-email').fill('fatima.malik@example.com');
    await page.getByTestId('login-password').fill(DEMO_STUDENT_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard-home').waitFor();
    await expect.poll(() => page.getByTestId('my-rank').textContent()).toContain('Not ranked yet');

    await finishPlay(stack, contest, 'fatima.malik@example.com', 9.5);
    await expect
      .poll(async () => (await stack.db.selectFrom('phaseStandings').select('rank').execute()).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('my-rank').textContent()).toContain('Rank 1 of 1');
    expect(await page.getByTestId('my-rank').textContent()).toContain('9.50');
    await page.context().close();
  });
});
