import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rebuildPhase } from '../../api/src/modules/rankings/rankings.service.js';
import { makePlay, makeStudent, setFlags } from '../../test/helpers.js';
import { contestOfGrade3 } from './demo-data.js';
import { DESKTOP, expectFits, openPage, PHONE } from './pages.js';
import { seedDemo, setupStack } from './stack.js';

// Names that lie (#29): a child placed 4th whose name, stored before names were checked, carries a
// RIGHT-TO-LEFT OVERRIDE, so that it reads "Rank: #1" wherever it is drawn as it is.
const LYING = '\u202e1# :knaR';
const CODE = 'NAMES00001';

const holder = setupStack(async (stack) => {
  await seedDemo(stack);
  // Full names on the public board, so the whole stored name is drawn.
  await stack.db
    .insertInto('publicDisplaySettings')
    .values({ id: 1, nameStyle: 'FULL' })
    .onConflict((oc) => oc.column('id').doUpdateSet({ nameStyle: 'FULL' }))
    .execute();
});

/** Four finished contest plays in grade 3, the lying name last, ranked; the 4th holds a certificate. */
async function seedLyingFourth() {
  const { stack } = holder;
  const contest = await contestOfGrade3(stack);
  await setFlags(stack.db, {
    isLeaderBoardDisplayed: true,
    isEmptyLeaderBoardDisplayed: false,
    isContestQuizEnabled: true,
    contestQuizPhase: contest.phaseId,
  });
  const names = ['Ayesha Khan', 'Bilal Ahmed', 'Sana Iqbal', LYING];
  let fourth = '';
  for (const [index, fullName] of names.entries()) {
    const student = await makeStudent(stack.db, { fullName, gradeId: contest.gradeId });
    await makePlay(stack.db, { ...contest, studentId: student.id, score: 12 - index * 2, answers: [] });
    fourth = student.id;
  }
  await rebuildPhase(stack.db, contest.phaseId);
  await stack.db
    .insertInto('certificates')
    .values({
      code: CODE,
      studentId: fourth,
      phaseId: contest.phaseId,
      gradeId: contest.gradeId,
      kind: 'QUALIFIER',
      rank: 4,
      printedName: LYING,
      printedGrade: 'Grade 3',
      printedPhase: 'Phase 1',
    })
    .execute();
}

/**
 * The text as a reader sees it, left to right: each character placed by the browser's own layout
 * (bidi reordering included), read back in the order of its position on the screen.
 */
const shownText = (locator: Locator) =>
  locator.evaluate((element) => {
    const placed: { char: string; x: number; y: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) {
          placed.push({ char: text[i] ?? '', x: box.left, y: Math.round(box.top) });
        }
      }
    }
    placed.sort((a, b) => (Math.abs(a.y - b.y) > 4 ? a.y - b.y : a.x - b.x));
    return placed.map((p) => p.char).join('');
  });

describe('names that lie', () => {
  it('the public board shows the 4th-placed child as 4th, the name without its override', async () => {
    await seedLyingFourth();
    for (const size of [DESKTOP, PHONE]) {
      const { context, page } = await openPage(holder.stack, size);
      await page.goto('/');
      await page.getByTestId('leaderboard-section').waitFor();
      const rows = page.getByTestId('leaderboard-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
      const fourth = rows.nth(3);
      const name = fourth.locator('.board__name');
      expect(await name.innerText()).toBe('1# :knaR');
      expect(await shownText(name)).toBe('1# :knaR');
      expect(await fourth.locator('.board__rank').innerText()).toBe('4');
      const board = await shownText(page.getByTestId('leaderboard-table'));
      expect(board).not.toContain('Rank');
      expect(board).not.toContain('#1');
      await expectFits(page, `names/board-${size.width}`);
      await context.close();
    }
  });

  it('the certificate page says the name as stored, without its override, beside the real rank', async () => {
    await seedLyingFourth();
    for (const size of [PHONE, DESKTOP]) {
      const { context, page } = await openPage(holder.stack, size);
      await page.goto(`/certificates/${CODE}`);
      const valid = page.getByTestId('certificate-valid');
      await valid.waitFor();
      const values = valid.locator('dd');
      expect(await valid.locator('dt').allInnerTexts()).toEqual([
        'Certificate',
        'Name',
        'Grade',
        'Phase',
        'Rank',
        'Issued on',
        'Code',
      ]);
      expect(await values.nth(1).innerText()).toBe('1# :knaR');
      expect(await shownText(values.nth(1))).toBe('1# :knaR');
      expect(await values.nth(4).innerText()).toBe('4');
      const card = await shownText(valid);
      expect(card).not.toContain('Rank: #1');
      expect(card).not.toContain('#1');
      await expectFits(page, `names/verify-${size.width}`);
      await context.close();
    }
  });

  it('the sign-up form refuses the lying name before sending, in English and in Urdu', async () => {
    await setFlags(holder.stack.db, { isRegistrationEnabled: true });
    const problemOf = async (page: Page) => {
      const field = page.getByTestId('signup-fullName');
      await page.getByTestId('signup-submit').click();
      await expect.poll(() => field.getAttribute('aria-describedby')).toContain('-error');
      const ids = (await field.getAttribute('aria-describedby')) ?? '';
      const errorId = ids.split(' ').find((id) => id.endsWith('-error')) ?? '';
      return page.locator(`[id="${errorId}"]`).innerText();
    };
    for (const [size, urdu] of [
      [DESKTOP, false],
      [PHONE, true],
    ] as const) {
      const { context, page } = await openPage(holder.stack, size);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/student/signup')) {
          sent.push(request.url());
        }
      });
      await page.goto('/signup');
      if (urdu) {
        await page.getByTestId('language-switch').first().click();
        await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      }
      await page.getByTestId('signup-fullName').fill(LYING);
      expect(await problemOf(page)).toBe(
        urdu
          ? 'پورا نام میں نظر نہ آنے والے حروف یا لکھنے کی سمت بدلنے والے نشان نہیں ہو سکتے۔ براہِ کرم اسے کاپی کرنے کے بجائے خود لکھیں۔'
          : 'Full name must not contain invisible characters or text-direction marks. Please type it rather than paste it.',
      );
      expect(sent).toEqual([]);
      await page.getByTestId('signup-fullName').scrollIntoViewIfNeeded();
      await expectFits(page, `names/signup-${urdu ? 'ur' : 'en'}-${size.width}`);
      await context.close();
    }
  });
});
