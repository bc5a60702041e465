import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeStudent, type TestContext } from '../../test/helpers.js';

/*
 * A school runs Riyazi on its own network, over plain http (PUBLIC_URL http://192.168.…): a
 * browser drops a Secure cookie sent over http, and upgraded requests would find no https there.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-for-the-school-tests-0123',
  ENCRYPTION_KEY: '0'.repeat(64),
};

const installs: Record<'http' | 'https', TestContext> = {} as Record<'http' | 'https', TestContext>;

beforeAll(async () => {
  installs.http = await createTestContext({ ...PRODUCTION, PUBLIC_URL: 'http://192.168.1.20:3000' });
  installs.https = await createTestContext({ ...PRODUCTION, PUBLIC_URL: 'https://riyazi.example.pk' });
});

afterAll(async () => {
  await installs.http?.close();
  await installs.https?.close();
});

async function logIn(install: TestContext) {
  const student = await makeStudent(install.db);
  const res = await install.app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email: student.email, password: student.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('a production install', () => {
  it('over plain http sets a refresh cookie the browser keeps there, and asks for no https upgrade', async () => {
    const res = await logIn(installs.http);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/riyazi_student_rt=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('over https keeps its cookies Secure and upgrades insecure requests', async () => {
    const res = await logIn(installs.https);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
