import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueStudentToken } from '../../api/src/auth/account-tokens.js';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import { makeGrade, makeStaff, resetDatabase, setFlags, signupBody } from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin, signInAsStudent } from './pages.js';
import { type Stack, startStack } from './stack.js';

let stack: Stack;
let smtp: FakeSmtp;

beforeAll(async () => {
  stack = await startStack();
  smtp = await startFakeSmtp();
  await resetDatabase(stack.db);
  await stack.db
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
  await setFlags(stack.db, {
    isRegistrationEnabled: true,
    isEmailVerificationEnabled: true,
    documentAcceptanceRequired: true,
  });
  await makeGrade(stack.db, 4);
  await makeGrade(stack.db, 5);
});
afterAll(async () => {
  await smtp.close();
  await stack.stop();
});

describe('a student from sign-up to a verified profile', () => {
  const email = `zainab.${Date.now()}@example.com`;
  const password = 'Triangles have 3 sides';

  it('signs up on a phone, confirms the e-mail from the link received, completes the profile and logs out', async () => {
    const { context, page } = await openPage(stack, PHONE);
    let bearer = '';
    page.on('request', (req) => {
      bearer = req.headers().authorization ?? bearer;
    });
    await page.goto('/signup');
    await page.getByTestId('signup-fullName').fill('Zainab Ahmed');
    await page.getByTestId('signup-fatherName').fill('Ahmed Raza');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-phone').fill('0321 7654321');
    await page.getByTestId('signup-gender-FEMALE').check();
    await page.getByTestId('signup-city').fill('Multan');
    await page.getByRole('option', { name: 'Multan' }).click();
    await page.getByTestId('signup-schoolName').fill('Government Girls High School');
    await page.getByTestId('signup-gradeId').selectOption({ label: 'Grade 5' });
    await page.getByTestId('signup-referralSource').selectOption('School');
    await page.getByTestId('signup-acceptTerms').check();
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-success').waitFor();

    const mail = await smtp.waitForMessage((m) => m.to.includes(email));
    const link = /https?:\/\/[^\s"<>]+\/student-verification\?token=[\w-]+/.exec(mail.decoded)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link ?? '');
    await page.goto(`${url.pathname}${url.search}`);
    await page.locator('[data-testid="verification-result"][data-status="verified"]').waitFor();

    await signInAsStudent(page, email, password);
    await page.getByTestId('complete-profile-card').waitFor();

    await page.goto('/profile');
    await page.getByTestId('document-kind-B_FORM').check();
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#e8eef5' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('document-file')
      .setInputFiles({ name: 'b-form.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('document-submit').click();
    await page.getByTestId('profile-verification').filter({ hasText: 'Waiting for review' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // On a phone the success toast sits over the header for two seconds; tap Log out once it is gone.
    await page.getByText('Document uploaded').waitFor({ state: 'hidden' });
    const held = bearer;
    const me = () => fetch(`${stack.baseUrl}/api/student/me`, { headers: { authorization: held } });
    expect(held).toMatch(/^Bearer /);
    expect((await me()).status).toBe(200);
    await page.getByTestId('student-logout').first().click();
    await page.waitForURL(/\/login/);
    // The access token the page held ends with the session: the next child at this computer cannot use it.
    expect((await me()).status).toBe(401);
    // The persisted session is gone too: a fresh load of the dashboard asks to log in again.
    await page.goto('/dashboard');
    await page.waitForURL(/\/login/);
    await context.close();
  });

  it('is approved by a staff member who may only verify students, who cannot open staff users', async () => {
    const verifier = await makeStaff(stack.db, {
      permissions: [
        ['studentVerification', 'read'],
        ['studentVerification', 'update'],
      ],
    });
    const { context, page } = await openPage(stack);
    await signInAsAdmin(page, verifier.email, verifier.password);

    await page.goto('/admin-a1b2c3/student-verification');
    await page.getByTestId('verification-row').filter({ hasText: 'Zainab Ahmed' }).click();
    await page.getByTestId('verification-approve').click();
    await page
      .getByTestId('verification-status')
      .filter({ hasText: /approved/i })
      .waitFor();
    const student = await stack.db
      .selectFrom('students')
      .select(['verificationStatus'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(student.verificationStatus).toBe('APPROVED');

    await page.goto('/admin-a1b2c3/staff-users');
    await page.getByTestId('no-permission').waitFor();
    await context.close();
  });
});

describe('an e-mail change whose address another account took meanwhile', () => {
  it('says so when its link is opened on a phone, and the account keeps its address', async () => {
    const grade = await stack.db.selectFrom('grades').select('id').executeTakeFirstOrThrow();
    const mover = signupBody(grade.id);
    const wanted = `taken.${Date.now()}@example.com`;
    const signedUp = await stack.app.inject({ method: 'POST', url: '/api/student/signup', payload: mover });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const { id } = await stack.db
      .updateTable('students')
      .set({ pendingEmail: wanted })
      .where('email', '=', mover.email)
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueStudentToken(stack.db, 'VERIFY_EMAIL', id, wanted);
    const owner = await stack.app.inject({
      method: 'POST',
      url: '/api/student/signup',
      payload: signupBody(grade.id, { email: wanted }),
    });
    expect(owner.statusCode, owner.body).toBe(201);

    const { context, page } = await openPage(stack, PHONE);
    await page.goto(`/student-verification?token=${token}`);
    const result = page.locator('[data-testid="verification-result"][data-status="taken"]');
    await result.getByText('This e-mail address is now used by another account').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const stored = await stack.db
      .selectFrom('students')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe(mover.email);
    await context.close();
  });
});
