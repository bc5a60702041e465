import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRecaptchaTestContext } from '../../test/fake-recaptcha.js';
import {
  makeGrade,
  makeStaff,
  makeStudents,
  STUDENT_PASSWORD,
  setFlags,
  signupBody,
} from '../../test/helpers.js';

// Everything arrives from one address, as a school's lab behind NAT does; others are named.
const SCHOOL = '203.0.113.10';
const ELSEWHERE = '198.51.100.20';
const OPEN = { isRegistrationEnabled: true, isEmailVerificationEnabled: true };
const SLOW = 90_000;

const { t, recaptcha } = useRecaptchaTestContext({ RECAPTCHA_SITE_KEY: 'site-key' });

beforeEach(async () => {
  await setFlags(t.db, OPEN);
});

interface LoginOptions {
  ip?: string;
  password?: string;
  recaptchaToken?: string;
}

const studentLogin = (email: string, options: LoginOptions = {}) =>
  login('/api/student/login', email, options);
const staffLogin = (email: string, options: LoginOptions = {}) => login('/api/user/login', email, options);

function login(url: string, email: string, { ip = SCHOOL, password, recaptchaToken }: LoginOptions) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: {
      email,
      password: password ?? (url === '/api/user/login' ? 'correct horse battery staple' : STUDENT_PASSWORD),
      ...(recaptchaToken ? { recaptchaToken } : {}),
    },
  });
}

const makeStudentEmails = async (count: number) => (await makeStudents(t.db, count)).map((s) => s.email);

/** Wrong passwords for made-up accounts, one each, so no single account reaches its own limit. */
async function failFromNetwork(count: number, options: LoginOptions & { staff?: boolean } = {}) {
  const statuses = new Set<number>();
  for (let i = 0; i < count; i += 1) {
    const email = `nobody-${i}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await (options.staff ? staffLogin : studentLogin)(email, { ...options, password: 'wrong' });
    statuses.add(res.statusCode);
  }
  return [...statuses];
}

describe('a school behind one IP address', () => {
  it(
    'lets 60 pupils log in within minutes, some after a typo, without refusing any',
    async () => {
      const pupils = await makeStudentEmails(60);
      const statuses: number[] = [];
      // Ten at a time, as a class taps Log in together; every fifth pupil mistypes first.
      for (let start = 0; start < pupils.length; start += 10) {
        const group = pupils.slice(start, start + 10);
        const answers = await Promise.all(
          group.map(async (email, i) => {
            if ((start + i) % 5 === 0) {
              expect((await studentLogin(email, { password: 'oops' })).statusCode).toBe(401);
            }
            return (await studentLogin(email)).statusCode;
          }),
        );
        statuses.push(...answers);
      }
      expect(statuses).toHaveLength(60);
      expect(statuses.every((status) => status === 200)).toBe(true);
    },
    SLOW,
  );

  it(
    'lets a class of 40 sign up from one network within the hour',
    async () => {
      const { id: gradeId } = await makeGrade(t.db);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/student/signup',
          remoteAddress: SCHOOL,
          payload: signupBody(gradeId),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((status) => status === 201)).toBe(true);
      expect(
        Number(
          (
            await t.db
              .selectFrom('students')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(40);
    },
    SLOW,
  );
});

describe('sign-up bots', () => {
  it(
    'are stopped at 150 sign-up requests an hour from one network, told how long to wait',
    async () => {
      const { id: gradeId } = await makeGrade(t.db);
      const signup = (body: object, ip = SCHOOL) =>
        t.app.inject({ method: 'POST', url: '/api/student/signup', remoteAddress: ip, payload: body });
      const taken = signupBody(gradeId);
      expect((await signup(taken)).statusCode).toBe(201);
      // Probing for taken addresses counts as much as creating accounts.
      const statuses = new Set<number>();
      for (let i = 1; i < 150; i += 1) {
        statuses.add((await signup(taken)).statusCode);
      }
      expect([...statuses]).toEqual([409]);
      const refused = await signup(signupBody(gradeId));
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Too many sign-ups from this network\. Please try again in \d+ minutes?\.$/,
      );
      expect((await signup(signupBody(gradeId), ELSEWHERE)).statusCode).toBe(201);
    },
    SLOW,
  );
});

describe('guessing student passwords', () => {
  it('asks for the e-mailed code after 8 wrong passwords from a network, never refusing; classmates and home unaffected', async () => {
    const [target, classmate] = await makeStudentEmails(2);
    for (let i = 0; i < 8; i += 1) {
      expect((await studentLogin(target as string, { password: `guess-${i}` })).statusCode).toBe(401);
    }
    const asked = await studentLogin(target as string);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
    expect((await studentLogin(classmate as string)).statusCode).toBe(200);
    // Hammering on from school asks for the code whatever the password, and asks none at home.
    for (let i = 0; i < 25; i += 1) {
      expect((await studentLogin(target as string, { password: `more-${i}` })).json()).toMatchObject({
        code: 'LOGIN_CODE_REQUIRED',
      });
    }
    expect((await studentLogin(target as string, { ip: ELSEWHERE })).statusCode).toBe(200);
  });

  it('clears an account’s failures when its password is right', async () => {
    const [pupil] = (await makeStudentEmails(1)) as [string];
    for (let i = 0; i < 7; i += 1) {
      await studentLogin(pupil, { password: `typo-${i}` });
    }
    expect((await studentLogin(pupil)).statusCode).toBe(200);
    const again = [];
    for (let i = 0; i < 8; i += 1) {
      again.push((await studentLogin(pupil, { password: `typo-${i}` })).statusCode);
    }
    expect(again.every((status) => status === 401)).toBe(true);
  });

  it('asks for the code everywhere once an account was guessed 20 times from many networks', async () => {
    const [pupil] = (await makeStudentEmails(1)) as [string];
    for (let i = 0; i < 20; i += 1) {
      const res = await studentLogin(pupil, { ip: `192.0.2.${Math.floor(i / 4) + 1}`, password: `g-${i}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await studentLogin(pupil, { ip: '192.0.2.99' })).json()).toMatchObject({
      code: 'LOGIN_CODE_REQUIRED',
    });
  });

  it(
    'paces a network past 30 failures over many accounts instead of refusing it when no captcha can be asked',
    async () => {
      const [pupil, other] = (await makeStudentEmails(2)) as [string, string];
      expect(await failFromNetwork(29)).toEqual([401]);
      // A right password in between is not counted.
      expect((await studentLogin(pupil)).statusCode).toBe(200);
      expect(await failFromNetwork(31)).toEqual([401]);
      expect((await studentLogin(other)).statusCode).toBe(200);
      expect(await t.redis.exists(`${t.config.REDIS_PREFIX}:rl:student-login:pace:net:${SCHOOL}`)).toBe(1);
    },
    SLOW,
  );

  it(
    'asks a network past 30 failures for a captcha when the flag is on, and never locks it out',
    async () => {
      await setFlags(t.db, { ...OPEN, isRecaptchaEnabled: true });
      const [pupil] = (await makeStudentEmails(1)) as [string];
      expect(await failFromNetwork(30)).toEqual([401]);

      const asked = await studentLogin(pupil);
      expect(asked.statusCode).toBe(403);
      expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', recaptchaSiteKey: 'site-key' });
      const forged = await studentLogin(pupil, { recaptchaToken: 'forged' });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      expect((await studentLogin(pupil, { ip: ELSEWHERE })).statusCode).toBe(200);

      // Past the 100 that would lock it without the flag, a ticked box still gets a pupil in.
      expect(await failFromNetwork(80, { recaptchaToken: 'good-token' })).toEqual([401]);
      expect((await studentLogin(pupil)).json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
      expect((await studentLogin(pupil, { recaptchaToken: 'good-token' })).statusCode).toBe(200);
      expect(recaptcha.requests.at(-1)?.get('remoteip')).toBe(SCHOOL);
    },
    SLOW,
  );
});

describe('guessing a child’s password with the reCAPTCHA flag on', () => {
  it('asks for a captcha instead of locking the child out after 8 wrong passwords from their school', async () => {
    await setFlags(t.db, { ...OPEN, isRecaptchaEnabled: true });
    const [target] = (await makeStudentEmails(1)) as [string];
    for (let i = 0; i < 8; i += 1) {
      expect((await studentLogin(target, { password: `classmate-${i}` })).statusCode).toBe(401);
    }
    const asked = await studentLogin(target);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', recaptchaSiteKey: 'site-key' });
    expect((await studentLogin(target, { recaptchaToken: 'forged' })).json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
    });
    // A guess with a ticked box is still only a guess.
    expect(
      (await studentLogin(target, { password: 'one-more', recaptchaToken: 'good-token' })).statusCode,
    ).toBe(401);
    expect((await studentLogin(target, { recaptchaToken: 'good-token' })).statusCode).toBe(200);
  });

  it('asks for a captcha once an account was guessed 20 times from many networks', async () => {
    await setFlags(t.db, { ...OPEN, isRecaptchaEnabled: true });
    const [pupil] = (await makeStudentEmails(1)) as [string];
    for (let i = 0; i < 20; i += 1) {
      await studentLogin(pupil, { ip: `192.0.2.${Math.floor(i / 4) + 1}`, password: `g-${i}` });
    }
    expect((await studentLogin(pupil, { ip: '192.0.2.99' })).json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
    });
    expect((await studentLogin(pupil, { ip: '192.0.2.99', recaptchaToken: 'good-token' })).statusCode).toBe(
      200,
    );
  });
});

describe('guessing staff passwords', () => {
  it(
    'signs in a whole office from one network; one guessed account is asked for a code while colleagues sign in',
    async () => {
      const staff = await Promise.all(Array.from({ length: 35 }, () => makeStaff(t.db)));
      const statuses = [];
      for (const member of staff) {
        statuses.push((await staffLogin(member.email)).statusCode);
      }
      expect(statuses.every((status) => status === 200)).toBe(true);

      const [target, colleague] = staff as [(typeof staff)[0], (typeof staff)[0]];
      for (let i = 0; i < 8; i += 1) {
        expect((await staffLogin(target.email, { password: `guess-${i}` })).statusCode).toBe(401);
      }
      expect((await staffLogin(target.email)).json()).toMatchObject({ code: 'LOGIN_CODE_REQUIRED' });
      expect((await staffLogin(colleague.email)).statusCode).toBe(200);
      expect((await staffLogin(target.email, { ip: ELSEWHERE })).statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    'signs staff in past 30 failures from their network (paced), or asks for a captcha with the flag on',
    async () => {
      const member = await makeStaff(t.db);
      expect(await failFromNetwork(40, { staff: true })).toEqual([401]);
      expect((await staffLogin(member.email)).statusCode).toBe(200);

      await setFlags(t.db, { ...OPEN, isRecaptchaEnabled: true });
      const asked = await staffLogin(member.email);
      expect(asked.statusCode).toBe(403);
      expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', recaptchaSiteKey: 'site-key' });
      expect((await staffLogin(member.email, { recaptchaToken: 'forged' })).statusCode).toBe(403);
      expect((await staffLogin(member.email, { recaptchaToken: 'good-token' })).statusCode).toBe(200);
    },
    SLOW,
  );
});
