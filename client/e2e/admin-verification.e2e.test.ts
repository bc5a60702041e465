import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  formData,
  latestMailToken,
  makeGrade,
  makeStaff,
  STUDENT_PASSWORD,
  setFlags,
  signupBody,
} from '../../test/helpers.js';
import { horizontalOverflow, openPage, PHONE, signInAsAdmin } from './pages.js';
import { setupStack } from './stack.js';

const holder = setupStack((stack) =>
  setFlags(stack.db, { isRegistrationEnabled: true, isEmailVerificationEnabled: true }),
);

const multipart = (kind: string, name: string, content: Buffer) =>
  formData({ kind }, { name, content, type: 'image/jpeg' });

/** A signed-up, e-mail-verified student who uploaded a photo of a school ID card (so is Pending). */
async function studentWithSchoolId(fullName: string) {
  const grade = await makeGrade(holder.stack.db);
  const body = signupBody(grade.id, { fullName });
  const signup = await holder.stack.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });
  expect(signup.statusCode).toBe(201);
  const token = await latestMailToken(holder.stack.db, 'verifyEmail', body.email);
  await holder.stack.app.inject({ method: 'POST', url: '/api/student/verify-email', payload: { token } });
  const login = await holder.stack.app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email: body.email, password: STUDENT_PASSWORD },
  });
  const { accessToken } = login.json<{ accessToken: string }>();
  const photo = await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 220, b: 240 } },
  })
    .jpeg()
    .toBuffer();
  const form = multipart('SCHOOL_ID', 'card.jpg', photo);
  const upload = await holder.stack.app.inject({
    method: 'POST',
    url: '/api/student/documents',
    headers: { authorization: `Bearer ${accessToken}`, ...form.headers },
    payload: form.payload,
  });
  expect(upload.statusCode).toBe(201);
  return { email: body.email, fullName };
}

describe('student verification', () => {
  it('a verifier finds a pending student, sees the ID card and rejects it with a reason', async () => {
    const student = await studentWithSchoolId('Ayesha Verification Khan');
    const verifier = await makeStaff(holder.stack.db, {
      permissions: [
        ['studentVerification', 'read'],
        ['studentVerification', 'update'],
      ],
    });
    const { context, page } = await openPage(holder.stack, PHONE);
    await signInAsAdmin(page, verifier.email, verifier.password);

    await page.goto('/admin-a1b2c3/student-verification');
    const row = page.getByTestId('verification-row').filter({ hasText: student.fullName });
    await row.waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    await expect(row.textContent()).resolves.toContain('Pending');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByTestId('verification-search').fill(student.email);
    await page.waitForURL(/search=/);
    await row.waitFor();
    expect(await page.getByTestId('verification-row').count()).toBe(1);

    await row.click();
    await page.waitForURL(/\/admin-a1b2c3\/student-verification\/view\//);
    const status = page.getByTestId('verification-status');
    await expect(status.textContent()).resolves.toBe('Pending');
    const image = page.getByTestId('document-image').locator('img');
    await image.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>('[data-testid="document-image"] img')?.naturalWidth ?? 0) >
        0,
    );
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByTestId('verification-reject').click();
    await page.getByText('the student needs it to fix the document').waitFor();
    await page
      .getByTestId('verification-reason')
      .fill('The photo is blurred: upload a clear photo of the card.');
    await page.getByTestId('verification-reject').click();
    await page.getByText('Verification rejected').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="verification-status"]')?.textContent === 'Rejected',
    );
    await expect(page.getByTestId('verification-current-reason').textContent()).resolves.toBe(
      'The photo is blurred: upload a clear photo of the card.',
    );
    await page.getByTestId('verification-add').waitFor();

    const stored = await holder.stack.db
      .selectFrom('students')
      .select(['verificationStatus', 'verificationReason', 'verifiedBy'])
      .where('email', '=', student.email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      verificationStatus: 'REJECTED',
      verificationReason: 'The photo is blurred: upload a clear photo of the card.',
      verifiedBy: verifier.id,
    });

    await page.getByRole('link', { name: /All verification requests/ }).click();
    await page.waitForURL(/search=/);
    await page.getByTestId('verification-row').filter({ hasText: 'Rejected' }).waitFor();

    await page.goto('/admin-a1b2c3/staff-users');
    await page.getByTestId('no-permission').waitFor();
    await expect(page.getByTestId('no-permission').textContent()).resolves.toContain(
      'You do not have permission to open this page.',
    );
    await context.close();
  });

  it('a staff member with read access only sees the request but no decision buttons', async () => {
    const student = await studentWithSchoolId('Bilal Readonly Ahmed');
    const reader = await makeStaff(holder.stack.db, { permissions: [['studentVerification', 'read']] });
    const { context, page } = await openPage(holder.stack);
    await signInAsAdmin(page, reader.email, reader.password);
    await page.goto('/admin-a1b2c3/student-verification?status=PENDING');
    await page.getByTestId('verification-row').filter({ hasText: student.fullName }).click();
    await page.getByTestId('verification-status').waitFor();
    await page.getByText('You can view this request but not decide it.').waitFor();
    expect(await page.getByTestId('verification-approve').count()).toBe(0);
    expect(await page.getByTestId('verification-reject').count()).toBe(0);
    await context.close();
  });
});
