import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { endPhaseContest, makePlay, makeStaff } from '../../test/helpers.js';
import { contestOfGrade3 } from './demo-data.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, type Stack, seedDemo, setupStack } from './stack.js';

const SCREENS = process.env.E2E_WINNER_SCREENSHOT_DIR ?? '/tmp/riyazi-winner-screens';
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data

/**
 * The demo data, with Fatima ranked 4th of grade 3 in phase 1 from a finished contest play (as the
 * ranking worker would write it).
 */
async function seed(stack: Stack) {
  await seedDemo(stack);
  const contest = await contestOfGrade3(stack);
  const student = await stack.db
    .selectFrom('students')
    .select(['id', 'studentNo', 'gradeId'])
    .where('email', '=', STUDENT)
    .executeTakeFirstOrThrow();
  const phase = await stack.db
    .selectFrom('phases')
    .select('id')
    .where('number', '=', 1)
    .executeTakeFirstOrThrow();
  const play = await makePlay(stack.db, { ...contest, studentId: student.id, answers: [] });
  await stack.db
    .insertInto('phaseStandings')
    .values({
      phaseId: phase.id,
      gradeId: student.gradeId!,
      studentId: student.id,
      playId: play.id,
      score: 12.5,
      totalTimeMs: 240_000,
      finishedAt: new Date(),
      rank: 4,
    })
    .execute();
  // Winners are chosen once the contest has ended.
  await endPhaseContest(stack.db, phase.id);
  return { studentNo: String(student.studentNo), studentId: student.id, phaseId: phase.id };
}

let seeded: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  seeded = await seed(stack);
});

/** Signs in as the demo Super Admin on a phone, finds Fatima on the phases page and opens Promote. */
async function openPromoteModal(page: Page) {
  await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin-a1b2c3/phase');
  const panel = page.getByTestId('winners-panel');
  await panel.getByTestId('winners-empty').waitFor();
  await panel.getByTestId('find-student-no').fill(seeded.studentNo);
  await panel.getByTestId('find-student').click();
  const candidate = panel.getByTestId('candidate');
  await candidate.getByText('rank 4').waitFor();
  await candidate.getByTestId('candidate-promote').click();
  const modal = page.getByTestId('promote-student-modal');
  await modal.waitFor();
  return modal;
}

const winnerCount = async () =>
  (await holder.stack.db.selectFrom('phaseWinners').select('id').execute()).length;

describe('promoting a student', () => {
  it('a Super Admin promotes a student with their password: a toast, and the winner is listed', async () => {
    await mkdir(SCREENS, { recursive: true });
    const { context, page } = await openPage(holder.stack, PHONE);
    const modal = await openPromoteModal(page);

    await expect(modal.getByRole('heading').textContent()).resolves.toBe('Promote Student');
    expect(await modal.locator('input').count()).toBe(1);
    expect(await modal.locator('input[type="password"]').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENS, 'promote-modal-360.png') });

    await modal.getByTestId('confirm-password').fill(DEMO_ADMIN.password);
    await modal.getByTestId('confirm-password-submit').click();
    await page.getByText('Student promoted as winner').waitFor();
    const row = page.getByTestId('winner-row').filter({ hasText: 'Fatima Malik' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Grade 3');
    await page.getByTestId('candidate-status').getByText('Already a winner').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('winners-panel').screenshot({ path: path.join(SCREENS, 'phase-winners-360.png') });

    const winners = await holder.stack.db.selectFrom('phaseWinners').select(['method', 'position']).execute();
    expect(winners).toEqual([{ method: 'MANUAL', position: 4 }]);
    await context.close();
  });

  it('a wrong password shows "Incorrect password" in the modal and promotes nobody', async () => {
    await mkdir(SCREENS, { recursive: true });
    const { context, page } = await openPage(holder.stack, PHONE);
    const modal = await openPromoteModal(page);

    await modal.getByTestId('confirm-password-submit').click();
    await modal.getByText('Enter your password.').waitFor();
    await modal.getByTestId('confirm-password').fill('not my password');
    await modal.getByTestId('confirm-password-submit').click();
    await expect(modal.getByTestId('confirm-password-error').textContent()).resolves.toBe(
      'Incorrect password',
    );
    await page.screenshot({ path: path.join(SCREENS, 'promote-wrong-password-360.png') });

    expect(await winnerCount()).toBe(0);
    await page.getByTestId('winners-empty').waitFor();
    await context.close();
  });
});

/** The students list's row of Fatima once the list has loaded, and what the list response said. */
async function fatimaInStudentsList(page: Page) {
  const listed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/student/detail/' && r.request().method() === 'GET',
  );
  await page.goto(`/admin-a1b2c3/students?fullName=${encodeURIComponent('Fatima Malik')}`);
  const body = (await (await listed).json()) as { addWinner: boolean };
  const row = page.getByTestId('students-row').filter({ hasText: 'Fatima Malik' });
  await row.waitFor();
  return { row, addWinner: body.addWinner };
}

describe('who is offered Promote', () => {
  it('staff with student update who are not Super Admin see no Promote, on the phase page or the list', async () => {
    const staff = await makeStaff(holder.stack.db, {
      permissions: [
        ['student', 'read'],
        ['student', 'update'],
        ['phase', 'read'],
      ],
    });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, staff.email, staff.password);
    await page.goto('/admin-a1b2c3/phase');
    const panel = page.getByTestId('winners-panel');
    await panel.getByTestId('winners-empty').waitFor();
    await panel.getByTestId('cutoffs').waitFor();
    expect(await panel.getByTestId('find-student-no').count()).toBe(0);
    expect(await panel.getByTestId('candidate-promote').count()).toBe(0);
    expect(await panel.getByTestId('winners-auto').count()).toBe(0);

    const { row, addWinner } = await fatimaInStudentsList(page);
    expect(addWinner).toBe(true); // the list allows a winner: only the role hides Promote
    await row.getByTestId('students-view').waitFor();
    expect(await row.getByTestId('students-promote').count()).toBe(0);
    await context.close();
  });

  it('a Super Admin sees no Promote once the response says no winner can be added', async () => {
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 800 });
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    // The list: Promote while the contest phase is ranked (addWinner), none once it is not.
    const ranked = await fatimaInStudentsList(page);
    expect(ranked.addWinner).toBe(true);
    await ranked.row.getByTestId('students-promote').waitFor();
    await holder.stack.db.deleteFrom('phaseStandings').execute();
    const unranked = await fatimaInStudentsList(page);
    expect(unranked.addWinner).toBe(false);
    await unranked.row.getByTestId('students-view').waitFor();
    expect(await unranked.row.getByTestId('students-promote').count()).toBe(0);

    // The phase page: a student who already won the phase is found, but not offered.
    const { db } = holder.stack;
    const student = await db
      .selectFrom('students')
      .select('gradeId')
      .where('id', '=', seeded.studentId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('phaseWinners')
      .values({
        phaseId: seeded.phaseId,
        gradeId: student.gradeId!,
        studentId: seeded.studentId,
        method: 'MANUAL',
      })
      .execute();
    const candidateAnswer = page.waitForResponse((r) => r.url().includes('/api/phaseWinner/candidate/'));
    await page.goto('/admin-a1b2c3/phase');
    const panel = page.getByTestId('winners-panel');
    await panel.getByTestId('winner-row').waitFor();
    await panel.getByTestId('find-student-no').fill(seeded.studentNo);
    await panel.getByTestId('find-student').click();
    expect(((await (await candidateAnswer).json()) as { data: { addWinner: boolean } }).data.addWinner).toBe(
      false,
    );
    await panel.getByTestId('candidate-status').getByText('Already a winner').waitFor();
    expect(await panel.getByTestId('candidate-promote').count()).toBe(0);
    await context.close();
  });
});
