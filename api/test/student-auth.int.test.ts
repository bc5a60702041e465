import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRecaptcha, startFakeRecaptcha } from '../../test/fake-recaptcha.js';
import {
  bearer,
  deleteRedisKeys,
  latestMailToken,
  loginStaff,
  makeGrade,
  makeStaff,
  STUDENT_PASSWORD,
  setFlags,
  signupBody,
  useTestContext,
} from '../../test/helpers.js';
import { AUTH_LIMITS } from '../src/auth/auth-limits.js';

const OPEN = { isRegistrationEnabled: true, isEmailVerificationEnabled: true };
let recaptcha: FakeRecaptcha;
const t = useTestContext({
  resetEachTest: true,
  env: {
    RECAPTCHA_SECRET: 'test-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/unused',
  },
});
let gradeId: string;

beforeAll(async () => {
  recaptcha = await startFakeRecaptcha('test-secret', 'good-token');
});
afterAll(async () => {
  await recaptcha.close();
});
beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  gradeId = (await makeGrade(t.db)).id;
  await setFlags(t.db, OPEN);
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function signUpAndVerify(overrides: Record<string, unknown> = {}) {
  const body = signupBody(gradeId, overrides);
  expect((await post('/api/student/signup', body)).statusCode).toBe(201);
  const token = await latestMailToken(t.db, 'verifyEmail', body.email);
  expect((await post('/api/student/verify-email', { token })).statusCode).toBe(200);
  return body;
}

async function login(email: string, password = STUDENT_PASSWORD) {
  const res = await post('/api/student/login', { email, password });
  return {
    res,
    accessToken: res.json<{ accessToken?: string }>().accessToken ?? '',
    cookie: res.cookies.find((c) => c.name === 'riyazi_student_rt')?.value ?? '',
  };
}

describe('sign-up', () => {
  it('is refused, by the api too, while registration is closed', async () => {
    await setFlags(t.db, { isRegistrationEnabled: false });
    const res = await post('/api/student/signup', signupBody(gradeId));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Registration is closed' });
  });

  it('creates the student with a normalised phone, an argon2id hash and a verification e-mail', async () => {
    const body = signupBody(gradeId);
    const res = await post('/api/student/signup', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ emailVerificationRequired: true });
    const row = await t.db
      .selectFrom('students')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('03001234567');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.emailVerified).toBe(false);
    expect(row.studentNo).toBeGreaterThan(100000);
    expect(await latestMailToken(t.db, 'verifyEmail', body.email)).toHaveLength(43);
  });

  it('reports every invalid field next to its name', async () => {
    const body = signupBody(gradeId, {
      phone: '12345',
      city: 'Atlantis',
      password: 'pakistan123',
      gender: 'X',
    });
    const res = await post('/api/student/signup', body);
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string> }>();
    expect(Object.keys(errors).sort()).toEqual(['city', 'gender', 'password', 'phone']);
    expect(errors.password).toMatch(/common/);
  });

  it('refuses a password equal to the e-mail, and a missing acceptance of the terms', async () => {
    const body = signupBody(gradeId, { acceptTerms: false });
    const res = await post('/api/student/signup', { ...body, password: body.email });
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors).sort()).toEqual([
      'acceptTerms',
      'password',
    ]);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const body = signupBody(gradeId);
    await post('/api/student/signup', body);
    const again = await post('/api/student/signup', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
  });

  it('ignores fields a student may not set (isActive, emailVerified, contestAttempts)', async () => {
    const body = { ...signupBody(gradeId), isActive: false, emailVerified: true, contestAttempts: 99 };
    expect((await post('/api/student/signup', body)).statusCode).toBe(201);
    const row = await t.db
      .selectFrom('students')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ isActive: true, emailVerified: false, contestAttempts: 0 });
  });
});

describe('reCAPTCHA', () => {
  const withRecaptcha = useTestContextSwap();

  it('needs a token the verify server accepts, checked with the configured secret', async () => {
    const app = withRecaptcha();
    await setFlags(t.db, { ...OPEN, isRecaptchaEnabled: true });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/student/signup',
      payload: signupBody(gradeId),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string> }>().errors).toHaveProperty('recaptchaToken');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/student/signup',
      payload: signupBody(gradeId, { recaptchaToken: 'forged' }),
    });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({
      method: 'POST',
      url: '/api/student/signup',
      payload: signupBody(gradeId, { recaptchaToken: 'good-token' }),
    });
    expect(good.statusCode).toBe(201);
    expect(recaptcha.requests.at(-1)?.get('secret')).toBe('test-secret');
  });
});

describe('e-mail verification', () => {
  it('confirms once; a second click says already confirmed; a forged or expired link is refused', async () => {
    const body = signupBody(gradeId);
    await post('/api/student/signup', body);
    const token = await latestMailToken(t.db, 'verifyEmail', body.email);
    expect((await post('/api/student/verify-email', { token })).json()).toMatchObject({ status: 'verified' });
    expect((await post('/api/student/verify-email', { token })).json()).toMatchObject({
      status: 'alreadyVerified',
    });
    expect((await post('/api/student/verify-email', { token: 'x'.repeat(43) })).statusCode).toBe(400);

    const other = signupBody(gradeId);
    await post('/api/student/signup', other);
    const expiring = await latestMailToken(t.db, 'verifyEmail', other.email);
    await t.db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('usedAt', 'is', null)
      .execute();
    expect((await post('/api/student/verify-email', { token: expiring })).statusCode).toBe(400);
  });

  it('sends the link again to a signed-in unverified student, a few times an hour at most', async () => {
    const body = signupBody(gradeId);
    await post('/api/student/signup', body);
    const { accessToken } = await login(body.email);
    const headers = bearer(accessToken);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post('/api/student/verify-email/resend', {}, headers)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

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

  it('limits repeated failed logins on one account with 429', async () => {
    const body = await signUpAndVerify();
    const statuses = [];
    for (let i = 0; i < 9; i += 1) {
      statuses.push((await login(body.email, `wrong-${i}`)).res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    // Not locked out for good: the counter expires with its 15-minute window.
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

/** reCAPTCHA needs the verify URL of a server started in this file: a second app with that config. */
function useTestContextSwap() {
  let app: typeof t.app | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { createTestContext } = await import('../../test/helpers.js');
    const ctx = await createTestContext({
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: recaptcha.url,
    });
    app = ctx.app;
    close = ctx.close;
  });
  afterAll(async () => {
    await close?.();
  });
  return () => {
    if (!app) {
      throw new Error('not ready');
    }
    return app;
  };
}

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
