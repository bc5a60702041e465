import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  deleteRedisKeys,
  latestMailToken,
  loginStaff,
  makeStaff,
  makeStudent,
  signedInStaff,
  type TestContext,
  useTestContext,
} from '../../test/helpers.js';

// Ending a session ends its access tokens at once, on every api node: logout (that device only),
// password reset and change, deactivation, anonymisation, refresh-token reuse.

const t = useTestContext({ resetEachTest: true });
let second: TestContext;
let admin: string;

beforeAll(async () => {
  second = await createTestContext();
});
afterAll(async () => {
  await second.close();
});
beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  admin = (await signedInStaff(t, { superAdmin: true })).token;
});

const get = (url: string, token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token?: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

const studentMe = (token: string, app?: FastifyInstance) => get('/api/student/me', token, app);
const available = (token: string) => get('/api/play-quiz/available?type=PRACTICE', token);
const staffMe = (token: string, app?: FastifyInstance) => get('/api/user/me', token, app);

async function studentLogin(student: { email: string; password: string }, app: FastifyInstance = t.app) {
  const res = await post(
    '/api/student/login',
    { email: student.email, password: student.password },
    undefined,
    app,
  );
  expect(res.statusCode, res.body).toBe(200);
  return {
    accessToken: res.json<{ accessToken: string }>().accessToken,
    cookie: res.cookies.find((c) => c.name === 'riyazi_student_rt')?.value ?? '',
  };
}

async function studentLogout(session: { accessToken: string; cookie: string }, app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/student/logout',
    headers: bearer(session.accessToken),
    cookies: { riyazi_student_rt: session.cookie },
  });
  expect(res.statusCode).toBe(204);
}

const studentRefresh = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/student/refresh', cookies: { riyazi_student_rt: cookie } });

/** A signed-in student whose session this node has just found live (and so remembers). */
async function signedInStudent() {
  const student = await makeStudent(t.db);
  const session = await studentLogin(student);
  expect((await studentMe(session.accessToken)).statusCode).toBe(200);
  return { ...student, ...session };
}

describe('a student access token after its session ends', () => {
  it('is refused on /me and on the quiz routes after logout', async () => {
    const student = await signedInStudent();
    expect((await available(student.accessToken)).statusCode).toBe(200);
    await studentLogout(student);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await available(student.accessToken)).statusCode).toBe(401);
  });

  it('is refused after logout even when only the access token is sent (the cookie was lost)', async () => {
    const student = await signedInStudent();
    await studentLogout({ accessToken: student.accessToken, cookie: '' });
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await studentRefresh(student.cookie)).statusCode).toBe(401);
  });

  it("keeps the student's other device signed in when one logs out", async () => {
    const student = await signedInStudent();
    const otherDevice = await studentLogin(student);
    expect((await studentMe(otherDevice.accessToken)).statusCode).toBe(200);
    await studentLogout(student);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await studentMe(otherDevice.accessToken)).statusCode).toBe(200);
    expect((await available(otherDevice.accessToken)).statusCode).toBe(200);
    expect((await studentRefresh(otherDevice.cookie)).statusCode).toBe(200);
  });

  it('is refused on every device after a password reset from the e-mailed link', async () => {
    const student = await signedInStudent();
    const otherDevice = await studentLogin(student);
    expect((await post('/api/student/forgot-password', { email: student.email })).statusCode).toBe(202);
    const token = await latestMailToken(t.db, 'resetPassword', student.email);
    const reset = await post('/api/student/reset-password', { token, password: 'A-brand-new-one-2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await studentMe(otherDevice.accessToken)).statusCode).toBe(401);
    const fresh = await studentLogin({ email: student.email, password: 'A-brand-new-one-2026' });
    expect((await studentMe(fresh.accessToken)).statusCode).toBe(200);
  });

  it('is refused after an admin sets a new password', async () => {
    const student = await signedInStudent();
    const res = await post(
      `/api/student/update/ById/?id=${student.id}`,
      { password: 'Set-by-the-office-2026' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await available(student.accessToken)).statusCode).toBe(401);
  });

  it('is refused after an admin deactivates the student, and stays refused after reactivation', async () => {
    const student = await signedInStudent();
    const off = await post(`/api/student/update/ById/?id=${student.id}`, { isActive: 'false' }, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    await post(`/api/student/update/ById/?id=${student.id}`, { isActive: 'true' }, admin);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await studentRefresh(student.cookie)).statusCode).toBe(401);
  });

  it('keeps working when an admin edits only the name', async () => {
    const student = await signedInStudent();
    const res = await post(
      `/api/student/update/ById/?id=${student.id}`,
      { fullName: 'Sana B. Iqbal' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await studentMe(student.accessToken)).statusCode).toBe(200);
  });

  it('is refused after the student is deleted', async () => {
    const student = await signedInStudent();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/student/delete/?id=${student.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
  });

  it('is refused once a replayed refresh token revokes its session, the rotated tokens too', async () => {
    const student = await signedInStudent();
    const rotated = await studentRefresh(student.cookie);
    expect(rotated.statusCode).toBe(200);
    const rotatedToken = rotated.json<{ accessToken: string }>().accessToken;
    expect((await studentMe(rotatedToken)).statusCode).toBe(200);
    await t.db
      .updateTable('refreshTokens')
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where('usedAt', 'is not', null)
      .execute();
    expect((await studentRefresh(student.cookie)).statusCode).toBe(401);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
    expect((await studentMe(rotatedToken)).statusCode).toBe(401);
  });
});

describe('a staff access token after its session ends', () => {
  async function signedInStaff() {
    const staff = await makeStaff(t.db, { permissions: [['grade', 'read']] });
    const session = await loginStaff(t.app, staff);
    expect((await staffMe(session.accessToken)).statusCode).toBe(200);
    return { ...staff, ...session };
  }

  it('is refused after logout; another session of the member keeps working', async () => {
    const staff = await signedInStaff();
    const otherDevice = await loginStaff(t.app, staff);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(staff.accessToken),
      cookies: { riyazi_staff_rt: staff.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await staffMe(staff.accessToken)).statusCode).toBe(401);
    expect((await staffMe(otherDevice.accessToken)).statusCode).toBe(200);
  });

  it('is refused after deactivation, and stays refused after reactivation', async () => {
    const staff = await signedInStaff();
    expect((await post(`/api/staffUser/update/?id=${staff.id}`, { isActive: false }, admin)).statusCode).toBe(
      200,
    );
    expect((await staffMe(staff.accessToken)).statusCode).toBe(401);
    expect((await post(`/api/staffUser/update/?id=${staff.id}`, { isActive: true }, admin)).statusCode).toBe(
      200,
    );
    expect((await staffMe(staff.accessToken)).statusCode).toBe(401);
  });

  it('is refused after a password reset from the e-mailed link', async () => {
    const staff = await signedInStaff();
    expect((await post('/api/user/forgot-password', { email: staff.email })).statusCode).toBe(202);
    const token = await latestMailToken(t.db, 'resetPassword', staff.email);
    const reset = await post('/api/user/reset-password', { token, password: 'a brand new passphrase' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await staffMe(staff.accessToken)).statusCode).toBe(401);
  });

  it('is refused after an admin sets a new password', async () => {
    const staff = await signedInStaff();
    const res = await post(
      `/api/staffUser/update/?id=${staff.id}`,
      { password: 'set by the boss 2026' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await staffMe(staff.accessToken)).statusCode).toBe(401);
  });
});

describe('two api nodes sharing PostgreSQL and Redis', () => {
  it('refuses on the second node at once a session ended on the first, though the second remembered it', async () => {
    const student = await signedInStudent();
    const otherDevice = await studentLogin(student);
    expect((await studentMe(student.accessToken, second.app)).statusCode).toBe(200);
    expect((await studentMe(otherDevice.accessToken, second.app)).statusCode).toBe(200);
    await studentLogout(student);
    expect((await studentMe(student.accessToken, second.app)).statusCode).toBe(401);
    expect((await studentMe(otherDevice.accessToken, second.app)).statusCode).toBe(200);
  });

  it('refuses on the second node at once a student deactivated on the first', async () => {
    const student = await signedInStudent();
    expect((await studentMe(student.accessToken, second.app)).statusCode).toBe(200);
    await post(`/api/student/update/ById/?id=${student.id}`, { isActive: 'false' }, admin);
    expect((await studentMe(student.accessToken, second.app)).statusCode).toBe(401);
  });

  it('refuses on the first node at once a logout made on the second', async () => {
    const student = await signedInStudent();
    await studentLogout(student, second.app);
    expect((await studentMe(student.accessToken)).statusCode).toBe(401);
  });
});

describe('Socket.IO connections of an ended session', () => {
  let url: string;
  beforeAll(async () => {
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });

  const open = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, auth: { token } });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });

  it('are dropped on every node when the session ends, and a reconnect with the old token is refused', async () => {
    const staff = await makeStaff(t.db, { permissions: [['grade', 'read']] });
    const session = await loginStaff(t.app, staff);
    const socket = await open(session.accessToken);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(session.accessToken),
      cookies: { riyazi_staff_rt: session.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await dropped).toBe('io server disconnect');
    await expect(open(session.accessToken)).rejects.toThrow('unauthorized');
  });

  it('refuses a student token whose session has ended, and keeps guests welcome', async () => {
    const student = await signedInStudent();
    (await open(student.accessToken)).close();
    await studentLogout(student);
    await expect(open(student.accessToken)).rejects.toThrow('unauthorized');
    const guest = await open('');
    guest.close();
  });
});
