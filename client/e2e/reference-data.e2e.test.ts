import { describe, expect, it } from 'vitest';
import { makeCategory, makeGrade, makeStaff, makeSubCategory } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

/** A grade with one question under an existing category and sub category. */
async function gradeUsedByAQuestion() {
  const grade = await makeGrade(holder.stack.db, 3);
  const category = await makeCategory(holder.stack.db, 'Numbers');
  const sub = await makeSubCategory(holder.stack.db, category.id, 'Counting');
  await holder.stack.db
    .insertInto('questions')
    .values({
      gradeId: grade.id,
      categoryId: category.id,
      subCategoryId: sub.id,
      tag: 'PRACTICE',
      questionHtml: '<p>1 + 1?</p>',
      answerHintText: 'Two',
    })
    .execute();
  return grade;
}

describe('reference data', () => {
  it('a Super Admin adds a category and a sub category, deactivates the category and cannot delete a used grade', async () => {
    const admin = await makeStaff(holder.stack.db, { superAdmin: true });
    await gradeUsedByAQuestion();
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, admin.email, admin.password);

    await page.goto('/admin-a1b2c3/category');
    await page.getByTestId('reference-add').click();
    const categoryForm = page.getByTestId('reference-form');
    await categoryForm.getByTestId('field-name').fill('Fractions');
    await categoryForm.getByTestId('reference-save').click();
    await page.getByText('Category added').waitFor();
    const row = page.getByTestId('reference-row').filter({ hasText: 'Fractions' });
    await row.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/admin-a1b2c3/subcategory');
    await page.getByTestId('reference-add').click();
    const subForm = page.getByTestId('reference-form');
    await subForm.getByTestId('field-name').fill('Halves');
    await subForm.getByTestId('field-categoryId').selectOption({ label: 'Fractions' });
    await subForm.getByTestId('reference-save').click();
    await page.getByText('Sub category added').waitFor();
    await page
      .getByTestId('reference-row')
      .filter({ hasText: 'Halves' })
      .filter({ hasText: 'Fractions' })
      .waitFor();

    await page.goto('/admin-a1b2c3/category');
    const fractions = page.getByTestId('reference-row').filter({ hasText: 'Fractions' });
    await fractions.getByTestId('reference-active-switch').click();
    await page.getByText('Category updated').waitFor();
    await fractions.getByText('Inactive').waitFor();
    const stored = await holder.stack.db
      .selectFrom('categories')
      .select('isActive')
      .where('name', '=', 'Fractions')
      .executeTakeFirstOrThrow();
    expect(stored.isActive).toBe(false);

    await page.goto('/admin-a1b2c3/grade');
    await page
      .getByTestId('reference-row')
      .filter({ hasText: 'Grade 3' })
      .getByTestId('reference-delete')
      .click();
    await page.getByTestId('confirm-action').click();
    const refusal = page.getByTestId('confirm-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('This grade is used by 1 question: deactivate it instead');
    expect(await holder.stack.db.selectFrom('grades').select('id').execute()).toHaveLength(1);

    await context.close();
  });
});
