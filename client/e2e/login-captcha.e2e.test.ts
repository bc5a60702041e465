import { randomBytes } from 'node:crypto';
import { hashPassword } from '@riyazi/db';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRecaptcha, startFakeRecaptcha } from '../../test/fake-recaptcha.js';
import { deleteRedisKeys, makeStaff, resetDatabase, setFlags } from '../../test/helpers.js';
import { submitStudentLogin } from './pages.js';
import { type Stack, startStack } from './stack.js';

const PASSWORD = 'Counting to 100';
const FAILURES_BEFORE_CAPTCHA = 30;

/**
 * Google's script is not reachable here: the browser gets a stand-in at the same URL that renders a
 * plain "I'm not a robot" button and hands the page the token the fake verify server accepts.
 */
const FAKE_RECAPTCHA_SCRIPT = `
(() => {
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  window.grecaptcha = {
    render(container, params) {
      const box = document.createElement('button');
      box.type = 'button';
      box.textContent = "I'm not a robot";
      box.dataset.testid = 'fake-recaptcha';
      box.addEventListener('click', () => params.callback('good-token'));
      container.append(box);
      return 1;
    },
    reset() {},
  };
  window[onload]();
})();
`;

let stack: Stack;
let recaptcha: FakeRecaptcha;
let context: BrowserContext | undefined;

beforeAll(async () => {
  recaptcha = await startFakeRecaptcha('test-secret', 'good-token');
  stack = await startStack({
    RECAPTCHA_SECRET: 'test-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_VERIFY_URL: recaptcha.url,
  });
});
afterAll(async () => {
  await stack.stop();
  await recaptcha.close();
});
beforeEach(async () => {
  await context?.close();
  await resetDatabase(stack.db);
  await deleteRedisKeys(stack.redis, `${stack.config.REDIS_PREFIX}:rl`);
  await setFlags(stack.db, { isRecaptchaEnabled: true });
});

async function pageWithFakeRecaptcha(): Promise<Page> {
  context = await stack.newContext({ width: 360, height: 740 });
  await context.route('https://www.google.com/recaptcha/api.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_RECAPTCHA_SCRIPT }),
  );
  return context.newPage();
}

/** Failed logins from this machine's address (the browser's too), until a captcha is asked. */
async function failFromThisNetwork(url: string) {
  for (let i = 0; i < FAILURES_BEFORE_CAPTCHA; i += 1) {
    const res = await fetch(`${stack.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong' }),
    });
    expect(res.status).toBe(401);
  }
}

describe('a login from a network with many failed logins', () => {
  it('asks a student to tick the reCAPTCHA box, then logs them in', async () => {
    const email = `hamza.${randomBytes(3).toString('hex')}@example.com`;
    await stack.db
      .insertInto('students')
      .values({
        fullName: 'Hamza Ali',
        email,
        passwordHash: await hashPassword(PASSWORD),
        emailVerified: true,
      })
      .execute();
    await failFromThisNetwork('/api/student/login');

    const page = await pageWithFakeRecaptcha();
    await page.goto('/login');
    await submitStudentLogin(page, email, PASSWORD);
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('Please tick the box to show that you are not a robot');

    await page.getByTestId('fake-recaptcha').click();
    await page.getByTestId('dashboard-home').waitFor();
    expect(recaptcha.requests.at(-1)?.get('response')).toBe('good-token');
  });

  it('asks a staff member to tick the box on the admin sign-in page, then signs them in', async () => {
    const staff = await makeStaff(stack.db, { superAdmin: true });
    await failFromThisNetwork('/api/user/login');

    const page = await pageWithFakeRecaptcha();
    await page.goto('/admin-a1b2c3/login');
    await page.getByTestId('admin-login-email').fill(staff.email);
    await page.getByTestId('admin-login-password').fill(staff.password);
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('fake-recaptcha').waitFor();
    await expect
      .poll(() => page.getByTestId('admin-login-error').textContent())
      .toContain('Please tick the box');

    await page.getByTestId('fake-recaptcha').click();
    await page.getByTestId('admin-layout').waitFor();
  });
});
