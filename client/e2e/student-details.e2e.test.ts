import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePlay, makeStaff } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, type Stack, seedDemo, setupStack } from './stack.js';

const SCREENS = process.env.E2E_STUDENT_DETAILS_SCREENSHOT_DIR ?? '/tmp/riyazi-student-details-screens';
const STUDENT = 'ayesha.khan@example.com'; // grade 5 in the demo data

/**
 * The demo data plus a finished contest play of Ayesha's over three real demo MCQs of her grade:
 * the first answered wrongly, the second correctly, the third not answered.
 */
async function seed(stack: Stack) {
  await seedDemo(stack);
  const student = await stack.db
    .selectFrom('students')
    .select(['id', 'gradeId', 'contestAttempts'])
    .where('email', '=', STUDENT)
    .executeTakeFirstOrThrow();
  const quiz = await stack.db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select(['quizzes.id', 'quizzes.phaseId', 'quizzes.title'])
    .where('quizGrades.gradeId', '=', student.gradeId!)
    .where('quizzes.kind', '=', 'CONTEST')
    .executeTakeFirstOrThrow();
  const questions = await stack.db
    .selectFrom('questions')
    .select('id')
    .where('gradeId', '=', student.gradeId!)
    .where('type', '=', 'MCQS')
    .where('selectMultiple', '=', false)
    .orderBy('questionNo')
    .limit(3)
    .execute();
  const options = async (questionId: string) =>
    stack.db
      .selectFrom('questionOptions')
      .select(['id', 'isCorrect'])
      .where('questionId', '=', questionId)
      .orderBy('position')
      .execute();
  const [q1, q2, q3] = questions.map((q) => q.id) as [string, string, string];
  const wrongOption = (await options(q1)).find((o) => !o.isCorrect)!;
  const rightOption = (await options(q2)).find((o) => o.isCorrect)!;
  const play = await makePlay(stack.db, {
    quizId: quiz.id,
    phaseId: quiz.phaseId,
    gradeId: student.gradeId!,
    studentId: student.id,
    answers: [
      { questionId: q1, selectedOptionIds: [wrongOption.id], isCorrect: false, timeTakenMs: 41_000 },
      { questionId: q2, selectedOptionIds: [rightOption.id], isCorrect: true, timeTakenMs: 12_000 },
      { questionId: q3, outcome: 'NO_ANSWER', timeTakenMs: 180_000 },
    ],
  });
  return { studentId: student.id, attempts: student.contestAttempts, playId: play.id, quizTitle: quiz.title };
}

let world: Awaited<ReturnType<typeof seed>>;
const holder = setupStack(async (stack) => {
  world = await seed(stack);
});

describe('admin student view', () => {
  it('grants an attempt with a reason, then reviews a finished play with chosen and correct answers', async () => {
    const stack = holder.stack;
    await mkdir(SCREENS, { recursive: true });

    const { context, page } = await openPage(stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    await page.goto(`/admin-a1b2c3/students/view/${world.studentId}`);
    await page.getByTestId('student-profile').waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    await expect(page.getByTestId('student-attempts-left').textContent()).resolves.toBe(
      String(world.attempts),
    );
    // The e-mail address takes a row of its own rather than breaking mid-word.
    const email = page.getByTestId('student-profile').locator('.fact', { hasText: 'E-mail' }).locator('dd');
    const emailLines = await email.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(emailLines).toBe(1);

    await page.getByTestId('grant-attempts').fill('1');
    await page.getByTestId('grant-reason').fill('Lost power during phase 1');
    await page.getByTestId('grant-submit').click();
    const grant = page.getByTestId('student-grant').filter({ hasText: 'Lost power during phase 1' });
    await grant.waitFor();
    await expect(grant.textContent()).resolves.toContain('Granted by Admin');
    await expect(grant.textContent()).resolves.toContain('+1');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="student-attempts-left"]')?.textContent === expected,
      String(world.attempts + 1),
    );
    await page.screenshot({ path: path.join(SCREENS, 'student-view-desktop.png'), fullPage: true });

    await page.getByTestId('student-reset-link').click();
    await page.getByTestId('reset-link-password').fill('not the password');
    await page.getByTestId('reset-link-submit').click();
    await page.getByTestId('reset-link-error').filter({ hasText: 'Incorrect password' }).waitFor();
    await page.getByTestId('reset-link-password').fill(DEMO_ADMIN.password);
    await page.getByTestId('reset-link-submit').click();
    const link = await page.getByTestId('reset-link-value').inputValue();
    expect(link).toMatch(/\/reset-password\?token=/);
    await page.screenshot({ path: path.join(SCREENS, 'reset-link-desktop.png') });
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByTestId('student-contest-attempts').click();
    await page.waitForURL(/quiz-attempt-list/);
    const row = page.getByTestId('attempt-row').filter({ hasText: world.quizTitle });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('1 / 3');
    await page.screenshot({ path: path.join(SCREENS, 'attempt-list-desktop.png'), fullPage: true });
    await page.getByTestId('attempts-tab-practice').click();
    await page.getByTestId('attempts-empty').waitFor();
    await page.getByTestId('attempts-tab-contest').click();
    await row.getByTestId('attempt-link').click();

    await page.waitForURL(/quiz-attempt-detail/);
    const questions = page.getByTestId('attempt-question');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(3);
    const outcomes = await page.getByTestId('attempt-outcome').allTextContents();
    expect(outcomes).toEqual(['Wrong', 'Correct', 'No answer']);
    const first = questions.nth(0);
    const chosen = first.locator('[data-testid="attempt-option"][data-chosen="true"]');
    const correct = first.locator('[data-testid="attempt-option"][data-correct="true"]');
    expect(await chosen.count()).toBe(1);
    expect(await correct.count()).toBe(1);
    expect(await chosen.getAttribute('data-letter')).not.toBe(await correct.getAttribute('data-letter'));
    await expect(chosen.getAttribute('class')).resolves.toContain('option-card--wrong');
    const second = questions.nth(1).locator('[data-testid="attempt-option"][data-chosen="true"]');
    await expect(second.getAttribute('data-correct')).resolves.toBe('true');
    await page.screenshot({ path: path.join(SCREENS, 'attempt-detail-desktop.png'), fullPage: true });

    // The wrong-answer view comes from GET /api/play-quiz/wrong, which staff with student:read may call.
    const wrongCall = page.waitForResponse((res) => res.url().includes('/api/play-quiz/wrong?id='));
    await page.getByTestId('attempt-wrong-only').check();
    expect((await wrongCall).status()).toBe(200);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="attempt-question"]').length === 2,
    );
    expect(await page.getByTestId('attempt-outcome').allTextContents()).toEqual(['Wrong', 'No answer']);
    const wrongFirst = questions.nth(0);
    expect(await wrongFirst.locator('[data-testid="attempt-option"][data-chosen="true"]').count()).toBe(1);
    expect(await wrongFirst.locator('[data-testid="attempt-option"][data-correct="true"]').count()).toBe(1);
    await context.close();

    const phone = await stack.newContext({ width: 360, height: 740 });
    const small = await phone.newPage();
    await signInAsAdmin(small, DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const [name, url, ready] of [
      ['student-view', `/admin-a1b2c3/students/view/${world.studentId}`, 'student-profile'],
      ['attempt-list', `/admin-a1b2c3/students/quiz-attempt-list/${world.studentId}`, 'attempt-row'],
      ['attempt-detail', `/admin-a1b2c3/students/quiz-attempt-detail/${world.playId}`, 'attempt-question'],
    ] as const) {
      await small.goto(url);
      await small.getByTestId(ready).first().waitFor();
      expect(await horizontalOverflow(small), name).toBeLessThanOrEqual(0);
      await small.screenshot({ path: path.join(SCREENS, `${name}-360.png`), fullPage: true });
    }
    await small.goto('/admin-a1b2c3/students/view/00000000-0000-4000-8000-000000000000');
    await small.getByText('This student does not exist or has been deleted.').waitFor();
    await phone.close();
  });

  it('shows a read-only staff member the student without the grant form or the reset link', async () => {
    const reader = await makeStaff(holder.stack.db, { permissions: [['student', 'read']] });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto(`/admin-a1b2c3/students/view/${world.studentId}`);
    await page.getByTestId('student-profile').waitFor();
    await page.getByText('Opening documents needs the student verification permission.').waitFor();
    expect(await page.getByTestId('grant-submit').count()).toBe(0);
    expect(await page.getByTestId('student-reset-link').count()).toBe(0);
    await context.close();
  });
});
