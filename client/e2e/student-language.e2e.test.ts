import { describe, expect, it } from 'vitest';
import { makeGrade, makeStudent } from '../../test/helpers.js';
import { screenshotFor, submitStudentLogin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack();

describe("the child's language follows the account", () => {
  it('a child who switches to Urdu while signed in gets Urdu when logging in on a fresh device', async () => {
    const { stack } = holder;
    const grade = await makeGrade(stack.db);
    const student = await makeStudent(stack.db, { gradeId: grade.id });

    const phone = await stack.newContext({ width: 360, height: 740 });
    const page = await phone.newPage();
    await page.goto('/login');
    await submitStudentLogin(page, student.email, student.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The public pages' header carries the switch for a signed-in child too.
    await page.goto('/');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/student/language') && r.request().method() === 'PUT',
    );
    await page.getByTestId('language-switch').first().click();
    expect((await saved).status()).toBe(204);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const row = await stack.db
      .selectFrom('students')
      .select('language')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('ur');
    await phone.close();

    const fresh = await stack.newContext({ width: 1366, height: 800 });
    const other = await fresh.newPage();
    await other.goto('/login');
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('en');
    await submitStudentLogin(other, student.email, student.password);
    await other.waitForFunction(
      () => document.documentElement.lang === 'ur' && document.documentElement.dir === 'rtl',
    );
    await screenshotFor(other, 'urdu/fresh-device-urdu');
    await fresh.close();
  });
});
