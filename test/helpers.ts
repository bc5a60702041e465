import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@riyazi/api/app';
import { type Config, loadConfig } from '@riyazi/api/config';
import type { Action, Module } from '@riyazi/api/contracts';
import { closeQueues, createQueues, type Queues } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { createDb, type Db, hashPassword } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

export { deleteRedisKeys } from './helpers-redis.js';

export interface TestContext {
  config: Readonly<Config>;
  db: Db;
  redis: Redis;
  queues: Queues;
  app: FastifyInstance;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    REDIS_PREFIX: inject('redisPrefix'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    UPLOAD_DIR: path.join(tmpdir(), `${inject('redisPrefix')}-uploads`),
    ...overrides,
  });
}

/** The real app on the test database and Redis prefix, driven with inject() or listen(). */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const config = testConfig(overrides);
  const db = createDb({ connectionString: config.DATABASE_URL, max: 5 });
  const redis = createRedis(config.REDIS_URL, 'riyazi-test');
  const queues = createQueues(redis, config.REDIS_PREFIX);
  const app = await buildApp({ config, db, redis, queues, logger: false });
  await app.ready();
  return {
    config,
    db,
    redis,
    queues,
    app,
    async close() {
      await app.close();
      await closeQueues(queues);
      await db.destroy();
      redis.disconnect();
    },
  };
}

/** Registers the hooks of a test file: one app per file, optionally an empty database per test. */
export function useTestContext(
  options: { resetEachTest?: boolean; env?: Record<string, string> } = {},
): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    Object.assign(t, await createTestContext(options.env));
  });
  afterAll(async () => {
    await t.close();
  });
  if (options.resetEachTest) {
    beforeEach(async () => {
      await resetDatabase(t.db);
    });
  }
  return t;
}

/** Empties every application table (the migration bookkeeping stays). */
export async function resetDatabase(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'
  `.execute(db);
  await sql.raw(`TRUNCATE ${rows.map((r) => r.name).join(', ')} CASCADE`).execute(db);
}

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

const DEFAULT_PASSWORD = 'correct horse battery staple';
let hashCache: Promise<string> | undefined;
const defaultHash = () => {
  hashCache ??= hashPassword(DEFAULT_PASSWORD);
  return hashCache;
};

export async function makeStaff(db: Db, options: StaffFactoryOptions = {}): Promise<TestStaff> {
  const tag = randomBytes(4).toString('hex');
  const password = options.password ?? DEFAULT_PASSWORD;
  const passwordHash = password === DEFAULT_PASSWORD ? await defaultHash() : await hashPassword(password);
  const role = await db
    .insertInto('staffRoles')
    .values({ name: `Role ${tag}`, isSuperAdmin: options.superAdmin ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.permissions?.length) {
    await db
      .insertInto('rolePermissions')
      .values(options.permissions.map(([module, action]) => ({ roleId: role.id, module, action })))
      .execute();
  }
  const email = `staff-${tag}@example.com`;
  const staff = await db
    .insertInto('staffUsers')
    .values({
      email,
      username: `Staff ${tag}`,
      passwordHash,
      roleId: role.id,
      isActive: options.isActive ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: staff.id, roleId: role.id, email, password };
}

export async function loginStaff(app: FastifyInstance, staff: TestStaff) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: staff.email, password: staff.password },
  });
  if (res.statusCode !== 200) {
    throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  }
  const cookie = res.cookies.find((c) => c.name === 'riyazi_staff_rt');
  return { accessToken: res.json<{ accessToken: string }>().accessToken, refreshCookie: cookie?.value ?? '' };
}

export async function makePhase(db: Db, number = 1) {
  const now = Date.now();
  return db
    .insertInto('phases')
    .values({
      name: `Phase ${number}`,
      number,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 30 * 86_400_000),
      status: 'ACTIVE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function makeGrade(db: Db, sortOrder = 5) {
  return db
    .insertInto('grades')
    .values({ title: `Grade ${sortOrder}`, sortOrder })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
}

export async function setFlags(db: Db, flags: Record<string, unknown>) {
  await db
    .insertInto('systemFlags')
    .values({ id: 1, flags: JSON.stringify(flags) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ flags: JSON.stringify(flags) }))
    .execute();
}

export const STUDENT_PASSWORD = 'Maths-is-fun-2026';

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
