import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import {
  makeStaff,
  makeStudent,
  makeStudents,
  STUDENT_PASSWORD,
  useTestContext,
} from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../../workers/src/runtime.js';
import { AUTH_LIMITS, LOGIN_CODE, paceDelaySeconds } from '../src/auth/auth-limits.js';

// No reCAPTCHA keys: the default, where a lockout used to refuse right passwords.
const t = useTestContext({ resetEachTest: true, clearRateLimits: true });
const SCHOOL = '203.0.113.10';
const HOME = '198.51.100.77';
const SLOW = 120_000;
let smtp: FakeSmtp;
let workers: RunningWorkers;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  workers = await startTestWorkers(t, { relay: { graceMs: 1000, intervalMs: 200, batchSize: 100 } });
});
afterAll(async () => {
  await workers.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await t.db
    .insertInto('smtpSettings')
    .values({
      id: 1,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      fromName: 'Riyazi',
      fromEmail: 'no-reply@riyazi.test',
    })
    .execute();
});

interface Attempt {
  ip?: string;
  password?: string;
  code?: string;
  staff?: boolean;
}

function login(email: string, { ip = SCHOOL, password = STUDENT_PASSWORD, code, staff }: Attempt = {}) {
  const base = staff ? '/api/user/login' : '/api/student/login';
  return t.app.inject({
    method: 'POST',
    url: code === undefined ? base : `${base}/code`,
    remoteAddress: ip,
    payload: { email, password, ...(code === undefined ? {} : { code }) },
  });
}

/** The code in the newest login-code e-mail to this address. */
async function mailedCode(email: string, after = 0): Promise<string> {
  const mail = await smtp.waitForMessage(
    (m) =>
      m.to.includes(email) && /log in to Riyazi is:/.test(m.decoded) && smtp.messages.indexOf(m) >= after,
  );
  const code = /log in to Riyazi is:\s+(\d{6})/.exec(mail.decoded)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

const codeKey = (email: string, who = 'student') => `${t.config.REDIS_PREFIX}:rl:${who}-login:code:${email}`;
const cooldownKey = (email: string) => `${t.config.REDIS_PREFIX}:rl:student-login:code-sent:${email}`;

/** Wrong passwords for made-up accounts from one network, `streams` at a time. */
async function failFrom(ip: string, count: number, streams = 4) {
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: streams }, async (_, stream) => {
      for (let i = stream; i < count; i += streams) {
        const res = await login(`nobody-${i}-${randomBytes(3).toString('hex')}@example.com`, {
          ip,
          password: 'wrong',
        });
        statuses.add(res.statusCode);
      }
    }),
  );
  return [...statuses];
}

describe('a school network after many failed logins, no captcha configured', () => {
  it(
    'lets 40 of 40 classmates in with their right passwords after 100 failures, and slows further guesses',
    async () => {
      expect(await failFrom(SCHOOL, 100)).toEqual([401]);
      const pupils = await makeStudents(t.db, 40);
      const statuses: number[] = [];
      for (let start = 0; start < pupils.length; start += 10) {
        const group = pupils.slice(start, start + 10);
        statuses.push(...(await Promise.all(group.map(async (p) => (await login(p.email)).statusCode))));
      }
      expect(statuses).toEqual(Array(40).fill(200));

      // Guesses still go on, but slower: 8 at once wait for the network's 4 places in turn.
      const started = Date.now();
      expect(await failFrom(SCHOOL, 8, 8)).toEqual([401]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(paceDelaySeconds(100) * 1000);
    },
    SLOW,
  );
});

describe('a child whose password is guessed from many networks', () => {
  it(
    'asks for the e-mailed code after 24 wrong passwords over 6 networks, and the code signs the child in at home',
    async () => {
      const child = await makeStudent(t.db, { fullName: 'Sana Targeted' });
      const statuses: number[] = [];
      for (let i = 0; i < 24; i += 1) {
        const ip = `192.0.2.${Math.floor(i / 4) + 1}`;
        statuses.push((await login(child.email, { ip, password: `guess-${i}` })).statusCode);
      }
      // Past 20 the guesses are not even judged: the code is asked whatever the password.
      expect(statuses).toEqual([...Array(20).fill(401), ...Array(4).fill(403)]);

      const atHome = await login(child.email, { ip: HOME });
      expect(atHome.statusCode).toBe(403);
      expect(atHome.json()).toMatchObject({
        code: 'LOGIN_CODE_REQUIRED',
        message: expect.stringContaining('code'),
      });
      expect(atHome.cookies).toEqual([]);

      const code = await mailedCode(child.email);
      const mail = smtp.messages.filter((m) => m.to.includes(child.email));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.decoded).not.toContain('Sana');

      const wrong = await login(child.email, { ip: HOME, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'LOGIN_CODE_WRONG' });
      expect(wrong.cookies).toEqual([]);
      const guesser = await login(child.email, { ip: '192.0.2.1', password: 'guess-x', code });
      expect(guesser.statusCode).toBe(401);
      expect(guesser.json()).toEqual({ message: 'Invalid email or password' });

      const signedIn = await login(child.email, { ip: HOME, code });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toHaveProperty('accessToken');
      // The failures are cleared: the next login needs only the password.
      expect((await login(child.email, { ip: HOME })).statusCode).toBe(200);

      const audit = await t.db.selectFrom('auditLog').selectAll().execute();
      expect(audit.map((row) => row.action)).toContain('student.loginCodeSent');
      expect(JSON.stringify(audit)).not.toContain(code);
    },
    SLOW,
  );

  it('asks the child at school for a code after 8 wrong passwords from there, never refusing, and not at home', async () => {
    const [target, classmate] = await makeStudents(t.db, 2);
    for (let i = 0; i < 8; i += 1) {
      expect((await login(target!.email, { password: `classmate-${i}` })).statusCode).toBe(401);
    }
    expect((await login(target!.email)).json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    expect((await login(target!.email, { password: 'more' })).json()).toMatchObject({
      code: 'LOGIN_CODE_REQUIRED',
    });
    expect((await login(classmate!.email)).statusCode).toBe(200);
    expect((await login(target!.email, { ip: HOME })).statusCode).toBe(200);
    expect((await login(target!.email, { code: await mailedCode(target!.email) })).statusCode).toBe(200);
  });
});

describe('login codes', () => {
  /** Puts the child into code mode from SCHOOL and returns the code e-mailed. */
  async function codeAsked(email: string) {
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerAccountAndNetwork.limit; i += 1) {
      await login(email, { password: `typo-${i}` });
    }
    const before = smtp.messages.length;
    expect((await login(email)).json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    return mailedCode(email, before);
  }

  it('takes a few wrong codes, signs in with the right one once, and is hashed and short-lived at rest', async () => {
    const child = await makeStudent(t.db);
    const code = await codeAsked(child.email);
    const stored = await t.redis.hgetall(codeKey(child.email));
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(await t.redis.ttl(codeKey(child.email))).toBeLessThanOrEqual(LOGIN_CODE.lifetimeSeconds);

    const other = code === '123456' ? '654321' : '123456';
    for (let i = 1; i < LOGIN_CODE.tries; i += 1) {
      expect((await login(child.email, { code: other })).json()).toMatchObject({ code: 'LOGIN_CODE_WRONG' });
    }
    // The right code with a typo in the password: not signed in, and the code is used up by the tries.
    expect((await login(child.email, { code, password: 'typo' })).statusCode).toBe(401);
    expect((await login(child.email, { code })).json()).toMatchObject({ code: 'LOGIN_CODE_EXPIRED' });

    // Asking again is all it takes.
    await t.redis.del(cooldownKey(child.email));
    const fresh = await codeAsked(child.email);
    expect((await login(child.email, { code: fresh })).statusCode).toBe(200);
    const reused = await login(child.email, { code: fresh });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'LOGIN_CODE_EXPIRED' });
  });

  it('stops working when it expires, and is sent at most a few times an hour', async () => {
    const child = await makeStudent(t.db);
    const code = await codeAsked(child.email);
    await t.redis.pexpire(codeKey(child.email), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await login(child.email, { code })).json()).toMatchObject({ code: 'LOGIN_CODE_EXPIRED' });

    // A login within a minute of a code sends no other; past the hourly number it says so.
    expect((await login(child.email)).json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    for (let sent = 1; sent < LOGIN_CODE.perAccount.limit; sent += 1) {
      await t.redis.del(cooldownKey(child.email));
      expect((await login(child.email)).json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    }
    await t.redis.del(cooldownKey(child.email));
    const capped = await login(child.email, { password: 'whatever' });
    expect(capped.json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    expect(capped.json<{ message: string }>().message).toMatch(/^We have sent several codes already\./);
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(child.email)).length)
      .toBe(LOGIN_CODE.perAccount.limit);
  });

  it('answers in Urdu for a child reading Urdu', async () => {
    const child = await makeStudent(t.db);
    await codeAsked(child.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/login/code',
      remoteAddress: SCHOOL,
      headers: { 'accept-language': 'ur' },
      payload: { email: child.email, password: STUDENT_PASSWORD, code: '12 34 5' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { code: 'ای میل میں آئے ہوئے 6 ہندسے لکھیں' } });
  });

  it('works the same for staff: a code to the staff e-mail after 8 wrong passwords from one network', async () => {
    const member = await makeStaff(t.db);
    for (let i = 0; i < 8; i += 1) {
      await login(member.email, { staff: true, password: `guess-${i}` });
    }
    const asked = await login(member.email, { staff: true, password: member.password });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    const code = await mailedCode(member.email);
    const wrong = await login(member.email, {
      staff: true,
      password: member.password,
      code: code === '123456' ? '654321' : '123456',
    });
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_CODE_WRONG' });
    const res = await login(member.email, { staff: true, password: member.password, code });
    expect(res.statusCode).toBe(200);
    expect(await t.redis.exists(codeKey(member.email, 'staff'))).toBe(0);
    const actions = await t.db.selectFrom('auditLog').select(['action', 'details']).execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.loginCodeSent', 'staff.login']),
    );
    expect(actions).toContainEqual({ action: 'staff.login', details: { withCode: true } });
    expect(actions).toContainEqual({ action: 'staff.loginFailed', details: { reason: 'LOGIN_CODE_WRONG' } });
    expect(JSON.stringify(actions)).not.toContain(code);
  });
});
