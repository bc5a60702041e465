import { describe, expect, it } from 'vitest';
import { makeStaff, type TestStaff } from '../../test/helpers.js';
import { QUESTION_EDITOR_PERMISSIONS } from './demo-data.js';
import { expectAccessible, expectFits, openPage, PHONE, signInAsAdmin } from './pages.js';
import { seedDemo, setupStack } from './stack.js';

let teacher: TestStaff;
const holder = setupStack(async (stack) => {
  await seedDemo(stack);
  teacher = await makeStaff(stack.db, {
    permissions: QUESTION_EDITOR_PERMISSIONS,
  });
});

describe("the question form's Urdu part", () => {
  it('lets a teacher on a phone write the Urdu stem, an option and the hint beside the English, right to left', async () => {
    const { stack } = holder;
    const before = await stack.db
      .selectFrom('questions')
      .select(['id', 'questionNo', 'questionHtml'])
      .where('type', '=', 'MCQS')
      // The newest: the first row of the list.
      .orderBy('questionNo', 'desc')
      .executeTakeFirstOrThrow();
    const { context, page } = await openPage(stack, PHONE);
    await signInAsAdmin(page, teacher.email, teacher.password);
    await page.goto(`/admin-a1b2c3/question/${before.id}`);
    const urdu = page.getByTestId('q-urdu');
    await urdu.waitFor();
    expect(await urdu.locator('[dir="rtl"][lang="ur"]').count()).toBe(1);
    const stem = page.getByTestId('q-question-urdu-editor');
    expect(await stem.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    await stem.click();
    await page.keyboard.type('ایک پیزا کا آدھا کتنا ہے؟');
    await page.getByTestId('q-option2-urdu-editor').click();
    await page.keyboard.type('دو حصے');
    await page.getByTestId('q-hint-urdu-editor').click();
    await page.keyboard.type('پیزا کو برابر حصوں میں کاٹیں۔');
    await expectFits(page, 'urdu/question-form-urdu-360');
    await expectAccessible(page, 'question form with its Urdu part');
    await page.getByTestId('q-save').click();
    await page.waitForURL(/\/question\/view\//);

    const stored = await stack.db
      .selectFrom('questions')
      .select(['questionHtml', 'questionHtmlUr', 'answerHintTextUr'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      questionHtml: before.questionHtml,
      questionHtmlUr: '<p>ایک پیزا کا آدھا کتنا ہے؟</p>',
      answerHintTextUr: '<p>پیزا کو برابر حصوں میں کاٹیں۔</p>',
    });
    const options = await stack.db
      .selectFrom('questionOptions')
      .select(['position', 'textHtmlUr'])
      .where('questionId', '=', before.id)
      .orderBy('position')
      .execute();
    expect(options.map((o) => o.textHtmlUr)).toEqual([null, '<p>دو حصے</p>', null, null]);

    // The view page and the list say it has Urdu.
    expect(await page.getByTestId('question-urdu').textContent()).toContain('ایک پیزا کا آدھا کتنا ہے؟');
    await page.goto('/admin-a1b2c3/questions');
    const row = page.getByTestId('questions-row').filter({ hasText: `#${before.questionNo}` });
    await row.getByTestId('questions-has-urdu').waitFor();
    expect(await page.getByTestId('questions-has-urdu').count()).toBe(1);

    // Editing again starts from the saved Urdu.
    await page.goto(`/admin-a1b2c3/question/${before.id}`);
    await expect.poll(() => page.getByTestId('q-option2-urdu-editor').textContent()).toBe('دو حصے');
    await context.close();
  });
});
