import { beforeEach, describe, expect, it } from 'vitest';
import { endPhaseContest, setFlags } from '../../test/helpers.js';
import { finishDemoContestPlay } from './demo-data.js';
import { horizontalOverflow, openPage, PHONE, signInAsStudent } from './pages.js';
import { quizShot } from './quiz-steps.js';
import { openDemoContestAndPractice, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(async () => {
  await openDemoContestAndPractice(holder.stack);
});

describe('contest results', () => {
  it('show the total and the counts while the contest is open, and each answer once it is over', async () => {
    const playId = await finishDemoContestPlay(holder.stack);
    const finished = await holder.stack.db
      .selectFrom('plays')
      .select(['score', 'correctCount'])
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsStudent(page);
    await page.goto(`/quiz-results?pid=${playId}`);
    await page.getByTestId('results-score').waitFor();
    expect(await page.getByTestId('results-score').textContent()).toBe(Number(finished.score).toFixed(2));
    expect(await page.getByTestId('results-correct').textContent()).toBe(`${finished.correctCount} of 15`);
    const answered = Number((await page.getByTestId('results-answered').textContent())?.split(' ')[0]);
    expect(answered).toBeGreaterThanOrEqual(finished.correctCount);
    expect(await page.getByTestId('results-answers-later').textContent()).toContain(
      'we show which answers were right once the contest is over and its results are released',
    );
    const outcomes = (await page.getByTestId('results-outcomes').textContent()) ?? '';
    expect(outcomes).not.toMatch(/correct|wrong|[✓✗]/);
    expect(await page.getByTestId('results-review').count()).toBe(0);
    await quizShot(page, 'quiz-results-open-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await quizShot(page, 'quiz-results-open-1366.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Switching the contest off is a pause: the answers stay hidden until its results are released.
    const { phaseId } = await holder.stack.db
      .selectFrom('plays')
      .select('phaseId')
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    await setFlags(holder.stack.db, { isContestQuizEnabled: false, contestQuizPhase: phaseId });
    await page.reload();
    await page.getByTestId('results-answers-later').waitFor();
    await endPhaseContest(holder.stack.db, phaseId);
    await page.reload();
    await page.getByTestId('results-review').waitFor();
    expect(await page.getByTestId('results-answers-later').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('results-outcomes').locator('.quiz-outcome--correct').count())
      .toBe(finished.correctCount);
    await quizShot(page, 'quiz-results-closed-1366.png');
    await context.close();
  });
});
