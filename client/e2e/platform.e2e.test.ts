import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginStaff, makeStaff, resetDatabase } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { type Stack, startStack } from './stack.js';

let stack: Stack;

beforeAll(async () => {
  // Two-second access tokens let a test watch the refresh queue at work.
  stack = await startStack({ JWT_ACCESS_TTL_SECONDS: '2' });
});
afterAll(async () => {
  await stack.stop();
});
beforeEach(async () => {
  await resetDatabase(stack.db);
});

async function saveFlagsThroughApi(flags: Record<string, unknown>) {
  const staff = await makeStaff(stack.db, { superAdmin: true });
  const { accessToken } = await loginStaff(stack.app, staff);
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/admin/createFlag/',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: flags,
  });
  expect(res.statusCode).toBe(200);
}

describe('public site', () => {
  it('renders the home page with the chat widget, on a phone without sideways scrolling', async () => {
    const { context, page } = await openPage(stack, PHONE);
    await page.goto('/');
    await page.getByTestId('public-layout').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/\S/);
    await page.getByTestId('chat-widget').waitFor();
    expect(await page.getByTestId('leaderboard-section').count()).toBe(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows the leaderboard section when the flag is on', async () => {
    await saveFlagsThroughApi({ isLeaderBoardDisplayed: true });
    const { context, page } = await openPage(stack);
    await page.goto('/');
    await page.getByTestId('leaderboard-section').waitFor();
    expect(await page.getByTestId('empty-leaderboard-section').count()).toBe(0);
    await context.close();
  });

  it('refreshes its flags live when an admin saves them (worker → Redis → socket)', async () => {
    const { context, page } = await openPage(stack);
    // Let the socket (opened when the browser is idle) connect before the change.
    const socketAnswered = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        if (ws.url().includes('/socket.io/')) {
          ws.on('framereceived', () => resolve());
        }
      });
    });
    await page.goto('/');
    await page.getByTestId('public-layout').waitFor();
    await socketAnswered;
    await page.waitForTimeout(500);
    expect(await page.getByTestId('empty-leaderboard-section').count()).toBe(0);
    await saveFlagsThroughApi({ isEmptyLeaderBoardDisplayed: true });
    await page.getByTestId('empty-leaderboard-section').waitFor({ timeout: 10_000 });
    await context.close();
  });

  it("opens its socket over WebSocket to its own origin, which the page's CSP allows", async () => {
    const { context, page } = await openPage(stack);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) {
        refused.push(message.text());
      }
    });
    const webSocket = page.waitForEvent('websocket', {
      predicate: (ws) => ws.url().includes('/socket.io/') && ws.url().includes('transport=websocket'),
      timeout: 15_000,
    });
    const response = await page.goto('/');
    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp.split(';')).toContain(`connect-src 'self' ${stack.baseUrl.replace('http:', 'ws:')}`);
    const ws = await webSocket;
    expect(new URL(ws.url()).host).toBe(new URL(stack.baseUrl).host);
    // Socket.IO's upgrade probe answered: the connection is open, not just attempted.
    await ws.waitForEvent('framereceived', { timeout: 10_000 });
    expect(refused).toEqual([]);
    await context.close();
  });

  it('hides the chat widget on quiz routes', async () => {
    const { context, page } = await openPage(stack);
    await page.goto('/quiz');
    await page.getByTestId('quiz-layout').waitFor();
    await page.getByRole('button', { name: 'Start contest Quiz' }).waitFor();
    expect(await page.getByTestId('chat-widget').count()).toBe(0);
    await context.close();
  });

  it('shows a not-found page for an unknown route', async () => {
    const { context, page } = await openPage(stack);
    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });
});

describe('back office', () => {
  it('sends a signed-out visitor of /admin-a1b2c3/questions to the admin login, without the chat widget', async () => {
    const { context, page } = await openPage(stack);
    await page.goto('/admin-a1b2c3/questions');
    await page.waitForURL(/\/admin-a1b2c3\/login/);
    await page.getByTestId('admin-login-email').waitFor();
    expect(await page.getByTestId('chat-widget').count()).toBe(0);
    await context.close();
  });

  it('does not load admin code for a student visiting the home page', async () => {
    const { context, page } = await openPage(stack);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') {
        scripts.push(new URL(req.url()).pathname);
      }
    });
    await page.goto('/');
    await page.getByTestId('public-layout').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin/i.test(s))).toEqual([]);
    await context.close();
  });

  it('lets staff with the permission save flags from the system configuration page', async () => {
    const staff = await makeStaff(stack.db, {
      permissions: [
        ['systemConfigurations', 'read'],
        ['systemConfigurations', 'update'],
      ],
    });
    const { context, page } = await openPage(stack, PHONE);
    await signInAsAdmin(page, staff.email, staff.password);
    await page.goto('/admin-a1b2c3/configurations/system');
    const toggle = page.getByTestId('flag-isPracticeQuizEnabled');
    await toggle.waitFor();
    expect(await page.getByTestId('chat-widget').count()).toBe(0);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await page.getByTestId('save-flags').click();
    await page.getByText('Flags updated successfully').waitFor();
    const stored = await stack.db.selectFrom('systemFlags').select('flags').executeTakeFirstOrThrow();
    expect(stored.flags).toMatchObject({ isPracticeQuizEnabled: true });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('restores a signed-in session from the refresh cookie when the stored one is gone', async () => {
    const staff = await makeStaff(stack.db, {
      permissions: [['systemConfigurations', 'read']],
    });
    const { context, page } = await openPage(stack);
    await signInAsAdmin(page, staff.email, staff.password);
    // The next load starts with empty storage (cleared, or a reload that beat the encrypted
    // session write); the refresh cookie remains.
    await context.addInitScript(() => window.localStorage.clear());
    await page.goto('/admin-a1b2c3/configurations/system');
    await page.getByTestId('flag-isPracticeQuizEnabled').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin-a1b2c3/configurations/system');
    // Signed out, the same page goes to the login.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/admin-a1b2c3/configurations/system');
    await page.getByTestId('admin-login-email').waitFor();
    await context.close();
  });

  it('tells staff without the permission that they cannot open the page', async () => {
    const staff = await makeStaff(stack.db, { permissions: [['student', 'read']] });
    const { context, page } = await openPage(stack);
    await signInAsAdmin(page, staff.email, staff.password);
    await page.goto('/admin-a1b2c3/configurations/system');
    await page.getByTestId('no-permission').waitFor();
    await context.close();
  });

  it('makes one refresh call for a burst of concurrent 401s and then loads the page', async () => {
    const staff = await makeStaff(stack.db, { superAdmin: true });
    const { context, page } = await openPage(stack);
    await signInAsAdmin(page, staff.email, staff.password);
    await page.waitForTimeout(2600); // the two-second access token is now expired

    const refreshes: string[] = [];
    const unauthorized: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/user/refresh')) {
        refreshes.push(req.url());
      }
    });
    page.on('response', (res) => {
      if (res.status() === 401) {
        unauthorized.push(new URL(res.url()).pathname);
      }
    });
    await page.goto('/admin-a1b2c3/configurations/system');
    await page.getByTestId('flag-isPracticeQuizEnabled').waitFor();
    expect(unauthorized.length).toBeGreaterThanOrEqual(3);
    expect(refreshes).toHaveLength(1);
    await context.close();
  });

  it('logs out with a clear message when the session cannot be refreshed', async () => {
    const staff = await makeStaff(stack.db, { superAdmin: true });
    const { context, page } = await openPage(stack);
    await signInAsAdmin(page, staff.email, staff.password);
    // Ending the session ends its access token at once: the next call gets 401 and refreshing fails.
    await stack.db.updateTable('sessions').set({ revokedAt: new Date() }).execute();
    await page.goto('/admin-a1b2c3/configurations/system');
    await page.getByText('Session expired. Please log in again.').waitFor();
    await page.waitForURL(/\/admin-a1b2c3\/login/);
    await context.close();
  });
});
