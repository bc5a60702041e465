import { describe, expect, it } from 'vitest';
import { makeStudent, studentSessionToken, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true });

async function signedIn() {
  const student = await makeStudent(t.db);
  return { ...student, token: await studentSessionToken(t, student.id) };
}

const putLanguage = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/student/language',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

describe("the child's language on the account", () => {
  it('is English for a new account and is returned with the session', async () => {
    const { email, password } = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ language: 'en' });
  });

  it('is saved by PUT /student/language and returned by login and /student/me', async () => {
    const { id, email, password, token } = await signedIn();
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
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ language: 'ur' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email, password },
    });
    expect(login.json()).toMatchObject({ language: 'ur' });
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
      const { token } = await signedIn();
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
