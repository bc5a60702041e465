import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../test/helpers.js';
import { expectAccessible, horizontalOverflow, openPage, screenshotFor, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

/**
 * A mail job that fails for good in the stack's own workers: its message names a template that
 * does not exist, which the mail handler refuses without retrying.
 */
async function failedMailJob(): Promise<void> {
  const { db, queues } = holder.stack;
  const message = await db
    .insertInto('mailMessages')
    .values({ template: 'noSuchTemplate', toEmail: 'parent@example.com' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await queues.mail.add(
    'mail.send',
    { eventId: message.id, messageId: message.id },
    { jobId: `e2e-${message.id}`, attempts: 3 },
  );
  await expect.poll(() => job.getState(), { timeout: 15_000 }).toBe('failed');
}

describe('job queues in the back office', () => {
  it('shows each queue with its failed jobs, and opens the queue board signed in, in a new tab', async () => {
    await failedMailJob();
    const operator = await makeStaff(holder.stack.db, {
      permissions: [
        ['queues', 'read'],
        ['queues', 'update'],
      ],
    });
    const { context, page } = await openPage(holder.stack, { width: 1366, height: 900 });
    await signInAsAdmin(page, operator.email, operator.password);
    await page.getByRole('link', { name: 'Job queues' }).click();
    await page.getByTestId('queues-table').waitFor();

    // The worker's Redis prefix may hold failed jobs an earlier file left: count what is there.
    const { queues } = holder.stack;
    const mailFailed = await queues.mail.getFailedCount();
    const allFailed = (await Promise.all(Object.values(queues).map((q) => q.getFailedCount()))).reduce(
      (sum, n) => sum + n,
      0,
    );
    expect(mailFailed).toBeGreaterThanOrEqual(1);
    const mail = page.locator('[data-testid="queue-row"][data-queue="mail"]');
    await expect.poll(() => mail.getByTestId('queue-failed').textContent()).toBe(String(mailFailed));
    expect(await mail.textContent()).toContain('Sends e-mails');
    expect(await page.getByTestId('queue-row').count()).toBe(Object.keys(queues).length);
    expect(await page.getByTestId('queues-failed-alert').textContent()).toContain(
      allFailed === 1 ? '1 job has failed' : `${allFailed} jobs have failed`,
    );
    await expectAccessible(page, 'job queues (1366 px)');
    await screenshotFor(page, 'admin/job-queues-1366');

    const [board] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('queue-board-open').click(),
    ]);
    await board.waitForURL(/\/api\/admin\/queues\/$/);
    await board.getByText('Riyazi queues').first().waitFor();
    expect(await board.evaluate(() => window.opener)).toBeNull();
    await screenshotFor(board, 'admin/queue-board-1366');
    // The board reads the same queues through its own api, with the cookie the session call set.
    const onBoard = await board.evaluate(async () => {
      const res = await fetch('/api/admin/queues/api/queues');
      const body = (await res.json()) as { queues: { name: string }[] };
      return { status: res.status, names: body.queues.map((q) => q.name) };
    });
    expect(onBoard.status).toBe(200);
    expect(onBoard.names).toContain('mail');
    await context.close();
  });

  it('fits a phone, and is neither offered nor served to staff without the queues permission', async () => {
    const reader = await makeStaff(holder.stack.db, { permissions: [['queues', 'read']] });
    const phone = await holder.stack.newContext({ width: 360, height: 740 });
    const page = await phone.newPage();
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto('/admin-a1b2c3/queues');
    await page.getByTestId('queues-table').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const button = await page.getByTestId('queue-board-open').boundingBox();
    expect((button?.x ?? 999) + (button?.width ?? 0)).toBeLessThanOrEqual(360);
    // Someone who may only look is told so.
    expect(await page.getByText('needs the queues update permission').count()).toBe(1);
    await expectAccessible(page, 'job queues (360 px)');
    await screenshotFor(page, 'admin/job-queues-360');
    await phone.close();

    const other = await makeStaff(holder.stack.db, { permissions: [['student', 'read']] });
    const context = await holder.stack.newContext({ width: 1366, height: 900 });
    const desk = await context.newPage();
    await signInAsAdmin(desk, other.email, other.password);
    expect(await desk.getByRole('link', { name: 'Job queues' }).count()).toBe(0);
    await desk.goto('/admin-a1b2c3/queues');
    await desk.getByTestId('no-permission').waitFor();
    await context.close();
  });
});
