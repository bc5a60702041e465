import { describe, expect, it } from 'vitest';
import { bearer, latestMailToken, setFlags, signupBody } from '../../test/helpers.js';
import { gradeId, login, OPEN, post, recaptcha, t, useTestContextSwap } from './student-auth.fixtures.js';

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
