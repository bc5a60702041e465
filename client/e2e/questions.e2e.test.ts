import { describe, expect, it } from 'vitest';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

describe('question bank', () => {
  it('filters the list by grade and shows a question with typeset math and lettered options on a phone', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

    await page.goto('/admin-a1b2c3/questions');
    await page.getByTestId('questions-row').first().waitFor();
    await page.getByTestId('questions-filter-gradeId').selectOption({ label: 'Grade 4' });
    await page.waitForURL(/gradeId=/);
    const rows = page.getByTestId('questions-row');
    await rows.first().waitFor();
    // Every row shown is a Grade 4 question (the list reloads under the new URL).
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes('Grade 4')))
      .toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The seed's "Which fraction is equal to \frac{2}{3}?" question.
    const fractionRow = rows.filter({ hasText: 'Which fraction is equal to' });
    await fractionRow.getByTestId('questions-view').click();
    await page.waitForURL(/\/admin-a1b2c3\/question\/view\//);

    const preview = page.getByTestId('question-preview');
    await preview.locator('.katex').first().waitFor();
    const options = preview.getByTestId('question-option');
    expect(await options.evaluateAll((items) => items.map((li) => li.getAttribute('data-letter')))).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    expect(await preview.locator('[data-correct="true"]').count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('question-meta').textContent()).toContain('Grade 4');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByTestId('question-back').click();
    await page.waitForURL(/\/admin-a1b2c3\/questions\?.*gradeId=/);
    await context.close();
  });
});
