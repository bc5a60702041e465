import { describe, expect, it } from 'vitest';
import { bearer, makeStudent, signedInStudent, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true });

const putLanguage = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/student/language',
    headers: bearer(token),
    payload: payload as object,
  });

describe("the child's language on the account", () => {
  it('is English for a new account and is returned with the session', async () => {
    const { email, password } = await signedInStudent(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: 'en' });
  });

  it('is saved by PUT /student/language and returned by login and /student/me', async () => {
    const { id, email, password, token } = await signedInStudent(t);
    const res = await putLanguage(token, { language: 'ur' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const row = await t.db
      .selectFrom('students')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('ur');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/student/me',
      headers: bearer(token),
    });
    expect(me.json()).toMatchObject({ language: 'ur' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email, password },
    });
    expect(login.json()).toMatchObject({ language: 'ur' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/student/profile',
      headers: bearer(token),
    });
    expect(profile.json().data).toMatchObject({ language: 'ur' });
    expect((await putLanguage(token, { language: 'en' })).statusCode).toBe(204);
    const back = await t.db
      .selectFrom('students')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(back.language).toBe('en');
  });

  it.each([{ language: 'fr' }, { language: 'UR' }, { language: null }, {}, { language: ['ur'] }])(
    'refuses %j with 400 and a message',
    async (payload) => {
      const { token } = await signedInStudent(t);
      const res = await putLanguage(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    },
  );

  it('needs a signed-in student', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/student/language',
      payload: { language: 'ur' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('api messages in the language the child reads', () => {
  const login = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/student/login', headers, payload });

  it('answers a wrong login in Urdu when Accept-Language prefers ur, and in English otherwise', async () => {
    const { email } = await makeStudent(t.db);
    const wrong = { email, password: 'not-the-password-1' };
    const urdu = await login({ 'accept-language': 'ur' }, wrong);
    expect(urdu.statusCode).toBe(401);
    expect(urdu.json()).toEqual({ message: 'ای میل یا پاس ورڈ درست نہیں ہے۔' });
    const english = await login({ 'accept-language': 'en-GB,en;q=0.9,ur;q=0.5' }, wrong);
    expect(english.json()).toEqual({ message: 'Invalid email or password' });
    expect((await login({}, wrong)).json()).toEqual({ message: 'Invalid email or password' });
  });

  it('gives form problems in Urdu, field by field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/forgot-password',
      headers: { 'accept-language': 'ur-PK,ur;q=0.9' },
      payload: { email: 'not-an-address' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'ای میل: درست ای میل ایڈریس لکھیں',
      errors: { email: 'درست ای میل ایڈریس لکھیں' },
    });
  });

  it('says "log in first" in Urdu to a child without a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/student/language',
      headers: { 'accept-language': 'ur' },
      payload: { language: 'ur' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'پہلے لاگ اِن کریں۔' });
  });

  it('keeps the back office in English whatever the browser asks for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'ur' },
      payload: { email: 'nobody@example.com', password: 'not-the-password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^[\x20-\x7E]+$/);
    const staffRoute = await t.app.inject({
      method: 'GET',
      url: '/api/question/detail/',
      headers: { 'accept-language': 'ur' },
    });
    expect(staffRoute.statusCode).toBe(401);
    expect(staffRoute.json()).toEqual({ message: 'Unauthorized' });
  });
});
