import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  endPhaseContest,
  loginStaff,
  makePlay,
  makeStudents,
  seededGradeId,
} from '../../test/helpers.js';
import { contestOfGrade3, demoPhaseId } from './demo-data.js';
import { expectAccessible, expectFits, openPage, PHONE, screenshotFor, signInAsAdmin } from './pages.js';
import { DEMO_ADMIN, type Stack, seedDemo, setupStack } from './stack.js';

const DESKTOP = { width: 1366, height: 800 } as const;
const EXTRA_STUDENTS = 60;

/** The demo data plus 60 grade-5 students with long school names: 64 students, two pages of 50. */
const holder = setupStack(async (stack) => {
  await seedDemo(stack);
  const gradeId = await seededGradeId(stack.db, 'Grade 5');
  await makeStudents(stack.db, EXTRA_STUDENTS, {
    gradeId,
    city: 'Rawalpindi',
    schoolName: 'Beaconhouse School System, Margalla Campus',
    phone: '03001234567',
    shortDescription: 'BATCH-2026-RWP',
    codeEntered: true,
    contestAttempts: 2,
  });
});

async function signedIn(size: { width: number; height: number } = DESKTOP) {
  const opened = await openPage(holder.stack, size);
  await signInAsAdmin(opened.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return opened;
}

async function openStudents(page: Page, query = '') {
  await page.goto(`/admin-a1b2c3/students${query}`);
  await page.getByTestId('students-row').first().waitFor();
}

const studentRow = (page: Page, name: string) =>
  page.getByTestId('students-row').filter({ has: page.getByTestId('students-name').getByText(name) });

/** The demo Super Admin's token, for calls the page never makes (a bad sort, a refused promotion). */
const adminToken = async (stack: Stack) => (await loginStaff(stack.app, DEMO_ADMIN)).accessToken;

/**
 * Words (runs of letters and digits) of the cells that the browser broke over two lines ("Practic e";
 * a break after a hyphen or a space is fine), but for text inside `skip` (an e-mail address may break
 * anywhere rather than widen the table).
 */
function wordsBrokenIn(page: Page, cells: string, skip = '.q-preview'): Promise<string[]> {
  return page.evaluate(
    ([selector, skipped]) => {
      const broken: string[] = [];
      for (const cell of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          if (node.parentElement?.closest(skipped)) {
            continue;
          }
          for (const word of (node.textContent ?? '').matchAll(/[\p{L}\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) {
              broken.push(word[0]);
            }
          }
        }
      }
      return broken;
    },
    [cells, skip] as const,
  );
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (found === null) {
    throw new Error('not rendered');
  }
  return found;
};

describe('admin lists an admin enjoys', () => {
  it('shows every student row’s actions at 1366 px without scrolling sideways, with a remembered column picker', async () => {
    const { context, page } = await signedIn();
    await openStudents(page);
    const rows = page.getByTestId('students-row');
    expect(await rows.count()).toBe(50);

    const card = await box(page.getByRole('region', { name: 'Students' }));
    const table = await box(page.getByTestId('students-table'));
    expect(table.x + table.width).toBeLessThanOrEqual(card.x + card.width);
    const scroller = await page
      .getByTestId('students-table')
      .evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(scroller).toBeLessThanOrEqual(0);
    for (const row of await rows.all()) {
      for (const control of [
        row.getByTestId('students-status'),
        row.getByTestId('students-detail'),
        row.getByTestId('students-view'),
        row.getByTestId('students-edit'),
        row.getByTestId('students-delete'),
      ]) {
        const at = await box(control);
        expect(at.x + at.width).toBeLessThanOrEqual(Math.min(DESKTOP.width, card.x + card.width));
      }
    }
    await expectFits(page, 'polish/students-1366');

    // Fewer columns by default; the picker adds one back, and the browser remembers the choice.
    const cityHeader = page.getByRole('columnheader', { name: 'City / school' });
    expect(await cityHeader.count()).toBe(0);
    await page.getByTestId('students-columns').click();
    await page.getByRole('checkbox', { name: 'City / school' }).check();
    await cityHeader.waitFor();
    await page.reload();
    await rows.first().waitFor();
    await cityHeader.waitFor();
    await page.getByTestId('students-columns').click();
    await page.getByRole('checkbox', { name: 'City / school' }).uncheck();
    await expect.poll(() => cityHeader.count()).toBe(0);
    await context.close();
  });

  it('names the row links for what they open, with the student’s name in their accessible names', async () => {
    const { context, page } = await signedIn();
    await openStudents(page, '?fullName=Fatima');
    const row = studentRow(page, 'Fatima Malik');
    const id = await row.getAttribute('data-student-id');
    const profile = row.getByRole('link', { name: 'Profile of Fatima Malik', exact: true });
    const attempts = row.getByRole('link', { name: 'Quiz attempts of Fatima Malik', exact: true });
    expect(await profile.textContent()).toBe('Profile');
    expect(await attempts.textContent()).toBe('Quiz attempts');
    expect(await profile.getAttribute('href')).toBe(`/admin-a1b2c3/students/view/${id}`);
    expect(await attempts.getAttribute('href')).toBe(`/admin-a1b2c3/students/quiz-attempt-list/${id}`);
    expect(await row.getByRole('link', { name: /^(Detail|View)$/ }).count()).toBe(0);
    await expectAccessible(page, 'students list');
    await attempts.click();
    await page.waitForURL(`**/students/quiz-attempt-list/${id}`);
    await context.close();
  });

  it('sorts students, quizzes and questions by a column header, keeping the sort in the URL', async () => {
    const { context, page } = await signedIn();
    const names = () => page.getByTestId('students-name').allTextContents();
    const byName = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, 'en'));

    await openStudents(page);
    const nameHeader = page.getByRole('columnheader', { name: /Student/ });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    await nameHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'fullName');
    expect(new URL(page.url()).searchParams.get('dir')).toBe('asc');
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => (await names())[0]).toBe('Ayesha Khan');
    expect(await names()).toEqual(byName(await names()));

    await nameHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'desc');
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await names())[0]).toBe('Usman Afridi');
    expect(await names()).toEqual(byName(await names()).reverse());

    // The address alone gives the same order; a mangled one falls back to the default.
    await openStudents(page, '?sort=fullName&dir=desc&page=1');
    expect((await names())[0]).toBe('Usman Afridi');
    await openStudents(page);
    const newestFirst = await names();
    await openStudents(page, '?sort=password&dir=sideways');
    expect(await names()).toEqual(newestFirst);
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');

    // The server keeps a whitelist, refuses anything else with a message, and ties never repeat a row.
    const token = await adminToken(holder.stack);
    const call = (url: string) => holder.stack.app.inject({ method: 'GET', url, headers: bearer(token) });
    for (const url of [
      '/api/student/detail/?sort=passwordHash',
      '/api/quiz/detail/?sort=title&dir=up',
      '/api/question/detail/?sort=questionHtml;drop',
    ]) {
      const refused = await call(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ message: string }>().message, url).toMatch(/sort|dir/);
    }
    const ids: string[] = [];
    for (const pageNo of [1, 2]) {
      const res = await call(`/api/student/detail/?sort=grade&dir=asc&limit=50&page=${pageNo}`);
      expect(res.statusCode).toBe(200);
      ids.push(...res.json<{ data: { _id: string }[] }>().data.map((s) => s._id));
    }
    expect(new Set(ids).size).toBe(EXTRA_STUDENTS + 4);

    await page.goto('/admin-a1b2c3/quiz');
    await page.getByTestId('quizzes-row').first().waitFor();
    const titleHeader = page.getByRole('columnheader', { name: /Title/ });
    await titleHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title');
    await expect.poll(() => titleHeader.getAttribute('aria-sort')).toBe('ascending');
    const titles = () => page.locator('[data-testid="quizzes-row"] th').allTextContents();
    await expect.poll(async () => (await titles())[0]).toBe('Grade 2 Contest — Phase 1');
    expect(await titles()).toEqual(byName(await titles()));

    await page.goto('/admin-a1b2c3/questions');
    await page.getByTestId('questions-row').first().waitFor();
    const numberHeader = page.getByRole('columnheader', { name: /No\./ });
    expect(await numberHeader.getAttribute('aria-sort')).toBe('descending');
    await numberHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'asc');
    await expect.poll(() => numberHeader.getAttribute('aria-sort')).toBe('ascending');
    const numbers = async () =>
      (await page.getByTestId('questions-view').allTextContents()).map((n) => Number(n.slice(1)));
    await expect.poll(async () => (await numbers())[0]).toBeLessThan((await numbers())[1]!);
    expect(await numbers()).toEqual([...(await numbers())].sort((a, b) => a - b));
    await expectAccessible(page, 'questions list sorted');
    await context.close();

    // On a phone the headers are hidden (rows are cards): a menu sorts instead.
    const phone = await signedIn(PHONE);
    await openStudents(phone.page);
    await phone.page.getByTestId('students-sort').selectOption({ label: 'Name, ascending' });
    await phone.page.waitForURL((url) => url.searchParams.get('sort') === 'fullName');
    await expect
      .poll(async () => await phone.page.getByTestId('students-name').first().textContent())
      .toBe('Ayesha Khan');
    await expectFits(phone.page, 'polish/students-sorted-360');
    await phone.context.close();
  });

  it('says a page past the end is past the end and offers the last page, on every list', async () => {
    const { context, page } = await signedIn();
    await page.goto('/admin-a1b2c3/students?page=99');
    const notice = page.getByTestId('list-past-end');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Page 99');
    expect(await page.getByText('No students yet.').count()).toBe(0);
    expect(await page.getByText('Page 99 of').count()).toBe(0);
    await screenshotFor(page, 'polish/students-past-end-1366');
    await notice.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByTestId('students-row').first().waitFor();
    expect(await page.getByTestId('students-row').count()).toBe(EXTRA_STUDENTS + 4 - 50);

    await page.goto('/admin-a1b2c3/quiz?page=7');
    await page.getByTestId('list-past-end').getByRole('button', { name: 'Go to page 1' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.getByTestId('quizzes-row').first().waitFor();
    expect(await page.getByText('No quizzes yet.').count()).toBe(0);
    await context.close();
  });

  it('wraps quiz titles and other list cells at word boundaries, never mid-word', async () => {
    await holder.stack.db
      .updateTable('quizzes')
      .set({ title: 'Grade 5 Practice — Fractions, Decimals and Percentages' })
      .where('title', '=', 'Grade 5 Practice')
      .execute();
    for (const size of [{ width: 1280, height: 800 }, DESKTOP]) {
      const { context, page } = await signedIn(size);
      await page.goto('/admin-a1b2c3/quiz');
      await page.getByTestId('quizzes-row').first().waitFor();
      expect(
        await wordsBrokenIn(page, '[data-testid="quizzes-row"] > *'),
        `quizzes at ${size.width}`,
      ).toEqual([]);
      await screenshotFor(page, `polish/quizzes-${size.width}`);
      await page.goto('/admin-a1b2c3/questions');
      await page.getByTestId('questions-row').first().waitFor();
      expect(
        await wordsBrokenIn(page, '[data-testid="questions-row"] > *'),
        `questions at ${size.width}`,
      ).toEqual([]);
      await openStudents(page);
      expect(
        await wordsBrokenIn(page, '[data-testid="students-row"] > *', '[data-testid="students-email"]'),
        `students at ${size.width}`,
      ).toEqual([]);
      await context.close();
    }
  });

  it('names the phase and grade when promoting, refuses a student without a finished contest play, and shows winners', async () => {
    const { db } = holder.stack;
    const contest = await contestOfGrade3(holder.stack);
    const fatima = await db
      .selectFrom('students')
      .select(['id', 'gradeId'])
      .where('email', '=', 'fatima.malik@example.com')
      .executeTakeFirstOrThrow();
    const play = await makePlay(db, { ...contest, studentId: fatima.id, answers: [] });
    await db
      .insertInto('phaseStandings')
      .values({
        phaseId: contest.phaseId,
        gradeId: contest.gradeId,
        studentId: fatima.id,
        playId: play.id,
        score: 9.5,
        totalTimeMs: 200_000,
        finishedAt: new Date(),
        rank: 1,
      })
      .execute();
    await endPhaseContest(db, contest.phaseId);
    const ayesha = await db
      .selectFrom('students')
      .select(['id', 'gradeId'])
      .where('email', '=', 'ayesha.khan@example.com')
      .executeTakeFirstOrThrow();

    // The server refuses a student who never finished a contest play in the phase.
    const token = await adminToken(holder.stack);
    const refused = await holder.stack.app.inject({
      method: 'POST',
      url: '/api/phaseWinner/create/manually',
      headers: bearer(token),
      payload: {
        password: DEMO_ADMIN.password,
        phaseId: await demoPhaseId(holder.stack),
        winnerId: ayesha.id,
        gradeId: ayesha.gradeId,
      },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json<{ message: string }>().message).toContain('no finished contest play');
    expect(await db.selectFrom('phaseWinners').select('id').execute()).toEqual([]);

    const { context, page } = await signedIn(PHONE);
    await openStudents(page, '?fullName=Ayesha');
    await studentRow(page, 'Ayesha Khan').getByRole('button', { name: 'Promote Ayesha Khan' }).click();
    const refusal = page.getByTestId('promote-student-modal');
    await refusal.waitFor();
    const refusalText = await refusal.textContent();
    expect(refusalText).toContain('Phase 1 — Qualifier');
    expect(refusalText).toContain('Grade 5');
    expect(refusalText).toContain('no finished contest play');
    expect(await refusal.locator('input[type="password"]').count()).toBe(0);
    expect(await refusal.getByRole('button', { name: 'Promote' }).count()).toBe(0);
    await expectFits(page, 'polish/promote-refused-360');
    await refusal.getByRole('button', { name: 'Close' }).last().click();

    await openStudents(page, '?fullName=Fatima');
    const row = studentRow(page, 'Fatima Malik');
    await row.getByRole('button', { name: 'Promote Fatima Malik' }).click();
    const modal = page.getByTestId('promote-student-modal');
    const modalText = await modal.textContent();
    expect(modalText).toContain('Phase 1 — Qualifier');
    expect(modalText).toContain('Grade 3');
    await screenshotFor(page, 'polish/promote-360');
    await modal.getByTestId('confirm-password').fill(DEMO_ADMIN.password);
    await modal.getByTestId('confirm-password-submit').click();
    await page.getByText('Student promoted as winner').waitFor();
    await row.getByTestId('students-winner').waitFor();
    expect(await row.getByTestId('students-winner').textContent()).toBe('Winner');
    expect(await row.getByTestId('students-promote').count()).toBe(0);
    await openStudents(page, '?fullName=Fatima');
    await row.getByTestId('students-winner').waitFor();
    expect(await row.getByTestId('students-promote').count()).toBe(0);
    await screenshotFor(page, 'polish/students-winner-360');
    await context.close();
  });
});
