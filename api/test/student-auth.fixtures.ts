import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type FakeRecaptcha, startFakeRecaptcha } from '../../test/fake-recaptcha.js';
import {
  deleteRedisKeys,
  latestMailToken,
  makeGrade,
  STUDENT_PASSWORD,
  setFlags,
  signupBody,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the student-auth-*.int.test.ts files: importing it registers their app and hooks.
export const OPEN = { isRegistrationEnabled: true, isEmailVerificationEnabled: true };
export let recaptcha: FakeRecaptcha;
export const t = useTestContext({
  resetEachTest: true,
  env: {
    RECAPTCHA_SECRET: 'test-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/unused',
  },
});
export let gradeId: string;

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

export const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

export async function signUpAndVerify(overrides: Record<string, unknown> = {}) {
  const body = signupBody(gradeId, overrides);
  expect((await post('/api/student/signup', body)).statusCode).toBe(201);
  const token = await latestMailToken(t.db, 'verifyEmail', body.email);
  expect((await post('/api/student/verify-email', { token })).statusCode).toBe(200);
  return body;
}

export async function login(email: string, password = STUDENT_PASSWORD) {
  const res = await post('/api/student/login', { email, password });
  return {
    res,
    accessToken: res.json<{ accessToken?: string }>().accessToken ?? '',
    cookie: res.cookies.find((c) => c.name === 'riyazi_student_rt')?.value ?? '',
  };
}

/** reCAPTCHA needs the verify URL of a server started in this file: a second app with that config. */
export function useTestContextSwap() {
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
