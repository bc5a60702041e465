import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const SCREENSHOT = '/tmp/quiz-form-360.png';

const holder = setupSeededStack();

/** A category with at least one contest question of phase 1 in grades 4 and 5, and the fewest in grade 4. */
async function pickCategory() {
  const rows = await sql<{ name: string; g4: number; g5: number }>`
    SELECT c.name,
      count(*) FILTER (WHERE g.title = 'Grade 4')::int AS g4,
      count(*) FILTER (WHERE g.title = 'Grade 5')::int AS g5
    FROM questions q
    JOIN categories c ON c.id = q.category_id
    JOIN grades g ON g.id = q.grade_id
    JOIN question_phases qp ON qp.question_id = q.id
    JOIN phases p ON p.id = qp.phase_id AND p.number = 1
    WHERE q.status = 'ACTIVE' AND q.tag IN ('CONTEST', 'BOTH')
    GROUP BY c.name
    HAVING count(*) FILTER (WHERE g.title = 'Grade 4') > 0 AND count(*) FILTER (WHERE g.title = 'Grade 5') > 0
    ORDER BY 2, 1
    LIMIT 1`.execute(holder.stack.db);
  return rows.rows[0]!;
}

describe('quiz authoring', () => {
  it('creates a two-rule quiz: sees which grade falls short, fixes it, saves, and finds it in the list', async () => {
    const category = await pickCategory();
    expect(category.g4).toBeLessThan(14);
    // A grade takes one active contest quiz per phase: this one replaces the demo's for grades 4
    // and 5 (put back afterwards, the new one switched off).
    const demoQuizzes = ['Grade 4 Contest — Phase 1', 'Grade 5 Contest — Phase 1'];
    await holder.stack.db
      .updateTable('quizzes')
      .set({ isActive: false })
      .where('title', 'in', demoQuizzes)
      .execute();
    onTestFinished(async () => {
      const { db } = holder.stack;
      await db
        .updateTable('quizzes')
        .set({ isActive: false })
        .where('title', '=', 'Grades 4 and 5 mixed contest')
        .execute();
      await db.updateTable('quizzes').set({ isActive: true }).where('title', 'in', demoQuizzes).execute();
    });
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    await page.goto('/admin-a1b2c3/quiz');
    await page.getByTestId('quizzes-row').first().waitFor();
    await page.getByTestId('quizzes-add').click();
    await page.waitForURL(/\/admin-a1b2c3\/quiz\/new$/);

    await page.getByTestId('qz-title').fill('Grades 4 and 5 mixed contest');
    await page.getByTestId('qz-phase').selectOption({ label: 'Phase 1 — Qualifier' });
    await page.getByTestId('qz-grade-Grade 4').check();
    await page.getByTestId('qz-grade-Grade 5').check();
    // Rule 1: the thin category for 14 questions; rule 2: any category for the last one.
    const rules = page.getByTestId('qz-rule');
    await rules.nth(0).getByTestId('qz-rule-category').selectOption({ label: category.name });
    await rules.nth(0).getByTestId('qz-rule-count').fill('14');
    await page.getByTestId('qz-rule-add').click();
    await expect.poll(() => rules.nth(1).getByTestId('qz-rule-count').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('qz-rule-sum').textContent()).toContain('one attempt');

    const message = page.getByTestId('qz-pool-message');
    await expect
      .poll(() => message.textContent(), { timeout: 10_000 })
      .toContain(`Grade 4 is ${14 - category.g4} question`);
    expect(await message.textContent()).toContain(
      `rule 1: ${category.name}, any sub category has ${category.g4} of 14`,
    );
    expect(await page.getByTestId('qz-rules-text').textContent()).toContain(
      '15 multiple-choice questions per attempt.',
    );

    // Saving while short (and active) is refused: the banner points to the shortfall, said once.
    await page.getByTestId('qz-save').click();
    await expect.poll(() => page.getByTestId('qz-form-error').textContent()).toContain('Not saved');
    expect(await message.getAttribute('data-problem')).toBe('true');
    expect(await message.textContent()).toContain(`Grade 4 is ${14 - category.g4} question`);

    // The fix: one question from the category, fourteen from anywhere.
    await rules.nth(0).getByTestId('qz-rule-count').fill('1');
    await rules.nth(1).getByTestId('qz-rule-count').fill('14');
    await expect
      .poll(() => message.textContent(), { timeout: 10_000 })
      .toBe('Every grade can fill an attempt.');
    expect(await page.getByTestId('qz-pool-grade').count()).toBe(2);

    await page.getByTestId('qz-seconds').fill('120');
    await expect
      .poll(() => page.getByTestId('qz-rules-text').textContent())
      .toContain('2 minutes (120 seconds)');

    await page.screenshot({ path: '/tmp/quiz-form-desktop.png', fullPage: true });
    // On a phone the form fits the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByTestId('qz-save').click();
    await page.waitForURL(/\/admin-a1b2c3\/quiz$/);
    await page.getByTestId('quizzes-search').fill('mixed');
    // The search settles into the URL first, so the row clicked below is not replaced mid-click.
    await page.waitForURL(/search=mixed/);
    const row = page.getByTestId('quizzes-row').filter({ hasText: 'Grades 4 and 5 mixed contest' });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Grade 4, Grade 5');
    expect(text).toContain('15 × 2 minutes');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/quiz-list-360.png', fullPage: true });

    // Editing opens the saved form with its pool checked.
    await row.getByTestId('quizzes-edit').click();
    await page.waitForURL(/\/admin-a1b2c3\/quiz\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('qz-title').inputValue()).toBe('Grades 4 and 5 mixed contest');
    await expect
      .poll(() => page.getByTestId('qz-pool-message').textContent(), { timeout: 10_000 })
      .toBe('Every grade can fill an attempt.');
    expect(await page.getByTestId('qz-rule').count()).toBe(2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const saved = await holder.stack.db
      .selectFrom('quizzes')
      .select(['id', 'secondsPerQuestion', 'isActive'])
      .where('title', '=', 'Grades 4 and 5 mixed contest')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ secondsPerQuestion: 120, isActive: true });
    const savedRules = await holder.stack.db
      .selectFrom('quizRules')
      .select(['position', 'questionCount'])
      .where('quizId', '=', saved.id)
      .orderBy('position')
      .execute();
    expect(savedRules).toEqual([
      { position: 1, questionCount: 1 },
      { position: 2, questionCount: 14 },
    ]);
    await context.close();
  });

  it('picks questions from the bank on a phone and checks the picked pool', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/admin-a1b2c3/quiz/new');
    await page.getByTestId('qz-title').fill('Hand-picked practice');
    await page.getByTestId('qz-kind-PRACTICE').check();
    // Practice follows its own default: no attempt limit, and answers shown as you go.
    await expect.poll(() => page.getByTestId('qz-attempts').inputValue()).toBe('100');
    await expect
      .poll(() => page.getByTestId('qz-rules-text').textContent())
      .toContain('right and wrong answers as you go');
    await page.getByTestId('qz-phase').selectOption({ label: 'Phase 1 — Qualifier' });
    await page.getByTestId('qz-grade-Grade 4').check();
    await page.getByTestId('qz-question-count').fill('3');
    await page.getByTestId('qz-pool-mode-QUESTIONS').check();

    const picks = page.getByTestId('qz-bank-pick');
    await picks.first().waitFor();
    await picks.nth(0).click();
    await picks.nth(1).click();
    await expect.poll(() => page.getByTestId('qz-picked').locator('li').count()).toBe(2);
    // Two picked cannot fill three.
    await expect
      .poll(() => page.getByTestId('qz-pool-message').textContent(), { timeout: 10_000 })
      .toMatch(/^Grade 4 is \d+ questions? short \(\d of the picked questions/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/quiz-picker-360.png', fullPage: true });
    await context.close();
  });
});
