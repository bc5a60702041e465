import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayResults, StartPlayResponse } from '../../api/src/contracts/play-quiz.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { rightAnswerTo, setFlags } from '../../test/helpers.js';
import { contestOfGrade3 } from './demo-data.js';
import { DEMO_STUDENT_EMAIL, horizontalOverflow, openPage, PHONE, signInAsStudent } from './pages.js';
import { quizShot } from './quiz-steps.js';
import { openDemoContestAndPractice, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(async () => {
  await openDemoContestAndPractice(holder.stack);
});

const rightAnswer = (questionId: string) => rightAnswerTo(holder.stack.db, questionId);

/** A contest play finished through the api (first three answers right) and scored by the workers. */
async function finishContestPlay(): Promise<string> {
  const { app } = holder.stack;
  const login = await app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email: DEMO_STUDENT_EMAIL, password: DEMO_STUDENT_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
  const { quizId } = await contestOfGrade3(holder.stack);
  const started = await app.inject({
    method: 'POST',
    url: '/api/play-quiz/',
    headers,
    payload: { quizId, type: 'CONTEST' },
  });
  const { play } = started.json<StartPlayResponse>();
  for (const [index, { _id: questionId }] of play.questions.entries()) {
    await app.inject({
      method: 'GET',
      url: `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`,
      headers,
    });
    const answers = index < 3 ? await rightAnswer(questionId) : [];
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/play-quiz/question/submit-answer',
      headers,
      payload: { playId: play._id, questionId, answers, timeTaken: 1000 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  await expect
    .poll(
      async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/play-quiz/results',
            headers,
            payload: { playId: play._id },
          })
        ).json<PlayResults>().play.pending,
      { timeout: 20_000 },
    )
    .toBe(false);
  return play._id;
}

describe('contest results', () => {
  it('show the total and the counts while the contest is open, and each answer once it is over', async () => {
    const playId = await finishContestPlay();
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
      'we show which answers were right once the contest is over',
    );
    const outcomes = (await page.getByTestId('results-outcomes').textContent()) ?? '';
    expect(outcomes).not.toMatch(/correct|wrong|[✓✗]/);
    expect(await page.getByTestId('results-review').count()).toBe(0);
    await quizShot(page, 'quiz-results-open-360.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await quizShot(page, 'quiz-results-open-1366.png');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Switching the contest off is a pause: the answers stay hidden until its phase is closed.
    const { phaseId } = await holder.stack.db
      .selectFrom('plays')
      .select('phaseId')
      .where('id', '=', playId)
      .executeTakeFirstOrThrow();
    await setFlags(holder.stack.db, { isContestQuizEnabled: false, contestQuizPhase: phaseId });
    await page.reload();
    await page.getByTestId('results-answers-later').waitFor();
    await holder.stack.db.updateTable('phases').set({ status: 'CLOSED' }).where('id', '=', phaseId).execute();
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
