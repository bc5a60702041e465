import { describe, expect, it } from 'vitest';
import { bearer, latestMailToken, loginStaff, makeStaff } from '../../test/helpers.js';
import { AUTH_LIMITS } from '../src/auth/auth-limits.js';
import { gradeId, login, post, signUpAndVerify, t } from './student-auth.fixtures.js';

describe('student login and session', () => {
  it('returns exactly the student auth state and an httpOnly cookie scoped to /api/student', async () => {
    const body = await signUpAndVerify();
    const { res, cookie } = await login(body.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const state = res.json<Record<string, unknown>>();
    expect(Object.keys(state).sort()).toEqual(
      [
        'accessToken',
        'email',
        'emailVerified',
        'gradeId',
        'gradeTitle',
        'isAttemptEarned',
        'isProfileCompleted',
        'language',
        'studentId',
        'username',
      ].sort(),
    );
    expect(state).toMatchObject({
      username: 'Ayesha Khan',
      gradeId,
      gradeTitle: 'Grade 5',
      isProfileCompleted: true,
      emailVerified: true,
    });
    expect(res.cookies.find((c) => c.name === 'riyazi_student_rt')).toMatchObject({
      httpOnly: true,
      path: '/api/student',
    });
    expect(cookie).not.toBe('');
  });

  it('answers a wrong password like an unknown e-mail, and an inactive student with INACTIVE', async () => {
    const body = await signUpAndVerify();
    const wrong = await login(body.email, 'not-the-password');
    const unknown = await login('nobody@example.com', 'not-the-password');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual(unknown.res.json());
    await t.db.updateTable('students').set({ isActive: false }).where('email', '=', body.email).execute();
    const inactive = await login(body.email);
    expect(inactive.res.statusCode).toBe(403);
    expect(inactive.res.json()).toMatchObject({ code: 'INACTIVE' });
  });

  it('rotates the refresh cookie, revokes the family on replay and refuses cross-site rotation', async () => {
    const body = await signUpAndVerify();
    const { cookie } = await login(body.email);
    const refresh = (value: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/student/refresh',
        cookies: { riyazi_student_rt: value },
        headers,
      });
    expect((await refresh(cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const first = await refresh(cookie);
    expect(first.statusCode).toBe(200);
    const next = first.cookies.find((c) => c.name === 'riyazi_student_rt')?.value ?? '';
    await t.db
      .updateTable('refreshTokens')
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where('usedAt', 'is not', null)
      .execute();
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('keeps the audiences apart: a student token is refused on staff routes and the other way round', async () => {
    const body = await signUpAndVerify();
    const { accessToken } = await login(body.email);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user/me',
          headers: bearer(accessToken),
        })
      ).statusCode,
    ).toBe(401);
    const staff = await loginStaff(t.app, await makeStaff(t.db, { superAdmin: true }));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/student/me',
          headers: bearer(staff.accessToken),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('asks for an e-mailed code after repeated failed logins on one account, never a 429', async () => {
    const body = await signUpAndVerify();
    const statuses = [];
    for (let i = 0; i < 9; i += 1) {
      statuses.push((await login(body.email, `wrong-${i}`)).res.statusCode);
    }
    expect(statuses.at(-1)).toBe(403);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect((await login(body.email)).res.json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    // Only for a while: the counter expires with its 15-minute window.
    const key = `${t.config.REDIS_PREFIX}:rl:student-login:fail:acct-net:${body.email}:127.0.0.1`;
    const ttl = await t.redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
  });
});

describe('forgotten password', () => {
  it('answers the same for known and unknown e-mails, and only sends to the known one', async () => {
    const body = await signUpAndVerify();
    const known = await post('/api/student/forgot-password', { email: body.email });
    const unknown = await post('/api/student/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const mails = await t.db
      .selectFrom('mailMessages')
      .select('toEmail')
      .where('template', '=', 'resetPassword')
      .execute();
    expect(mails).toEqual([{ toEmail: body.email }]);
  });

  it('resets once with the link, ends every other session, and the new password works', async () => {
    const body = await signUpAndVerify();
    const { cookie } = await login(body.email);
    await post('/api/student/forgot-password', { email: body.email });
    const token = await latestMailToken(t.db, 'resetPassword', body.email);
    const reset = await post('/api/student/reset-password', { token, password: 'A brand new secret 7' });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/api/student/reset-password', { token, password: 'Another new secret 8' })).statusCode,
    ).toBe(400);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/student/refresh',
      cookies: { riyazi_student_rt: cookie },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(body.email)).res.statusCode).toBe(401);
    expect((await login(body.email, 'A brand new secret 7')).res.statusCode).toBe(200);
  });

  it('refuses a link older than 30 minutes', async () => {
    const body = await signUpAndVerify();
    await post('/api/student/forgot-password', { email: body.email });
    const token = await latestMailToken(t.db, 'resetPassword', body.email);
    const row = await t.db
      .selectFrom('accountTokens')
      .select(['createdAt', 'expiresAt'])
      .where('purpose', '=', 'RESET_PASSWORD')
      .executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    await t.db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where('purpose', '=', 'RESET_PASSWORD')
      .execute();
    expect(
      (await post('/api/student/reset-password', { token, password: 'A brand new secret 7' })).statusCode,
    ).toBe(400);
  });
});

describe('token misuse', () => {
  it('refuses a refresh token presented as an access token', async () => {
    const body = await signUpAndVerify();
    const { cookie } = await login(body.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/student/me',
      headers: bearer(cookie),
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits forgot-password requests per network with 429, high enough for a class of 40', async () => {
    const { limit } = AUTH_LIMITS.forgotPasswordPerNetwork;
    expect(limit).toBeGreaterThanOrEqual(40);
    const statuses = [];
    for (let i = 0; i <= limit; i += 1) {
      statuses.push(
        (await post('/api/student/forgot-password', { email: `someone${i}@example.com` })).statusCode,
      );
    }
    expect(statuses.slice(0, limit).every((s) => s === 202)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});
