import { actionsOf, MODULES } from '@riyazi/api/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  loginStaff,
  makePlay,
  makeQuestion,
  makeQuestionPlacement,
  makeQuiz,
  makeStaff,
  makeStudent,
  phaseWithFinishedPlays,
  setCorrectOptions,
} from '../../test/helpers.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

const everyGrant = MODULES.flatMap((module) =>
  actionsOf(module).map((action): [typeof module, typeof action] => [module, action]),
);

const standingsOf = async (phaseId: string) =>
  (
    await holder.stack.db
      .selectFrom('phaseStandings')
      .select('studentId')
      .where('phaseId', '=', phaseId)
      .execute()
  ).length;

/** Opens the card's password dialog with "Dry run" or "Run" and confirms with `password`. */
async function withPassword(
  page: Page,
  card: string,
  button: 'script-dry-run' | 'script-run',
  password: string,
) {
  await page.getByTestId(card).getByTestId(button).click();
  const dialog = page.getByTestId('script-password');
  await dialog.getByTestId('confirm-password').fill(password);
  await dialog.getByTestId('confirm-password-submit').click();
}

/**
 * A finished contest play of two MCQs: the first answered with option B in 41 s, marked wrong; the
 * second not answered. Then the key is fixed: B was the right answer.
 */
async function playWhoseKeyWasFixed() {
  const { db } = holder.stack;
  const { phaseIds, ...fields } = await makeQuestionPlacement(db, 4, 'Geometry', 'Angles');
  const phaseId = phaseIds[0]!;
  const q1 = await makeQuestion(db, fields, '<p>Which angle is right?</p>', [true, false, false]);
  const q2 = await makeQuestion(db, fields, '<p>How many sides?</p>', [false, true]);
  const quiz = await makeQuiz(db, {
    gradeIds: [fields.gradeId],
    phaseId,
    title: 'Angles contest',
    questionIds: [q1.id, q2.id],
    questionCount: 2,
  });
  const student = await makeStudent(db, { gradeId: fields.gradeId, fullName: 'Zainab Qureshi' });
  const play = await makePlay(db, {
    quizId: quiz.id,
    phaseId,
    gradeId: fields.gradeId,
    studentId: student.id,
    answers: [
      { questionId: q1.id, selectedOptionIds: [q1.options[1]!], isCorrect: false, timeTakenMs: 41_000 },
      { questionId: q2.id, outcome: 'NO_ANSWER', timeTakenMs: 180_000 },
    ],
  });
  await setCorrectOptions(db, q1.id, [q1.options[1]!]);
  return play.id;
}

const playTotals = (playId: string) =>
  holder.stack.db
    .selectFrom('plays')
    .select(['score', 'correctCount'])
    .where('id', '=', playId)
    .executeTakeFirstOrThrow();

describe('script admin', () => {
  it('lets a Super Admin dry-run a phase ranking rebuild, run it after a confirm that gives the numbers, and see nothing left to do', async () => {
    const { phaseId, gradeTitle } = await phaseWithFinishedPlays(holder.stack.db);
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);
    await page.getByRole('link', { name: 'Script admin' }).click();
    const card = page.getByTestId('script-rebuildPhaseRankings');
    await card.getByTestId('param-phaseId').selectOption(phaseId);

    await withPassword(page, 'script-rebuildPhaseRankings', 'script-dry-run', admin.password);
    const result = card.getByTestId('script-result');
    await expect.poll(() => result.textContent()).toContain('Would change 3 standings in 1 grade');
    expect(await result.textContent()).toContain(`${gradeTitle}: 3 ranked, 3 to change`);
    expect(await standingsOf(phaseId)).toBe(0);
    await screenshotFor(page, 'admin/script-admin-dry-run-1366');

    await withPassword(page, 'script-rebuildPhaseRankings', 'script-run', admin.password);
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.getByTestId('script-confirm-text').textContent()).toContain(
      'Would change 3 standings',
    );
    expect(await standingsOf(phaseId)).toBe(0);
    await screenshotFor(page, 'admin/script-admin-confirm-1366');
    await confirm.getByTestId('confirm-action').click();
    await expect.poll(() => result.textContent()).toContain('Done. Changed 3 standings in 1 grade');
    expect(await standingsOf(phaseId)).toBe(3);
    const audit = await holder.stack.db
      .selectFrom('auditLog')
      .select('actorId')
      .where('action', '=', 'scriptAdmin.rebuildPhaseRankings')
      .execute();
    expect(audit).toEqual([{ actorId: admin.id }]);
    await expectAccessible(page, 'script admin (1366 px)');

    // Run again: the dry run finds nothing to change, and the confirm offers no run.
    await withPassword(page, 'script-rebuildPhaseRankings', 'script-run', admin.password);
    expect(await confirm.getByTestId('script-confirm-text').textContent()).toContain(
      'There is nothing to run',
    );
    expect(await confirm.getByTestId('confirm-action').count()).toBe(0);
    await context.close();
  });

  it('lets a Super Admin rescore a play from its attempt page after the key was fixed, and the page fits a phone', async () => {
    const playId = await playWhoseKeyWasFixed();
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto(`/admin-a1b2c3/students/quiz-attempt-detail/${playId}`);
    await page.getByTestId('attempt-rescore').click();
    await page.waitForURL(/script-admin\?playId=/);
    const card = page.getByTestId('script-rescorePlay');
    expect(await card.getByTestId('param-playId').inputValue()).toBe(playId);

    await withPassword(page, 'script-rescorePlay', 'script-dry-run', admin.password);
    const result = card.getByTestId('script-result');
    await expect
      .poll(() => result.textContent())
      .toContain(
        "Dry run, nothing changed. Would rescore Zainab Qureshi's contest play of Angles contest: score 0 → 0.8861, correct 0 → 1 (1 answer to change)",
      );
    expect(await result.textContent()).toContain('Question 1: wrong → right, score 0 → 0.8861');
    expect(await playTotals(playId)).toEqual({ score: 0, correctCount: 0 });
    await screenshotFor(page, 'admin/script-admin-rescore-dry-run-1366');

    await withPassword(page, 'script-rescorePlay', 'script-run', admin.password);
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.getByTestId('script-confirm-text').textContent()).toContain('correct 0 → 1');
    await confirm.getByTestId('confirm-action').click();
    await expect.poll(() => result.textContent()).toContain("Done. Rescored Zainab Qureshi's contest play");
    expect(await result.textContent()).toContain('Phase ranking of Grade 4: 1 ranked, 1 changed');
    expect(await playTotals(playId)).toEqual({ score: 0.8861, correctCount: 1 });
    await screenshotFor(page, 'admin/script-admin-rescore-done-1366');

    // The attempt now shows the fixed grade; a second run finds nothing to do.
    await page.goto(`/admin-a1b2c3/students/quiz-attempt-detail/${playId}`);
    await expect
      .poll(() => page.getByTestId('attempt-outcome').allTextContents())
      .toEqual(['Correct', 'No answer']);
    await screenshotFor(page, 'admin/attempt-detail-rescored-1366');
    await page.goto(`/admin-a1b2c3/script-admin?playId=${playId}`);
    await withPassword(page, 'script-rescorePlay', 'script-run', admin.password);
    expect(await confirm.getByTestId('script-confirm-text').textContent()).toContain(
      'already matches the answer key. There is nothing to run.',
    );
    expect(await confirm.getByTestId('confirm-action').count()).toBe(0);
    await context.close();

    const phone = await openPage(holder.stack, PHONE);
    await signInAsAdmin(phone.page, admin.email, admin.password);
    await phone.page.goto(`/admin-a1b2c3/students/quiz-attempt-detail/${playId}`);
    await phone.page.getByTestId('attempt-rescore').waitFor();
    await expectFits(phone.page, 'admin/attempt-detail-rescore-360');
    await phone.page.getByTestId('attempt-rescore').click();
    const phoneCard = phone.page.getByTestId('script-rescorePlay');
    await withPassword(phone.page, 'script-rescorePlay', 'script-dry-run', admin.password);
    await expect
      .poll(() => phoneCard.getByTestId('script-result').textContent())
      .toContain('Nothing to rescore');
    await expectFits(phone.page, 'admin/script-admin-rescore-360');
    await expectAccessible(phone.page, 'script admin rescore (360 px)');
    await phone.context.close();
  });

  it('fits a phone and refuses a wrong password with its message', async () => {
    await phaseWithFinishedPlays(holder.stack.db);
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, admin.email, admin.password);
    await page.goto('/admin-a1b2c3/script-admin');
    const card = page.getByTestId('script-reenqueueStuckOutbox');
    await card.waitFor();
    expect(await card.getByTestId('param-minutes').inputValue()).toBe('10');

    await withPassword(page, 'script-reenqueueStuckOutbox', 'script-dry-run', 'not my password');
    await expect
      .poll(() => page.getByTestId('confirm-password-error').textContent())
      .toContain('Incorrect password');
    await page.getByTestId('script-password').getByRole('button', { name: 'Cancel' }).click();

    await withPassword(page, 'script-reenqueueStuckOutbox', 'script-dry-run', admin.password);
    await expect
      .poll(() => card.getByTestId('script-result').textContent())
      .toMatch(/Would re-enqueue \d+ event/);
    await expectFits(page, 'admin/script-admin-360');
    await expectAccessible(page, 'script admin (360 px)');
    await context.close();
  });

  it('is neither offered nor served to staff holding every other permission', async () => {
    const staff = await makeStaff(holder.stack.db, { permissions: everyGrant });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, staff.email, staff.password);
    expect(await page.getByRole('link', { name: 'Job queues' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Script admin' }).count()).toBe(0);
    await page.goto('/admin-a1b2c3/script-admin');
    await page.getByTestId('no-permission').waitFor();
    expect(await page.getByTestId('script-rebuildPhaseRankings').count()).toBe(0);

    const token = (await loginStaff(holder.stack.app, staff)).accessToken;
    const res = await holder.stack.app.inject({
      method: 'POST',
      url: '/api/admin/script-admin/run',
      headers: bearer(token),
      payload: {
        action: 'reenqueueStuckOutbox',
        params: { minutes: 10 },
        password: staff.password,
        dryRun: true,
      },
    });
    expect(res.statusCode).toBe(403);
    await context.close();
  });
});
