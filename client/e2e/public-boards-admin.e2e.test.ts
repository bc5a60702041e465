import { mkdirSync } from 'node:fs';
import type { Leaderboard } from '@riyazi/api/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePlay, makeStaff, seededStudentId } from '../../test/helpers.js';
import { type Contest, contestOfGrade3 } from './demo-data.js';
import { horizontalOverflow, openPage, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, type Stack, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const SHOTS = process.env.BOARDS_ADMIN_SHOTS_DIR ?? '/tmp/riyazi-boards-admin-screens';
mkdirSync(SHOTS, { recursive: true });

const PHASES_PAGE = '/admin-a1b2c3/phase';
const CONFIG_PAGE = '/admin-a1b2c3/configurations/system';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A finished contest play, only in PostgreSQL: nothing tells the ranking worker, so a rebuild must. */
async function finishedPlay(stack: Stack, contest: Contest, score: number, email?: string) {
  const studentId = email ? await seededStudentId(stack.db, email) : undefined;
  await makePlay(stack.db, { ...contest, ...(studentId ? { studentId } : {}), score, answers: [] });
}

async function publicBoard(stack: Stack, contest: Contest): Promise<Leaderboard> {
  const url = `${stack.baseUrl}/api/leaderboard?phaseId=${contest.phaseId}&gradeId=${contest.gradeId}`;
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await response.json()) as Leaderboard;
}

const grade3Row = (page: Page) => page.getByTestId('boards-row').and(page.locator('[data-grade="Grade 3"]'));

async function rebuild(page: Page, students: number) {
  await page.getByTestId('boards-rebuild').click();
  await page.getByText(new RegExp(`Ranked ${students} students? in 1 grade in`)).waitFor();
  await expect.poll(() => grade3Row(page).getByTestId('boards-ranked').textContent()).toBe(String(students));
}

async function confirmDialog(page: Page, explains: string) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByText(explains).waitFor();
  await dialog.getByTestId('confirm-action').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Whether the home page shows the announcement to a new visitor (no cached copy), once it has loaded. */
async function homeShowsAnnouncement(stack: Stack): Promise<boolean> {
  const { context, page } = await openPage(stack, { width: 360, height: 780 });
  const loaded = page.waitForResponse((r) => r.url().endsWith('/api/publicDisplay'));
  await page.goto('/');
  await (await loaded).finished();
  // The answer is in; two frames later React has drawn it.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  const shown = (await page.getByTestId('announcement-section').count()) === 1;
  if (shown) {
    await page.getByTestId('announcement-section').screenshot({ path: `${SHOTS}/home-announcement-360.png` });
  }
  await context.close();
  return shown;
}

/** An element as it looks, without the sticky top bar and toasts drawn over it. */
const shot = (locator: Locator, name: string) =>
  locator.screenshot({
    path: `${SHOTS}/${name}`,
    style:
      '.admin-topbar { visibility: hidden !important; } [data-rht-toaster] { display: none !important; }',
  });

/** Saves the public display form and waits for the api's answer and the toast. */
async function saveDisplay(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/publicDisplay/create/'));
  await page.getByTestId('display-save').click();
  expect((await saved).status()).toBe(200);
  await page.getByText('Public display settings saved').first().waitFor();
  await expect.poll(() => page.getByTestId('display-preview').textContent()).toMatch(/^Now: /);
}

/** "2026-03-10T18:30" for now + offset, in the browser's own time zone (what datetime-local takes). */
/** A datetime-local value `offsetMs` from now, in Pakistan time (UTC+5) as the back office reads it. */
const pakistanInput = (offsetMs: number) =>
  new Date(Date.now() + offsetMs + 5 * 3600_000).toISOString().slice(0, 16);

describe('public boards back office', () => {
  it('an admin rebuilds, freezes and reveals a board, then sets names and the announcement', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    await finishedPlay(stack, contest, 6, 'fatima.malik@example.com');
    const page = await (await stack.newContext()).newPage();
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto(PHASES_PAGE);
    const panel = page.getByTestId('boards-panel');
    await panel.getByTestId('boards-phase').selectOption({ label: 'Phase 1 — Qualifier' });
    await expect.poll(() => grade3Row(page).textContent()).toContain('Not ranked yet');

    await rebuild(page, 1);
    await expect(grade3Row(page).textContent()).resolves.toMatch(/just now.*PKT/);
    expect((await publicBoard(stack, contest)).entries.map((e) => e.name)).toEqual(['Fatima M.']);

    await page.getByTestId('boards-freeze').click();
    await confirmDialog(page, 'Students keep seeing the board exactly as it is now');
    await expect.poll(() => panel.getByTestId('boards-state').textContent()).toMatch(/^Frozen/);
    await expect(grade3Row(page).getByTestId('boards-row-state').textContent()).resolves.toMatch(
      /^Frozen\s*since .* PKT$/,
    );
    await shot(panel, 'boards-frozen-desktop.png');

    // A better play while frozen: ranking goes on, the public board does not move.
    await finishedPlay(stack, contest, 14);
    await rebuild(page, 2);
    const frozen = await publicBoard(stack, contest);
    expect(frozen.frozen).toBe(true);
    expect(frozen.entries.map((e) => e.name)).toEqual(['Fatima M.']);

    await page.getByTestId('boards-reveal').click();
    await confirmDialog(page, 'for the prize ceremony');
    await expect.poll(() => panel.getByTestId('boards-state').textContent()).toMatch(/^Live/);
    const revealed = await publicBoard(stack, contest);
    expect(revealed.frozen).toBe(false);
    expect(revealed.entries.map((e) => e.name)).toEqual(['Test S.', 'Fatima M.']);

    await page.goto(CONFIG_PAGE);
    const display = page.getByTestId('public-display');
    await display.getByTestId('display-name-style-STUDENT_NO').check();
    await expect(display.getByTestId('display-example').textContent()).resolves.toContain('Student 100009');
    await saveDisplay(page);
    for (const entry of (await publicBoard(stack, contest)).entries) {
      expect(entry.name).toMatch(/^Student \d{6,}$/);
    }

    await display.getByTestId('display-title').fill('Phase 2 opens soon');
    await display.getByTestId('display-body').fill('Top students of each grade go on to the semi-final.');
    await display.getByTestId('display-ends-at').fill(pakistanInput(DAY_MS));
    await expect(display.getByTestId('display-preview').textContent()).resolves.toContain(
      'is showing on the home page until',
    );
    await saveDisplay(page);
    await shot(display, 'public-display-desktop.png');
    expect(await homeShowsAnnouncement(stack)).toBe(true);

    await display.getByTestId('display-ends-at').fill(pakistanInput(-DAY_MS));
    await expect(display.getByTestId('display-preview').textContent()).resolves.toContain('is not showing');
    await saveDisplay(page);
    expect(await homeShowsAnnouncement(stack)).toBe(false);
    await page.context().close();
  });

  it("the api's field error shows on its field", async () => {
    const { stack } = holder;
    const page = await (await stack.newContext()).newPage();
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // The form checks the date itself, so the request is spoilt on its way for the api to refuse it.
    await page.route('**/api/admin/publicDisplay/create/', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), announcementEndsAt: 'next week' }),
      }),
    );
    await page.goto(CONFIG_PAGE);
    const display = page.getByTestId('public-display');
    await display.getByTestId('display-ends-at').fill(pakistanInput(DAY_MS));
    await display.getByTestId('display-save').click();
    await display.getByText('Ends at must be an ISO date and time, or null').waitFor();
    expect(await display.getByTestId('display-ends-at').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('both pages fit a 360 px phone', async () => {
    const { stack } = holder;
    const contest = await contestOfGrade3(stack);
    await finishedPlay(stack, contest, 6, 'fatima.malik@example.com');
    const page = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto(PHASES_PAGE);
    // Held back a moment so the progress line can be seen.
    await page.route('**/api/admin/ranking/rebuild/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId('boards-rebuild').click();
    await page.getByTestId('boards-progress').getByText('Rebuilding the rankings of Phase 1').waitFor();
    await expect(page.getByTestId('boards-rebuild').isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/rebuild-progress-360.png` });
    await page.getByText('Ranked 1 student in 1 grade in').waitFor();
    await page.screenshot({ path: `${SHOTS}/rebuilt-toast-360.png` });
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page.getByTestId('boards-panel'), 'boards-360.png');
    await page.getByTestId('boards-freeze').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.screenshot({ path: `${SHOTS}/freeze-dialog-360.png` });
    await confirmDialog(page, 'ranking continues');
    await expect.poll(() => page.getByTestId('boards-state').textContent()).toMatch(/^Frozen/);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page.getByTestId('boards-panel'), 'boards-frozen-360.png');

    await page.goto(CONFIG_PAGE);
    const display = page.getByTestId('public-display');
    await display.getByTestId('display-ends-at').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(display, 'public-display-360.png');
    await page.context().close();
  });

  it('a staff member who may only read sees the status but no controls', async () => {
    const { stack } = holder;
    const reader = await makeStaff(stack.db, {
      permissions: [
        ['phase', 'read'],
        ['systemConfigurations', 'read'],
      ],
    });
    const page = await (await stack.newContext({ width: 360, height: 780 })).newPage();
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto(PHASES_PAGE);
    await grade3Row(page).waitFor();
    await page.getByTestId('boards-state').waitFor();
    expect(await page.getByTestId('boards-rebuild').count()).toBe(0);
    expect(await page.getByTestId('boards-freeze').count()).toBe(0);

    await page.goto(CONFIG_PAGE);
    const display = page.getByTestId('public-display');
    await display.getByTestId('display-title').waitFor();
    expect(await display.getByTestId('display-title').isDisabled()).toBe(true);
    expect(await display.getByTestId('display-name-style-FULL').isDisabled()).toBe(true);
    expect(await display.getByTestId('display-save').count()).toBe(0);
    await page.context().close();
  });
});
