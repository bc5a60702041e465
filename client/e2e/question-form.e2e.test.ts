import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePhase, makeStaff, type TestStaff } from '../../test/helpers.js';
import { QUESTION_EDITOR_PERMISSIONS } from './demo-data.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { seedDemo, setupStack } from './stack.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results');
let teacher: TestStaff;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
});
const holder = setupStack(async (stack) => {
  await seedDemo(stack);
  // A content editor: question read/create/update and the reference lists the form needs.
  teacher = await makeStaff(stack.db, {
    permissions: QUESTION_EDITOR_PERMISSIONS,
  });
});

/** A 600×300 picture of a pizza cut in quarters (plain shapes are enough for the test). */
const pizzaPng = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 250, g: 200, b: 90 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="300"><circle cx="300" cy="150" r="120" fill="#c0392b"/><line x1="180" y1="150" x2="420" y2="150" stroke="#fff" stroke-width="6"/><line x1="300" y1="30" x2="300" y2="270" stroke="#fff" stroke-width="6"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

describe('question form', () => {
  it('lets a teacher on a phone write a question with a fraction and a picture, then shows it as students will see it', async () => {
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, teacher.email, teacher.password);
    await page.goto('/admin-a1b2c3/question/new');
    const form = page.getByTestId('question-form');
    await form.waitFor();

    // Saving an empty form says what is missing, next to each field, before anything is sent.
    await page.getByTestId('q-save').click();
    await expect
      .poll(() => page.getByTestId('q-form-error').textContent())
      .toBe('Please fix the highlighted fields.');
    expect(await form.getByText('Write the question').count()).toBe(1);
    expect(await form.getByText('Mark exactly one option correct').count()).toBe(1);

    await page.getByTestId('q-grade').selectOption({ label: 'Grade 4' });
    await page.getByTestId('q-category').selectOption({ index: 1 });
    const sub = page.getByTestId('q-subcategory');
    await expect.poll(() => sub.locator('option').count()).toBeGreaterThan(1);
    await sub.selectOption({ index: 1 });
    await page.getByTestId('q-phases').getByRole('checkbox').first().check();
    await page.getByTestId('q-tags').selectOption('BOTH');

    // The question: typed text with an inline formula made by typing $…$.
    const question = page.getByTestId('q-question-editor');
    await question.click();
    await page.keyboard.type('What is $\\frac{1}{2}+\\frac{1}{4}$ of a pizza?');
    await question.getByTestId('editor-math-inline').locator('.katex').waitFor();
    expect(await question.textContent()).toContain('of a pizza?');
    await page.getByTestId('q-question-image-input').setInputFiles({
      name: 'pizza.png',
      mimeType: 'image/png',
      buffer: await pizzaPng(),
    });
    const figure = page.getByTestId('q-question-image').locator('img');
    await figure.waitFor();
    expect(await figure.getAttribute('src')).toMatch(/^\/uploads\/images\/[0-9a-f]{24}-960\.webp$/);

    // Option A through the formula dialog, which typesets as the teacher types.
    await page.getByTestId('q-option1-editor-formula').click();
    await page.getByTestId('math-latex').fill('\\frac{3}{4}');
    await page.getByTestId('math-preview').locator('.katex').waitFor();
    await page.getByTestId('math-save').click();
    await page.getByTestId('q-option1-editor').getByTestId('editor-math-inline').locator('.katex').waitFor();
    for (const [field, text] of [
      ['option2', '1/6'],
      ['option3', '2/6'],
      ['option4', '1/8'],
    ] as const) {
      await page.getByTestId(`q-${field}-editor`).click();
      await page.keyboard.type(text);
    }
    await page.getByTestId('q-option1-correct').check();
    await page.getByTestId('q-hint-editor').click();
    await page.keyboard.type('Write one half as two quarters, then add the quarters.');

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'question-form-360.png'), fullPage: true });
    await page.getByTestId('q-save').click();
    await page.waitForURL(/\/admin-a1b2c3\/question\/view\//);

    // Stored as the allowlist expects: the LaTeX inside span.math-inline, the picture under /uploads/.
    const stored = await holder.stack.db
      .selectFrom('questions')
      .select(['id', 'questionHtml', 'questionImage', 'createdBy'])
      .where('answerHintText', 'like', '%two quarters%')
      .executeTakeFirstOrThrow();
    expect(stored.questionHtml).toBe(
      '<p>What is <span class="math-inline">\\frac{1}{2}+\\frac{1}{4}</span> of a pizza?</p>',
    );
    expect(stored.questionImage).toMatch(/^\/uploads\/images\/[0-9a-f]{24}-960\.webp$/);
    expect(stored.createdBy).toBe(teacher.id);

    // The view page renders it (the 600 px picture is kept at its own width, never blown up) the way a student's phone will: typeset maths, the picture, lettered options.
    const preview = page.getByTestId('question-preview');
    await preview.locator('.katex').nth(1).waitFor();
    expect(await preview.locator('.q-text .katex annotation').first().textContent()).toBe(
      '\\frac{1}{2}+\\frac{1}{4}',
    );
    const shown = preview.locator('img.question-figure');
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(600);
    const options = preview.getByTestId('question-option');
    expect(await options.evaluateAll((items) => items.map((li) => li.getAttribute('data-letter')))).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    expect(await preview.locator('[data-correct="true"]').getAttribute('data-letter')).toBe('A');
    expect(await options.first().locator('.katex').count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'question-view-360.png'), fullPage: true });

    // In the list the preview shows the formula typeset too.
    await page.getByTestId('question-back').click();
    const row = page.getByTestId('questions-row').filter({ hasText: 'of a pizza?' });
    await row.locator('.katex').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('edits a question: loads its content unchanged, and shows client and server refusals on their fields', async () => {
    const { context, page } = await openPage(holder.stack, { width: 1280, height: 900 });
    await signInAsAdmin(page, teacher.email, teacher.password);
    const before = await holder.stack.db
      .selectFrom('questions')
      .select(['id', 'questionNo', 'questionHtml', 'answerHintText'])
      .where('type', '=', 'MCQS')
      .where('questionHtml', 'like', '%math-inline%')
      .orderBy('questionNo')
      .executeTakeFirstOrThrow();
    const extra = await makePhase(holder.stack.db, 9);
    await page.goto(`/admin-a1b2c3/question/${before.id}`);
    const editor = page.getByTestId('q-question-editor');
    await editor.locator('.katex').first().waitFor();

    // Caught in the browser: a hint video that is not https.
    await page.getByTestId('q-hint-video').fill('http://insecure.example/video');
    await page.getByTestId('q-save').click();
    expect(await page.getByText('Use a full https:// link').count()).toBe(1);
    await page.getByTestId('q-hint-video').fill('https://www.youtube.com/watch?v=abc');

    // Caught by the server: a phase another admin removed while the form was open.
    const phases = page.getByTestId('q-phases');
    await phases.getByRole('checkbox', { name: 'Phase 9' }).check();
    await holder.stack.db.deleteFrom('phases').where('id', '=', extra.id).execute();
    await page.getByTestId('q-save').click();
    await expect.poll(() => phases.textContent()).toContain('a chosen phase does not exist');
    expect(await page.getByTestId('q-form-error').textContent()).toBe('Please fix the highlighted fields.');
    await phases.getByRole('checkbox', { name: 'Phase 9' }).uncheck();
    await page.getByTestId('q-save').click();
    await page.waitForURL(/\/question\/view\//);
    const after = await holder.stack.db
      .selectFrom('questions')
      .select(['questionHtml', 'answerHintText', 'answerHintVideo'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    // The editor re-serialises what it loaded without changing it.
    expect(after).toEqual({
      questionHtml: before.questionHtml,
      answerHintText: before.answerHintText,
      answerHintVideo: 'https://www.youtube.com/watch?v=abc',
    });
    await context.close();
  });
});
