import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { setFlags } from '../../test/helpers.js';
import { expectAccessible, horizontalOverflow, screenshotFor } from './pages.js';
import { openDemoContest, setupSeededStack } from './stack.js';

const holder = setupSeededStack();
const STUDENT_EMAIL = 'fatima.malik@example.com';
const SUBMIT = '**/api/play-quiz/question/submit-answer';

beforeEach(() => openDemoContest(holder.stack));

/** A context whose child reads Urdu (remembered on the device, as the language switch does). */
async function urduContext(width: number, height: number): Promise<BrowserContext> {
  const context = await holder.stack.newContext({ width, height });
  await context.addInitScript(() => {
    if (window.localStorage.getItem('riyazi:language') === null) {
      window.localStorage.setItem('riyazi:language', JSON.stringify({ language: 'ur', chosen: true }));
    }
  });
  return context;
}

async function signInAsStudent(page: Page) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(STUDENT_EMAIL);
  await page.getByTestId('login-password').fill(DEMO_STUDENT_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-home').waitFor();
}

async function openContestRules(page: Page) {
  await page.getByTestId('contest-quizzes').getByTestId('quiz-start-link').first().click();
  await page.getByTestId('quiz-guidelines').waitFor();
  await page.getByTestId('quiz-rules').waitFor();
}

async function waitForQuestion(page: Page, qno: number) {
  await page.waitForURL((url) => url.pathname === '/quiz' && url.searchParams.get('qno') === String(qno));
  await page.getByTestId('question-screen').waitFor();
  await page.getByTestId('quiz-timer').waitFor();
}

/** Chooses the first option, or types an answer to an Open Ended question. */
async function chooseSomething(page: Page) {
  const options = page.getByTestId('quiz-option');
  if ((await options.count()) > 0) {
    await options.first().click();
  } else {
    await page.getByTestId('open-answer').fill('7');
  }
}

async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('quiz-timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

const statusText = (page: Page) => page.getByTestId('answer-status').textContent();

const shot = (page: Page, name: string) => screenshotFor(page, `contest/${name.replace(/\.png$/, '')}`);

const activeTestId = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body
      ? 'body'
      : (active.getAttribute('data-testid') ?? active.tagName);
  });

async function openPlayId(): Promise<string> {
  const play = await holder.stack.db
    .selectFrom('plays')
    .select('id')
    .where('kind', '=', 'CONTEST')
    .orderBy('startedAt', 'desc')
    .executeTakeFirstOrThrow();
  return play.id;
}

async function answerAt(playId: string, position: number) {
  return holder.stack.db
    .selectFrom('playAnswers')
    .innerJoin('playQuestions', (join) =>
      join
        .onRef('playQuestions.playId', '=', 'playAnswers.playId')
        .onRef('playQuestions.questionId', '=', 'playAnswers.questionId'),
    )
    .select([
      'playAnswers.outcome',
      'playAnswers.score',
      'playAnswers.selectedOptionIds',
      'playAnswers.answerText',
    ])
    .where('playAnswers.playId', '=', playId)
    .where('playQuestions.position', '=', position)
    .executeTakeFirst();
}

const outboxKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(window.localStorage).filter((key) => key.startsWith('riyazi-quiz-outbox:')),
  );

describe('a contest on a patchy network', () => {
  it('keeps an answer sent offline on the phone, says so, and saves and scores it once the network is back', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsStudent(page);
    await openContestRules(page);
    await expectAccessible(page, 'contest guidelines (English)');
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    await expectAccessible(page, 'contest question (English)');
    // The new question has the keyboard focus on its heading (the only h1).
    expect(await page.locator('h1').count()).toBe(1);
    await expect.poll(() => activeTestId(page)).toBe('question-number');

    // Keyboard only: Tab to the first option, Space chooses it, Tab to Submit and press Enter.
    const hasOptions = (await page.getByTestId('quiz-option').count()) > 0;
    if (hasOptions) {
      await page.getByTestId('quiz-option').first().focus();
      await page.keyboard.press('Space');
      expect(await page.getByTestId('quiz-option').first().isChecked()).toBe(true);
    } else {
      await page.getByTestId('open-answer').fill('7');
    }
    await page.getByTestId('quiz-submit').focus();
    await page.keyboard.press('Enter');
    await waitForQuestion(page, 1);
    await expect.poll(() => activeTestId(page)).toBe('question-number');

    // The network drops: the answer waits on the phone and the screen says so.
    const playId = await openPlayId();
    await chooseSomething(page);
    await context.setOffline(true);
    await page.getByTestId('quiz-submit').click();
    await expect
      .poll(() => statusText(page), { timeout: 10_000 })
      .toContain('No connection — we will send it');
    expect(await outboxKeys(page)).toHaveLength(1);
    // After answering, the focus stays on the chosen answer, never the page body.
    await expect.poll(() => activeTestId(page)).toMatch(/^(quiz-option|open-answer)$/);
    // It cannot be answered twice while it waits, and the clock keeps the server's deadline.
    expect(await page.getByTestId('quiz-submit').isDisabled()).toBe(true);
    expect(await answerAt(playId, 1)).toBeUndefined();
    await shot(page, 'contest-offline-en-360.png');

    await context.setOffline(false);
    await expect.poll(() => statusText(page), { timeout: 15_000 }).toContain('Saved');
    await waitForQuestion(page, 2);
    await expect.poll(() => activeTestId(page)).toBe('question-number');
    expect(await outboxKeys(page)).toEqual([]);
    const saved = await answerAt(playId, 1);
    expect(saved?.outcome).toBe('ANSWERED');
    // Scored by the workers like any other answer.
    await expect
      .poll(async () => (await answerAt(playId, 1))?.score ?? null, { timeout: 20_000 })
      .not.toBeNull();
    await context.close();
  }, 90_000);

  it('a reload while an answer waits sends it before asking for any question (on a phone whose clock is 7 minutes fast)', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    // The phone's clock is 7 minutes ahead of the server's.
    await context.addInitScript(() => {
      const skew = 7 * 60_000;
      const RealDate = Date;
      class SkewedDate extends RealDate {
        constructor(...args: ConstructorParameters<DateConstructor> | []) {
          if (args.length === 0) {
            super(RealDate.now() + skew);
          } else {
            super(...(args as ConstructorParameters<DateConstructor>));
          }
        }
        static override now() {
          return RealDate.now() + skew;
        }
      }
      window.Date = SkewedDate as DateConstructor;
    });
    const page = await context.newPage();
    await signInAsStudent(page);
    await openContestRules(page);
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    // The clock shows the server's seconds, not 0:00 (the deadline read naively on a fast clock).
    await expect.poll(() => timerSeconds(page)).toBeGreaterThanOrEqual(170);
    expect(await timerSeconds(page)).toBeLessThanOrEqual(180);
    const playId = await openPlayId();

    await page.route(SUBMIT, (route) => route.abort('internetdisconnected'));
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await expect
      .poll(() => statusText(page), { timeout: 10_000 })
      .toContain('No connection — we will send it');

    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/play-quiz/')) {
        calls.push(`${request.method()} ${url.pathname}`);
      }
    });
    await page.reload();
    await page.getByTestId('answer-waiting').waitFor();
    await expect
      .poll(() => statusText(page), { timeout: 10_000 })
      .toContain('No connection — we will send it');
    expect(calls).not.toContain('GET /api/play-quiz/question');

    await page.unroute(SUBMIT);
    await waitForQuestion(page, 1);
    await expect.poll(() => statusText(page)).toContain('Saved');
    const firstSubmit = calls.indexOf('POST /api/play-quiz/question/submit-answer');
    const firstQuestion = calls.indexOf('GET /api/play-quiz/question');
    expect(firstSubmit).toBeGreaterThanOrEqual(0);
    expect(firstQuestion).toBeGreaterThan(firstSubmit);
    expect((await answerAt(playId, 0))?.outcome).toBe('ANSWERED');
    expect(await outboxKeys(page)).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('honest about time and keys', () => {
  it('an answer still offline after the deadline plus grace is reported as not counted, and the contest moves on', async () => {
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsStudent(page);
    await openContestRules(page);
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    const playId = await openPlayId();
    await sql`UPDATE play_questions SET deadline_at = now() + interval '4 seconds'
      WHERE play_id = ${playId} AND position = 0`.execute(holder.stack.db);
    await page.reload();
    await waitForQuestion(page, 0);
    await chooseSomething(page);
    await context.setOffline(true);
    await page.getByTestId('quiz-submit').click();
    await expect
      .poll(() => statusText(page), { timeout: 10_000 })
      .toContain('No connection — we will send it');
    await expect
      .poll(() => statusText(page), { timeout: 30_000 })
      .toContain('Time ran out before your answer reached us');
    await context.setOffline(false);
    await waitForQuestion(page, 1);
    expect(await statusText(page)).toContain('counts as not answered');
    expect((await answerAt(playId, 0))?.outcome).toBe('NO_ANSWER');
    expect(await outboxKeys(page)).toEqual([]);
    await context.close();
  }, 90_000);

  it('practice by keyboard: arrow keys choose without revealing, Check reveals, the focus stays on the option', async () => {
    const { db } = holder.stack;
    const phase = await db
      .selectFrom('phases')
      .select('id')
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    await setFlags(db, { isPracticeQuizEnabled: true, practiceQuizPhase: phase.id });
    const context = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await signInAsStudent(page);
    await page.getByTestId('practice-quizzes').getByTestId('quiz-start-link').first().click();
    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    // Move on to a single-choice question (open-ended ones have no options).
    for (let guard = 0; guard < 6 && (await page.getByTestId('quiz-option').count()) < 2; guard += 1) {
      const qno = Number(new URL(page.url()).searchParams.get('qno'));
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
      await page.getByTestId('quiz-explanation').waitFor();
      await page.getByTestId('quiz-submit').click();
      await waitForQuestion(page, qno + 1);
    }
    const options = page.getByTestId('quiz-option');
    expect(await options.count()).toBeGreaterThan(1);
    await options.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(1).isChecked()).toBe(true);
    expect(await page.locator('[data-mark]').count()).toBe(0);
    expect(await page.getByTestId('quiz-submit').textContent()).toBe('Check');
    await page.getByTestId('quiz-submit').click();
    await page.getByTestId('quiz-explanation').waitFor();
    expect(await page.locator('[data-mark]').count()).toBeGreaterThan(0);
    await options.nth(1).focus();
    await page.keyboard.press('ArrowUp');
    // Locked once revealed: the choice does not change and the focus is still on an option.
    await expect.poll(() => options.nth(1).isChecked()).toBe(true);
    expect(await activeTestId(page)).toBe('quiz-option');
    await context.close();
  }, 90_000);
});

describe('the contest in Urdu', () => {
  it('guidelines, question, waiting answer and results read right to left, fit 360 px and pass axe', async () => {
    // Every question gets an Urdu stem (with maths inside) and its first option an Urdu text, as
    // a teacher writes them in the question form; the other options stay English.
    const { db } = holder.stack;
    await db
      .updateTable('questions')
      .set({
        questionHtmlUr:
          '<p>جمع کریں: <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span> کتنا ہوتا ہے؟</p>',
      })
      .execute();
    await sql`UPDATE question_options o SET text_html_ur = '<p>تین چوتھائی</p>'
      WHERE o.position = (SELECT min(position) FROM question_options p WHERE p.question_id = o.question_id)`.execute(
      db,
    );
    const context = await urduContext(360, 740);
    const page = await context.newPage();
    await signInAsStudent(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await openContestRules(page);
    await expect.poll(() => page.getByTestId('quiz-rules').textContent()).toContain('کثیر انتخابی');
    await expectAccessible(page, 'contest guidelines (Urdu)');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-guidelines-ur-360.png');

    await page.getByTestId('quiz-start').click();
    await waitForQuestion(page, 0);
    await expect.poll(() => page.getByTestId('question-number').textContent()).toContain('سوال 1');
    // The clock stays left to right inside the Urdu page.
    expect(
      await page.getByTestId('quiz-timer').evaluate((el) => el.closest('bdi')?.getAttribute('dir') ?? null),
    ).toBe('ltr');
    await expectAccessible(page, 'contest question (Urdu)');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-question-ur-360.png');

    await page.route(SUBMIT, (route) => route.abort('internetdisconnected'));
    await chooseSomething(page);
    await page.getByTestId('quiz-submit').click();
    await expect.poll(() => statusText(page), { timeout: 10_000 }).toContain('انٹرنیٹ نہیں ہے');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-waiting-ur-360.png');
    await page.unroute(SUBMIT);
    await waitForQuestion(page, 1);
    await expect.poll(() => statusText(page)).toContain('محفوظ ہو گیا');

    // The question's Urdu text as the api serves it: the stem and the first option in Urdu, right
    // to left, the maths inside left to right; the options without Urdu stay English, left to right.
    const stem = page.locator('div[lang="ur"]:has(> .quiz-question__text)');
    await expect.poll(() => stem.textContent()).toContain('جمع کریں');
    expect(await stem.getAttribute('dir')).toBe('rtl');
    await page.locator('.quiz-question__text .katex').first().waitFor();
    expect(
      await page
        .locator('.quiz-question__text .katex')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('ltr');
    // Laid out left to right too: ½ (written first) stands left of ¼ in the right-to-left line.
    const fractions = page.locator('.quiz-question__text .math-inline math mfrac');
    const [half, quarter] = await Promise.all([
      fractions.nth(0).boundingBox(),
      fractions.nth(1).boundingBox(),
    ]);
    expect(half?.x ?? Number.NaN).toBeLessThan(quarter?.x ?? Number.NaN);
    expect(await fractions.nth(0).textContent()).toBe('12');
    const optionBodies = page.locator('.quiz-option__body');
    const directions = await optionBodies.evaluateAll((els) =>
      els.map((el) => ({ dir: el.getAttribute('dir'), text: el.textContent ?? '' })),
    );
    if (directions.length > 1) {
      // One option (the first written) in Urdu, wherever the shuffle put it; the others English.
      expect(directions.filter((d) => d.dir === 'rtl').map((d) => d.text)).toEqual(['تین چوتھائی']);
      expect(directions.filter((d) => d.dir === 'ltr')).toHaveLength(directions.length - 1);
    }
    await expectAccessible(page, 'contest question with Urdu text');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-question-urdu-text-ur-360.png');
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-question-urdu-text-ur-1366.png');
    await page.setViewportSize({ width: 360, height: 740 });

    const playId = await openPlayId();
    for (let qno = 1; qno < 15; qno += 1) {
      await chooseSomething(page);
      await page.getByTestId('quiz-submit').click();
      if (qno < 14) {
        await waitForQuestion(page, qno + 1);
      }
    }
    await page.waitForURL(
      (url) => url.pathname === '/quiz-results' && url.searchParams.get('pid') === playId,
    );
    await page.getByTestId('results-score').waitFor();
    await expectAccessible(page, 'contest results (Urdu)');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-results-ur-360.png');
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'contest-results-ur-1366.png');

    // The same results in English, switched on the page.
    await page.getByTestId('language-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByRole('heading', { name: 'Quiz results' }).waitFor();
    await expectAccessible(page, 'contest results (English)');
    await context.close();
  }, 150_000);
});
