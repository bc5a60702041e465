import { randomBytes } from 'node:crypto';
import type { Action, Module } from '@riyazi/api/contracts';
import { type Db, hashPassword, type Students } from '@riyazi/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Insertable } from 'kysely';
import { DEMO_STUDENT_PASSWORD } from '../db/src/seed/reference.js';
import { openStudentSessions } from '../loadtest/src/student-tokens.js';
import type { TestContext } from './context.js';

// People and their sessions: staff with a role, students, and clients signed in as either.

export const STUDENT_PASSWORD = 'Maths-is-fun-2026';
const STAFF_PASSWORD = 'correct horse battery staple';

// argon2 costs tens of ms a hash: hash each default password once per file.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export interface StaffFactoryOptions {
  superAdmin?: boolean;
  permissions?: [Module, Action][];
  isActive?: boolean;
  password?: string;
}

export interface TestStaff {
  id: string;
  roleId: string;
  email: string;
  password: string;
}

/** A role named `Role <tag>`, super-admin or granted exactly `permissions`. */
export async function makeRole(
  db: Db,
  options: Pick<StaffFactoryOptions, 'superAdmin' | 'permissions'> & { name?: string } = {},
) {
  const role = await db
    .insertInto('staffRoles')
    .values({
      name: options.name ?? `Role ${randomBytes(4).toString('hex')}`,
      isSuperAdmin: options.superAdmin ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.permissions?.length) {
    await db
      .insertInto('rolePermissions')
      .values(options.permissions.map(([module, action]) => ({ roleId: role.id, module, action })))
      .execute();
  }
  return role;
}

/** A staff user with a role of their own. */
export async function makeStaff(db: Db, options: StaffFactoryOptions = {}): Promise<TestStaff> {
  const tag = randomBytes(4).toString('hex');
  const password = options.password ?? STAFF_PASSWORD;
  const role = await makeRole(db, { name: `Role ${tag}`, ...options });
  const email = `staff-${tag}@example.com`;
  const staff = await db
    .insertInto('staffUsers')
    .values({
      email,
      username: `Staff ${tag}`,
      passwordHash: await hashOf(password),
      roleId: role.id,
      isActive: options.isActive ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: staff.id, roleId: role.id, email, password };
}

export interface Session {
  accessToken: string;
  refreshCookie: string;
}

async function login(app: FastifyInstance, audience: 'staff' | 'student', url: string, who: Credentials) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: { email: who.email, password: who.password },
  });
  if (res.statusCode !== 200) {
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  }
  const cookie = res.cookies.find((c) => c.name === `riyazi_${audience}_rt`);
  return { accessToken: res.json<{ accessToken: string }>().accessToken, refreshCookie: cookie?.value ?? '' };
}

interface Credentials {
  email: string;
  password: string;
}

export const loginStaff = (app: FastifyInstance, staff: Credentials): Promise<Session> =>
  login(app, 'staff', '/api/user/login', staff);

export const loginStudent = (app: FastifyInstance, student: Credentials): Promise<Session> =>
  login(app, 'student', '/api/student/login', student);

/** The authorization header of an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `call(token, method, url, payload?)`: a request to the app with the token's authorization. */
export const authorizedCall =
  (t: Pick<TestContext, 'app'>) =>
  (token: string, method: Method, url: string, payload?: InjectOptions['payload']) =>
    t.app.inject({ method, url, headers: bearer(token), payload });

/** A form POST to the app, as a browser sends a payment gateway's callback. */
export const injectForm = (t: Pick<TestContext, 'app'>, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

export interface SignedInStaff extends TestStaff {
  /** The access token of the login. */
  token: string;
  refreshCookie: string;
}

/** A new staff user (super-admin unless given permissions) signed in through the login route. */
export async function signedInStaff(
  t: Pick<TestContext, 'db' | 'app'>,
  options: StaffFactoryOptions = { superAdmin: true },
): Promise<SignedInStaff> {
  const staff = await makeStaff(t.db, options);
  const { accessToken, refreshCookie } = await loginStaff(t.app, staff);
  return { ...staff, token: accessToken, refreshCookie };
}

export type StudentValues = Partial<Insertable<Students>>;

export interface TestStudent {
  id: string;
  studentNo: number;
  email: string;
  fullName: string;
  password: string;
}

const newStudentEmail = () => `student-${randomBytes(6).toString('hex')}@example.com`;

/** A student who can sign in with STUDENT_PASSWORD (e-mail verified, no grade unless given). */
export async function makeStudent(db: Db, values: StudentValues = {}): Promise<TestStudent> {
  const row = await db
    .insertInto('students')
    .values({
      fullName: 'Sana Iqbal',
      email: newStudentEmail(),
      passwordHash: await hashOf(STUDENT_PASSWORD),
      emailVerified: true,
      ...values,
    })
    .returning(['id', 'studentNo', 'email', 'fullName'])
    .executeTakeFirstOrThrow();
  return { ...row, studentNo: Number(row.studentNo), password: STUDENT_PASSWORD };
}

/** `count` students in one insert, each with `values` and a name and e-mail of its own. */
export async function makeStudents(db: Db, count: number, values: StudentValues = {}) {
  const passwordHash = await hashOf(STUDENT_PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const rows = await db
    .insertInto('students')
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullName: `Student ${i + 1}`,
        email: `student-${i + 1}-${tag}@example.com`,
        passwordHash,
        emailVerified: true,
        ...values,
      })),
    )
    .returning(['id', 'studentNo', 'email', 'fullName'])
    .execute();
  return rows.map((row) => ({ ...row, studentNo: Number(row.studentNo), password: STUDENT_PASSWORD }));
}

export interface SignedInStudent extends TestStudent {
  token: string;
  refreshCookie: string;
}

/** A new student signed in through the login route. */
export async function signedInStudent(
  t: Pick<TestContext, 'db' | 'app'>,
  values: StudentValues = {},
): Promise<SignedInStudent> {
  const student = await makeStudent(t.db, values);
  const { accessToken, refreshCookie } = await loginStudent(t.app, student);
  return { ...student, token: accessToken, refreshCookie };
}

/** The access token of a student of the demo data (db/src/seed), signed in through the login route. */
export async function demoStudentToken(app: FastifyInstance, email: string): Promise<string> {
  return (await loginStudent(app, { email, password: DEMO_STUDENT_PASSWORD })).accessToken;
}

/** A student who signed up through the form, opened the e-mailed verification link and signed in. */
export async function signedUpStudent(t: Pick<TestContext, 'db' | 'app'>, gradeId: string) {
  const body = signupBody(gradeId);
  await t.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });
  const token = await latestMailToken(t.db, 'verifyEmail', body.email);
  await t.app.inject({ method: 'POST', url: '/api/student/verify-email', payload: { token } });
  const { accessToken } = await loginStudent(t.app, { email: body.email, password: STUDENT_PASSWORD });
  const row = await t.db
    .selectFrom('students')
    .select('id')
    .where('email', '=', body.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: body.email, token: accessToken };
}

/** An access token of a new session of the student, as a login would give (no refresh cookie). */
export async function studentSessionToken(t: Pick<TestContext, 'db' | 'config'>, studentId: string) {
  const [token] = await openStudentSessions(t.db, t.config.JWT_SECRET, [studentId]);
  return token as string;
}

/** A sign-up form a student would send, with an e-mail of its own. */
export function signupBody(gradeId: string, overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  return {
    fullName: 'Ayesha Khan',
    fatherName: 'Imran Khan',
    email: `ayesha.${tag}@example.com`,
    password: STUDENT_PASSWORD,
    phone: '+92 300 1234567',
    gender: 'FEMALE',
    city: 'Lahore',
    schoolName: 'Lahore Grammar School',
    gradeId,
    referralSource: 'School',
    acceptTerms: true,
    ...overrides,
  };
}

/** The link token of the newest e-mail of a template to an address. */
export async function latestMailToken(db: Db, template: string, to: string): Promise<string> {
  const row = await db
    .selectFrom('mailMessages')
    .select('params')
    .where('template', '=', template)
    .where('toEmail', '=', to)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  const link = (row.params as { link?: string }).link ?? '';
  return new URL(link).searchParams.get('token') ?? '';
}

/**
 * A permission check on GET routes, as status codes per url: signed out, as staff holding only
 * `others`, and as staff holding only `needed`.
 */
export async function guardStatuses(
  t: Pick<TestContext, 'db' | 'app'>,
  urls: readonly string[],
  needed: [Module, Action],
  others: [Module, Action][],
) {
  const statuses = async (token?: string) => {
    const codes: number[] = [];
    for (const url of urls) {
      codes.push(
        (await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })).statusCode,
      );
    }
    return codes;
  };
  return {
    signedOut: await statuses(),
    others: await statuses((await signedInStaff(t, { permissions: others })).token),
    needed: await statuses((await signedInStaff(t, { permissions: [needed] })).token),
  };
}
