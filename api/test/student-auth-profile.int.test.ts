import { describe, expect, it } from 'vitest';
import { bearer, latestMailToken, loginStaff, makeGrade, makeStaff, signupBody } from '../../test/helpers.js';
import { gradeId, login, post, signUpAndVerify, t } from './student-auth.fixtures.js';

describe('profile', () => {
  it('lets a student edit their details but not their grade, status or verification', async () => {
    const body = await signUpAndVerify();
    const { accessToken } = await login(body.email);
    const headers = bearer(accessToken);
    const update = {
      ...signupBody(gradeId),
      email: body.email,
      schoolName: 'Beaconhouse',
      isActive: false,
      emailVerified: false,
    };
    const res = await post('/api/student/profile', update, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { schoolName: string; emailVerified: boolean } }>().data).toMatchObject({
      schoolName: 'Beaconhouse',
      emailVerified: true,
    });
    const other = await makeGrade(t.db, 7);
    const gradeChange = await post('/api/student/profile', { ...update, gradeId: other.id }, headers);
    expect(gradeChange.statusCode).toBe(400);
    expect(gradeChange.json<{ errors: Record<string, string> }>().errors).toHaveProperty('gradeId');
  });

  it('keeps a new e-mail pending until its link is opened', async () => {
    const body = await signUpAndVerify();
    const { accessToken } = await login(body.email);
    const headers = bearer(accessToken);
    const newEmail = `new.${body.email}`;
    const res = await post('/api/student/profile', { ...signupBody(gradeId), email: newEmail }, headers);
    expect(res.json<{ data: { email: string; pendingEmail: string } }>().data).toMatchObject({
      email: body.email,
      pendingEmail: newEmail,
    });
    const token = await latestMailToken(t.db, 'verifyEmail', newEmail);
    await post('/api/student/verify-email', { token });
    const profile = await t.app.inject({ method: 'GET', url: '/api/student/profile', headers });
    expect(profile.json<{ data: { email: string; pendingEmail: string | null } }>().data).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
  });

  it('never shows one student another student’s profile', async () => {
    const a = await signUpAndVerify();
    await signUpAndVerify();
    const { accessToken } = await login(a.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/student/profile?id=00000000-0000-4000-8000-000000000000',
      headers: bearer(accessToken),
    });
    expect(res.json<{ data: { email: string } }>().data.email).toBe(a.email);
  });
});

describe('a pending e-mail change reserves nothing', () => {
  const TAKEN =
    'This e-mail address is now used by another account, so it cannot be confirmed. Keep your current address or choose another one in your profile.';

  /** Signs up a verified student who then asks to move to `to`; returns them and that change's link token. */
  async function studentChangingTo(to: string) {
    const body = await signUpAndVerify();
    const { accessToken } = await login(body.email);
    const headers = bearer(accessToken);
    const res = await post('/api/student/profile', { ...signupBody(gradeId), email: to }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { email: body.email, headers, token: await latestMailToken(t.db, 'verifyEmail', to) };
  }

  const emailsOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/student/profile', headers })).json<{
      data: { email: string; pendingEmail: string | null; emailVerified: boolean };
    }>().data;

  it('lets the owner of an address someone else has pending sign up, and that change can then not be confirmed', async () => {
    const wanted = signupBody(gradeId).email;
    const other = await studentChangingTo(wanted);
    const owner = await signUpAndVerify({ email: wanted });
    expect((await login(owner.email)).res.statusCode).toBe(200);
    const confirm = await post('/api/student/verify-email', { token: other.token });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json<{ message: string }>().message).toBe(TAKEN);
    expect(await emailsOf(other.headers)).toEqual(
      expect.objectContaining({ email: other.email, pendingEmail: wanted, emailVerified: true }),
    );
    // Nor is the owner sent that student's links again.
    const resend = await post('/api/student/verify-email/resend', {}, other.headers);
    expect(resend.statusCode).toBe(409);
    expect(resend.json<{ message: string }>().message).toBe(TAKEN);
  });

  it('lets two students have the same address pending', async () => {
    const wanted = signupBody(gradeId).email;
    const first = await studentChangingTo(wanted);
    const second = await studentChangingTo(wanted);
    expect((await emailsOf(first.headers)).pendingEmail).toBe(wanted);
    expect((await emailsOf(second.headers)).pendingEmail).toBe(wanted);
  });

  it('refuses to confirm a change, changing nothing, when the address was taken meanwhile', async () => {
    const wanted = signupBody(gradeId).email;
    const first = await studentChangingTo(wanted);
    const second = await studentChangingTo(wanted);
    expect((await post('/api/student/verify-email', { token: second.token })).statusCode).toBe(200);
    const late = await post('/api/student/verify-email', { token: first.token });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(TAKEN);
    expect(await emailsOf(first.headers)).toEqual(
      expect.objectContaining({ email: first.email, pendingEmail: wanted, emailVerified: true }),
    );
    expect((await emailsOf(second.headers)).email).toBe(wanted);
    const taken = await post(
      '/api/student/profile',
      { ...signupBody(gradeId), email: wanted.toUpperCase() },
      first.headers,
    );
    expect(taken.statusCode).toBe(409);
  });

  it('lets staff give a student an address another student has pending, which that student then cannot confirm', async () => {
    const wanted = signupBody(gradeId).email;
    const other = await studentChangingTo(wanted);
    const edited = await signUpAndVerify();
    const row = await t.db
      .selectFrom('students')
      .select('id')
      .where('email', '=', edited.email)
      .executeTakeFirstOrThrow();
    const staff = await loginStaff(t.app, await makeStaff(t.db, { superAdmin: true }));
    const edit = await t.app.inject({
      method: 'POST',
      url: `/api/student/update/ById/?id=${row.id}`,
      headers: bearer(staff.accessToken),
      payload: { email: wanted },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const confirm = await post('/api/student/verify-email', { token: other.token });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json<{ message: string }>().message).toBe(TAKEN);
    expect((await emailsOf(other.headers)).email).toBe(other.email);
  });
});
