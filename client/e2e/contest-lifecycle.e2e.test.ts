import { beforeEach, describe, expect, it } from 'vitest';
import { finishDemoContestPlay } from './demo-data.js';
import {
  DESKTOP,
  expectFits,
  horizontalOverflow,
  openPage,
  PHONE,
  screenshotFor,
  signInAsAdmin,
  signInAsStudent,
} from './pages.js';
import { openContestRules } from './quiz-steps.js';
import { DEMO_ADMIN, openDemoContest, setupSeededStack } from './stack.js';

const holder = setupSeededStack();

beforeEach(async () => {
  await openDemoContest(holder.stack);
});

/** A demo student of grade 5 who has not played yet (Fatima's play is made through the api). */
const CLASSMATE = 'ayesha.khan@example.com';

describe('End the contest', () => {
  // One story across three people's screens: staff, a classmate and Fatima.
  it('stops starts at once, tells the child it has ended, and opens no review until the release time', async () => {
    const playId = await finishDemoContestPlay(holder.stack);

    // A classmate has the contest rules open on their phone when staff end the contest.
    const student = await openPage(holder.stack, PHONE);
    await signInAsStudent(student.page, CLASSMATE);
    await openContestRules(student.page);

    const staff = await openPage(holder.stack, DESKTOP);
    await signInAsAdmin(staff.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await staff.page.goto('/admin-a1b2c3/phase');
    const row = staff.page.getByTestId('reference-row').filter({ hasText: 'Phase 1' });
    await expect.poll(() => row.getByTestId('phase-contest-stage').textContent()).toBe('Open');
    await expectFits(staff.page, 'phases-contest-open-1366');
    await row.getByTestId('phase-end-contest').click();
    const dialog = staff.page.getByTestId('end-contest-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('No student can start this contest from now on');
    await screenshotFor(staff.page, 'end-contest-dialog-1366');
    await dialog.getByTestId('end-contest-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    // Fatima's play has finished: nobody is playing, so the contest is closed at once.
    await expect
      .poll(() => row.getByTestId('phase-contest-stage').textContent())
      .toBe('Closed, results withheld');
    expect(await row.getByTestId('phase-contest').textContent()).toContain(
      'Results are withheld until you release them',
    );

    // The classmate presses Start on the rules they had open: told the contest has ended.
    await student.page.getByTestId('quiz-start').click();
    await expect
      .poll(() => student.page.locator('[role="status"], [role="alert"]').allTextContents())
      .toContainEqual(expect.stringContaining('The contest has ended.'));
    await student.page.goto('/contest-quiz');
    await expect
      .poll(() => student.page.getByTestId('contest-note').textContent())
      .toBe('The Phase 1 — Qualifier contest has ended. Results will be announced soon.');
    await expectFits(student.page, 'contest-ended-360');

    // Fatima's results: her score, but no answer key, until the release time.
    const fatima = await openPage(holder.stack, PHONE);
    await signInAsStudent(fatima.page);
    await fatima.page.goto(`/quiz-results?pid=${playId}`);
    await fatima.page.getByTestId('results-answers-later').waitFor();
    expect(await fatima.page.getByTestId('results-review').count()).toBe(0);

    // Staff choose a release time tomorrow: the children are told when; still no review.
    await row.getByTestId('phase-results').click();
    const results = staff.page.getByTestId('results-release-dialog');
    await results.waitFor();
    const tomorrow = new Date(Date.now() + 86_400_000 + 5 * 3_600_000).toISOString().slice(0, 11);
    await results.getByTestId('release-at').fill(`${tomorrow}10:00`);
    await results.getByTestId('results-release-save').click();
    await results.waitFor({ state: 'detached' });
    await expect
      .poll(() => row.getByTestId('phase-contest').textContent())
      .toContain('Every play has finished. Results open');
    await student.page.reload();
    await expect
      .poll(() => student.page.getByTestId('contest-note').textContent())
      .toMatch(/^The Phase 1 — Qualifier contest has ended\. Results will be shown on .+ at 10:00\.$/);
    await fatima.page.reload();
    await fatima.page.getByTestId('results-answers-later').waitFor();
    expect(await fatima.page.getByTestId('results-review').count()).toBe(0);

    // Released now: the review opens.
    await row.getByTestId('phase-results').click();
    await results.getByTestId('results-release-now').click();
    await results.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('phase-contest-stage').textContent()).toBe('Results released');
    await fatima.page.reload();
    await fatima.page.getByTestId('results-review').waitFor();
    expect(await fatima.page.getByTestId('results-answers-later').count()).toBe(0);

    await staff.page.setViewportSize(PHONE);
    await expectFits(staff.page, 'phases-contest-released-360');
    expect(await horizontalOverflow(staff.page)).toBeLessThanOrEqual(0);
    for (const opened of [student, staff, fatima]) {
      await opened.context.close();
    }
  }, 180_000);
});
