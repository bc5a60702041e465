import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@riyazi/api/app';
import { type Config, loadConfig } from '@riyazi/api/config';
import type { Action, Module } from '@riyazi/api/contracts';
import { createEngine, type Engine } from '@riyazi/api/engine';
import { closeQueues, createQueues, type Queues } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { createDb, type Db, hashPassword } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { seedDemoData } from '../db/src/seed/index.js';
import { openStudentSessions } from '../loadtest/src/student-tokens.js';
import { testDatabaseUrl, testRedisPrefix } from './test-worker.js';

export { deleteRedisKeys } from './helpers-redis.js';

export interface TestContext {
  config: Readonly<Config>;
  db: Db;
  redis: Redis;
  queues: Queues;
  /** The app's caches and batchers (services called straight from a test take it in their deps). */
  engine: Engine;
  app: FastifyInstance;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_PREFIX: testRedisPrefix(),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    UPLOAD_DIR: path.join(tmpdir(), `${testRedisPrefix()}-uploads`),
    ...overrides,
  });
}

/** The real app on the test database and Redis prefix, driven with inject() or listen(). */
export async function createTestContext(
  overrides: Record<string, string> = {},
  { applicationName }: { applicationName?: string } = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const db = createDb({
    connectionString: config.DATABASE_URL,
    max: 5,
    ...(applicationName ? { applicationName } : {}),
  });
  const redis = createRedis(config.REDIS_URL, 'riyazi-test');
  const queues = createQueues(redis, config.REDIS_PREFIX);
  const engine = createEngine({ db, queues });
  const app = await buildApp({ config, db, redis, queues, engine, logger: false });
  await app.ready();
  return {
    config,
    db,
    redis,
    queues,
    engine,
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
  const truncate = sql.raw(`TRUNCATE ${rows.map((r) => r.name).join(', ')} CASCADE`);
  // Workers a test started may be mid-statement: PostgreSQL can pick the TRUNCATE as a deadlock
  // victim (it locks every table), and the next try finds them done.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await truncate.execute(db);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === 5) {
        throw err;
      }
    }
  }
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

let studentHash: Promise<string> | undefined;

/** A student who can sign in with STUDENT_PASSWORD (e-mail verified, no grade unless given). */
export async function makeStudent(db: Db, fields: { gradeId?: string; isActive?: boolean } = {}) {
  studentHash ??= hashPassword(STUDENT_PASSWORD);
  const email = `student-${randomBytes(6).toString('hex')}@example.com`;
  const row = await db
    .insertInto('students')
    .values({
      fullName: 'Sana Iqbal',
      email,
      passwordHash: await studentHash,
      emailVerified: true,
      gradeId: fields.gradeId ?? null,
      isActive: fields.isActive ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: STUDENT_PASSWORD };
}

/** An access token of a new session of the student, as a login would give (no refresh cookie). */
export async function studentSessionToken(t: Pick<TestContext, 'db' | 'config'>, studentId: string) {
  const [token] = await openStudentSessions(t.db, t.config.JWT_SECRET, [studentId]);
  return token as string;
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

export async function makeCategory(db: Db, name = 'Geometry') {
  return db.insertInto('categories').values({ name }).returning('id').executeTakeFirstOrThrow();
}

export async function makeSubCategory(db: Db, categoryId: string, name = 'Angles') {
  return db
    .insertInto('subCategories')
    .values({ name, categoryId })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * An active contest question: an MCQ with one option per entry of `options` (true = correct),
 * or 'open' for an open-ended question whose accepted answer is "11".
 */
export async function makeQuestion(
  db: Db,
  fields: { gradeId: string; categoryId: string; subCategoryId: string },
  html: string,
  options: boolean[] | 'open',
) {
  const question = await db
    .insertInto('questions')
    .values({
      ...fields,
      tag: 'CONTEST',
      type: options === 'open' ? 'OPEN_ENDED' : 'MCQS',
      acceptedAnswers: options === 'open' ? ['11'] : [],
      questionHtml: html,
      answerHintText: 'Think',
    })
    .returning(['id', 'questionNo'])
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [i, isCorrect] of (options === 'open' ? [] : options).entries()) {
    const option = await db
      .insertInto('questionOptions')
      .values({ questionId: question.id, position: i + 1, textHtml: `<p>${i}</p>`, isCorrect })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(option.id);
  }
  return { id: question.id, no: Number(question.questionNo), options: ids };
}

export interface QuizFactoryOptions {
  gradeIds: string[];
  phaseId: string;
  kind?: 'PRACTICE' | 'CONTEST';
  title?: string;
  questionCount?: number;
  /** RULES pool (default: one rule, any category, the whole attempt) or these questions. */
  rules?: { categoryId?: string | null; subCategoryId?: string | null; questionCount: number }[];
  questionIds?: string[];
}

/** A quiz with its grades and pool, written straight to the database. */
export async function makeQuiz(db: Db, options: QuizFactoryOptions) {
  const questionCount = options.questionCount ?? 15;
  const quiz = await db
    .insertInto('quizzes')
    .values({
      title: options.title ?? 'Test quiz',
      kind: options.kind ?? 'CONTEST',
      phaseId: options.phaseId,
      questionCount,
      poolMode: options.questionIds ? 'QUESTIONS' : 'RULES',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('quizGrades')
    .values(options.gradeIds.map((gradeId) => ({ quizId: quiz.id, gradeId })))
    .execute();
  if (options.questionIds) {
    if (options.questionIds.length > 0) {
      await db
        .insertInto('quizQuestions')
        .values(
          options.questionIds.map((questionId, i) => ({ quizId: quiz.id, questionId, position: i + 1 })),
        )
        .execute();
    }
  } else {
    const rules = options.rules ?? [{ questionCount }];
    await db
      .insertInto('quizRules')
      .values(
        rules.map((rule, i) => ({
          quizId: quiz.id,
          position: i + 1,
          categoryId: rule.categoryId ?? null,
          subCategoryId: rule.subCategoryId ?? null,
          questionCount: rule.questionCount,
        })),
      )
      .execute();
  }
  return quiz;
}

export interface PlayAnswerFactory {
  questionId: string;
  /** false: the question was drawn but never shown (no served_at, no answer row). */
  served?: boolean;
  outcome?: 'ANSWERED' | 'NO_ANSWER';
  selectedOptionIds?: string[];
  answerText?: string | null;
  timeTakenMs?: number;
  isCorrect?: boolean | null;
}

export interface PlayFactoryOptions {
  quizId: string;
  phaseId: string;
  gradeId: string;
  kind?: 'PRACTICE' | 'CONTEST';
  status?: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  /** Default: the number of correct answers. */
  score?: number;
  finishedAt?: Date;
  studentId?: string;
  answers: PlayAnswerFactory[];
}

/** A play (by default FINISHED) with its play_questions and play_answers, for reports before the engine. */
export async function makePlay(db: Db, options: PlayFactoryOptions) {
  const status = options.status ?? 'FINISHED';
  const finishedAt = status === 'FINISHED' ? (options.finishedAt ?? new Date()) : null;
  const startedAt = new Date((finishedAt ?? new Date()).getTime() - 3_600_000);
  const answered = options.answers.filter((a) => a.served !== false);
  const correctCount = answered.filter((a) => a.isCorrect === true).length;
  const studentId =
    options.studentId ??
    (
      await db
        .insertInto('students')
        .values({
          fullName: 'Test Student',
          email: `student-${randomBytes(6).toString('hex')}@example.com`,
          passwordHash: 'not-a-real-hash',
          gradeId: options.gradeId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const play = await db
    .insertInto('plays')
    .values({
      studentId,
      quizId: options.quizId,
      phaseId: options.phaseId,
      gradeId: options.gradeId,
      kind: options.kind ?? 'CONTEST',
      status,
      questionCount: Math.max(1, options.answers.length),
      score: options.score ?? correctCount,
      correctCount,
      totalTimeMs: answered.reduce((sum, a) => sum + (a.timeTakenMs ?? 0), 0),
      startedAt,
      finishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.answers.length > 0) {
    await db
      .insertInto('playQuestions')
      .values(
        options.answers.map((a, i) => ({
          playId: play.id,
          position: i,
          questionId: a.questionId,
          servedAt: a.served === false ? null : startedAt,
          deadlineAt: a.served === false ? null : new Date(startedAt.getTime() + 180_000),
        })),
      )
      .execute();
  }
  if (answered.length > 0) {
    await db
      .insertInto('playAnswers')
      .values(
        answered.map((a) => ({
          playId: play.id,
          questionId: a.questionId,
          outcome: a.outcome ?? 'ANSWERED',
          selectedOptionIds: a.selectedOptionIds ?? [],
          answerText: a.answerText ?? null,
          timeTakenMs: a.timeTakenMs ?? 10_000,
          isCorrect: a.isCorrect ?? false,
          score: a.isCorrect ? 1 : 0,
          scoredAt: finishedAt ?? new Date(),
        })),
      )
      .execute();
  }
  return { id: play.id, studentId };
}

export async function setFlags(db: Db, flags: Record<string, unknown>) {
  await db
    .insertInto('systemFlags')
    .values({ id: 1, flags: JSON.stringify(flags) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ flags: JSON.stringify(flags) }))
    .execute();
}

/**
 * The demo data seeded, its phase 1 active and open for contests to every student (no document or
 * permission needed), each student with two attempts. Answers the phase's id.
 */
export async function openSeededDemoContest(db: Db): Promise<string> {
  await seedDemoData(db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const phase = await db.selectFrom('phases').select('id').where('number', '=', 1).executeTakeFirstOrThrow();
  await db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phase.id).execute();
  await setFlags(db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phase.id,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  await db.updateTable('students').set({ contestAttempts: 2 }).execute();
  return phase.id;
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
