import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type HomeLeaderboard, rooms } from '@riyazi/api/contracts';
import type { Page, WebSocketRoute } from 'playwright-core';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { recomputeStandings } from '../../api/src/modules/rankings/rankings.service.js';
import { endPhaseContest, makePlay, seededStudentId, setFlags } from '../../test/helpers.js';
import { type Contest, contestOfGrade3 } from './demo-data.js';
import { horizontalOverflow, signInAsStudent } from './pages.js';
import { type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const SHOTS = process.env.BOARD_SHOTS_DIR ?? '/tmp/riyazi-board-screens';
mkdirSync(SHOTS, { recursive: true });

/**
 * A finished contest play (of a demo student, or of a new grade 3 student "Test Student"),
 * announced to the ranking worker as the scorer does.
 */
async function finishPlay(stack: Stack, contest: Contest, email: string | null, score: number) {
  const studentId = email ? await seededStudentId(stack.db, email) : null;
  const play = await makePlay(stack.db, {
    ...contest,
    ...(studentId ? { studentId } : {}),
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
    // The board says how old it is (a read replica may hold it a few seconds behind), small, on one line.
    await expect.poll(() => phone.getByTestId('board-age').textContent()).toMatch(/^Updated /);
    await phone.screenshot({ path: `${SHOTS}/home-leaderboard-360.png`, fullPage: true });
    await desktop.context().close();
    await phone.context().close();

    const urdu = await stack.newContext({ width: 360, height: 780 });
    await urdu.addInitScript(() =>
      window.localStorage.setItem('riyazi:language', JSON.stringify({ language: 'ur', chosen: true })),
    );
    const urduPhone = await urdu.newPage();
    await urduPhone.goto('/');
    await expect.poll(() => urduPhone.getByTestId('board-age').textContent()).toContain('تازہ کیا گیا');
    expect(await horizontalOverflow(urduPhone)).toBe(0);
    await urduPhone.screenshot({ path: `${SHOTS}/home-leaderboard-360-ur.png`, fullPage: true });
    await urdu.close();
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

    // Champions come from phases whose results are out: the contest ends (and reopens after the test).
    const before = await stack.db
      .selectFrom('phases')
      .select(['status', 'closedAt', 'resultsReleaseAt'])
      .where('id', '=', contest.phaseId)
      .executeTakeFirstOrThrow();
    onTestFinished(async () => {
      await stack.db.updateTable('phases').set(before).where('id', '=', contest.phaseId).execute();
    });
    await endPhaseContest(stack.db, contest.phaseId);
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
    await signInAsStudent(page);
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

describe('a page that loses its socket', () => {
  it('shows the board that changed meanwhile once the socket is back, without a reload', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    await finishPlay(stack, contest, 'fatima.malik@example.com', 9.5);
    const room = rooms.leaderboard(contest.phaseId, contest.gradeId);
    const watchers = async () => (await stack.app.io.in(room).fetchSockets()).length;
    await expect
      .poll(async () => (await stack.db.selectFrom('phaseStandings').select('rank').execute()).length, {
        timeout: 15_000,
      })
      .toBe(1);

    const page = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    // The page's socket goes through these routes, so the test can cut it and keep it out.
    let offline = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (offline) {
        void ws.close();
        return;
      }
      sockets.push(ws);
      ws.connectToServer();
    });
    await page.route(/\/socket\.io\//, (route) => (offline ? route.abort() : route.continue()));
    await page.goto('/');
    await expect.poll(() => firstRow(page).textContent(), { timeout: 15_000 }).toContain('Fatima M.');
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(watchers, { timeout: 15_000 }).toBe(1);

    offline = true;
    for (const ws of sockets.splice(0)) {
      await ws.close();
    }
    await expect.poll(watchers, { timeout: 15_000 }).toBe(0);

    // Meanwhile a better play is ranked; no push reaches the page (only a resync can bring it).
    await makePlay(stack.db, { ...contest, score: 14.25, answers: [] });
    await recomputeStandings(stack.db, contest.phaseId, contest.gradeId);
    // The api caches the home board for a second per node: the resync reads it once that has passed.
    const homeLeader = async () => {
      const home = (await (await fetch(`${stack.baseUrl}/api/leaderboard/home`)).json()) as HomeLeaderboard;
      return home.grades.find((g) => g.gradeId === contest.gradeId)?.board.entries[0]?.name;
    };
    await expect.poll(homeLeader, { timeout: 15_000 }).toBe('Test S.');
    expect(await firstRow(page).textContent()).toContain('Fatima M.');

    offline = false;
    await expect.poll(watchers, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => firstRow(page).textContent(), { timeout: 15_000 }).toContain('Test S.');
    expect(await page.getByTestId('leaderboard-row').count()).toBe(2);
    expect(navigations).toBe(0);
    await page.context().close();
  });
});

describe('the dashboard', () => {
  it('shows what comes next and what just ended as the nextPhase and previousPhase flags say', async () => {
    const { stack } = holder;
    const phases = await stack.db
      .selectFrom('phases')
      .select(['id', 'number', 'startsAt', 'endsAt'])
      .execute();
    const phase = (n: number) => phases.find((p) => p.number === n)!;
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Karachi',
    });
    const page = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    await signInAsStudent(page);
    await page.getByTestId('my-rank').waitFor();
    expect(await page.getByTestId('next-phase').count()).toBe(0);
    expect(await page.getByTestId('previous-phase').count()).toBe(0);

    // Phase 1 ended, its results out, and Fatima is within its cut: she is told she moves on.
    await endPhaseContest(stack.db, phase(1).id);
    await stack.db
      .insertInto('phaseStandings')
      .values({
        phaseId: phase(1).id,
        gradeId: (await contestOfGrade3(stack)).gradeId,
        studentId: (
          await stack.db
            .selectFrom('students')
            .select('id')
            .where('email', '=', 'fatima.malik@example.com')
            .executeTakeFirstOrThrow()
        ).id,
        playId: randomUUID(),
        score: 9.5,
        totalTimeMs: 200_000,
        finishedAt: new Date(),
        rank: 7,
      })
      .execute();
    await setFlags(stack.db, {
      isLeaderBoardDisplayed: true,
      isContestQuizEnabled: true,
      contestQuizPhase: phase(1).id,
      nextPhase: phase(2).id,
      previousPhase: phase(1).id,
    });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('next-phase').textContent(), { timeout: 15_000 })
      .toBe(
        `Next: Phase 2 — Semi-final, from ${day.format(phase(2).startsAt)}. Well done: you qualified for it!`,
      );
    expect(await page.getByTestId('previous-phase').textContent()).toBe(
      `Phase 1 — Qualifier ended on ${day.format(phase(1).endsAt)}.`,
    );
    // Her standing was written after the grade's last ranking: no "of 0" beside her rank.
    expect(await page.getByTestId('my-rank').textContent()).toContain('Rank 7 in your grade');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/dashboard-phases-360.png`, fullPage: true });
    await page.context().close();
  });
});
