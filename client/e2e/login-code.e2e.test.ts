import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import { makeStaff, makeStudent } from '../../test/helpers.js';
import { expectFits, horizontalOverflow, PHONE, screenshotFor, submitStudentLogin } from './pages.js';
import { setupStack } from './stack.js';

// Every request comes from this machine, so wrong passwords sent here count for the browser's network.
const holder = setupStack();
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await holder.stack.db
    .insertInto('smtpSettings')
    .values({
      id: 1,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      fromName: 'Riyazi',
      fromEmail: 'no-reply@riyazi.test',
    })
    .execute();
});

/** 8 wrong passwords for the account from this network: its next login asks for the e-mailed code. */
async function guess(url: string, email: string) {
  for (let i = 0; i < 8; i += 1) {
    const res = await fetch(`${holder.stack.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: `classmate-${i}` }),
    });
    expect(res.status).toBe(401);
  }
}

async function mailedCode(email: string): Promise<string> {
  const mail = await smtp.waitForMessage(
    (m) => m.to.includes(email) && /log in to Riyazi is:/.test(m.decoded),
  );
  return /log in to Riyazi is:\s+(\d{6})/.exec(mail.decoded)?.[1] ?? '';
}

describe('the login code step', () => {
  it('asks a child on a phone for the e-mailed code after a classmate’s wrong passwords, then signs in', async () => {
    const student = await makeStudent(holder.stack.db);
    await guess('/api/student/login', student.email);

    const context = await holder.stack.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await submitStudentLogin(page, student.email, student.password);
    await page.getByTestId('login-code').waitFor();
    expect(await page.getByTestId('login-code-notice').textContent()).toContain('6-digit code');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your e-mail');
    await expectFits(page, 'login-code/phone-en');

    const code = await mailedCode(student.email);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('login-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('login-code-submit').click();
    await expect.poll(() => page.locator('.field__error').textContent()).toContain('This code is not right');
    await page.getByTestId('login-code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByTestId('login-code-submit').click();
    await page.getByTestId('dashboard-home').waitFor();
    await context.close();
  });

  it('shows the step in Urdu for a child reading Urdu, and Back returns to the password', async () => {
    const student = await makeStudent(holder.stack.db);
    await guess('/api/student/login', student.email);

    const context = await holder.stack.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('language-switch').first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await submitStudentLogin(page, student.email, student.password);
    await page.getByTestId('login-code').waitFor();
    expect(await page.getByText('ای میل میں آیا ہوا کوڈ').count()).toBe(1);
    expect(await page.getByTestId('login-code-notice').textContent()).toContain('6 ہندسوں کا کوڈ');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshotFor(page, 'login-code/phone-ur');

    await page.getByTestId('login-code-back').click();
    await page.getByTestId('login-password').waitFor();
    await context.close();
  });

  it('asks staff for the code on the admin sign-in page', async () => {
    const staff = await makeStaff(holder.stack.db, { superAdmin: true });
    await guess('/api/user/login', staff.email);

    const context = await holder.stack.newContext({ width: 1366, height: 900 });
    const page = await context.newPage();
    await page.goto('/admin-a1b2c3/login');
    await page.getByTestId('admin-login-email').fill(staff.email);
    await page.getByTestId('admin-login-password').fill(staff.password);
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('admin-login-code').waitFor();
    await page.getByTestId('admin-login-code').fill(await mailedCode(staff.email));
    await page.getByTestId('admin-login-code-submit').click();
    await page.getByTestId('admin-layout').waitFor();
    await context.close();
  });
});
