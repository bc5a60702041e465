import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '@riyazi/api/app';
import { closeQueues, createQueues, type Queues } from '@riyazi/api/queue';
import { createRequestRedis } from '@riyazi/api/redis';
import { createDb, type Db } from '@riyazi/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  bearer,
  demoStudentToken,
  resetDatabase,
  rightAnswerTo,
  seededGradeId,
  seededPhaseId,
  seededQuizId,
  setFlags,
  signedInStaff,
  testConfig,
} from '../../test/helpers.js';
import { freePort, waitFor } from '../../test/processes.js';
import { registry } from '../src/metrics/metrics.js';
import { UNAVAILABLE_MESSAGE } from '../src/plugins/errors.js';

// Redis going away under a running api: a redis-server of this file's own is killed, every
// request path that needs Redis answers 503 (send again) within a bounded time instead of
// hanging, what PostgreSQL already committed is kept, and all works again once it is back.

const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data
const DEMO_PASSWORD = 'Practice2026!';
const CLIENT_NAME = 'riyazi-redis-down-test';
/** What "never hangs" means here: REDIS_REQUEST_WAIT_MS (1.5 s) and some slack for a busy machine. */
const BOUND_MS = 3000;

let port: number;
let dir: string;
let server: ChildProcess | undefined;
let db: Db;
let redis: Redis;
let queues: Queues;
let app: FastifyInstance;
/** What the connection watcher logged: `<level> <connection> <message>`. */
const watcherLines: string[] = [];
const appLines: { msg?: string }[] = [];

async function startRedisServer(): Promise<void> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  server = child;
  const { Redis: Probe } = await import('ioredis');
  const probe = new Probe({ port, host: '127.0.0.1', retryStrategy: (n) => (n > 100 ? null : 50) });
  probe.on('error', () => {});
  try {
    await probe.ping();
  } finally {
    probe.disconnect();
  }
}

async function killRedisServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}

/** The request, and how long it took to be answered. */
async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = Date.now();
  const res = await request();
  return { res, ms: Date.now() - started };
}

const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email: STUDENT, password: DEMO_PASSWORD },
  });
const saveFlags = (token: string, isLeaderBoardDisplayed: boolean) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/createFlag/',
    headers: bearer(token),
    payload: { isLeaderBoardDisplayed },
  });
const dashboard = (token: string) =>
  app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(token) });
const ready = () => app.inject({ method: 'GET', url: '/api/health/ready' });
const live = () => app.inject({ method: 'GET', url: '/api/health' });

async function counter(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = await registry.getSingleMetric(name)?.get();
  const value = metric?.values.find((v) =>
    Object.entries(labels).every(([key, wanted]) => v.labels[key] === wanted),
  );
  return value?.value ?? 0;
}

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  expect(res.headers['retry-after']).toBe('2');
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'riyazi-redis-down-'));
  port = await freePort();
  await startRedisServer();
  const config = testConfig({ REDIS_URL: `redis://127.0.0.1:${port}` });
  db = createDb({ connectionString: config.DATABASE_URL, max: 5 });
  const log = {
    warn: (obj: { connection: string }, msg: string) => watcherLines.push(`warn ${obj.connection} ${msg}`),
    info: (obj: { connection: string }, msg: string) => watcherLines.push(`info ${obj.connection} ${msg}`),
  } as unknown as Parameters<typeof createRequestRedis>[2];
  redis = createRequestRedis(config.REDIS_URL, CLIENT_NAME, log);
  queues = createQueues(redis, config.REDIS_PREFIX);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        appLines.push(JSON.parse(line) as { msg?: string });
      }
      done();
    },
  });
  app = await buildApp({ config, db, redis, queues, logger: { level: 'warn', stream } });
  await app.ready();
  await resetDatabase(db);
  await seedDemoData(db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (queues) {
    await closeQueues(queues);
  }
  await db?.destroy();
  redis?.disconnect();
  await killRedisServer();
  if (dir) {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('Redis going away under a running api', () => {
  it('answers logins, the dashboard and readiness 503 within a bounded time, keeps admin changes and answers committed in PostgreSQL, and works again once Redis is back', async () => {
    if (!server) {
      await startRedisServer(); // a retry of this test starts with the last run's Redis killed
    }
    const phaseId = await seededPhaseId(db);
    const quizId = await seededQuizId(db, await seededGradeId(db, 'Grade 3'), 'CONTEST');
    await db.updateTable('students').set({ contestAttempts: 2 }).execute();
    await setFlags(db, {
      isContestQuizEnabled: true,
      contestQuizPhase: phaseId,
      contestPermissionRequired: false,
      documentAcceptanceRequired: false,
    });
    const { token: adminToken } = await signedInStaff({ db, app });
    const studentToken = await demoStudentToken(app, STUDENT);
    const started = await app.inject({
      method: 'POST',
      url: '/api/play-quiz/',
      headers: bearer(studentToken),
      payload: { quizId, type: 'CONTEST' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const play = started.json<{ play: { _id: string; questions: { _id: string }[] } }>().play;
    const [q1, q2] = play.questions;
    const served = await app.inject({
      method: 'GET',
      url: `/api/play-quiz/question?playId=${play._id}&questionId=${q1!._id}`,
      headers: bearer(studentToken),
    });
    expect(served.statusCode, served.body).toBe(200);
    expect((await ready()).statusCode).toBe(200);
    const unavailableBefore = await counter('riyazi_requests_unavailable_total');
    const droppedBefore = await counter('riyazi_connection_errors_total', {
      kind: 'redis',
      connection: CLIENT_NAME,
    });

    await killRedisServer();
    await waitFor('the client to notice', () => redis.status !== 'ready', 5000);

    // Readiness says not ready quickly; liveness stays up.
    const readiness = await timed(ready);
    expect(readiness.ms).toBeLessThan(BOUND_MS);
    expect(readiness.res.statusCode).toBe(503);
    expect(readiness.res.json()).toMatchObject({ redis: 'down', postgres: 'ok' });
    expect((await live()).statusCode).toBe(200);

    // A login needs its rate-limit counters: 503, send again.
    const refusedLogin = await timed(login);
    expect(refusedLogin.ms).toBeLessThan(BOUND_MS);
    expectUnavailable(refusedLogin.res);

    // The dashboard's queue tile reads Redis: 503.
    const board = await timed(() => dashboard(adminToken));
    expect(board.ms).toBeLessThan(BOUND_MS);
    expectUnavailable(board.res);

    // An admin change is committed in PostgreSQL before its enqueue: it is answered 200, and its
    // outbox event waits for the relay rather than holding the request.
    const eventsBefore = await db
      .selectFrom('outboxEvents')
      .select('id')
      .where('type', '=', 'flags.updated')
      .execute();
    const change = await timed(() => saveFlags(adminToken, true));
    expect(change.ms).toBeLessThan(BOUND_MS);
    expect(change.res.statusCode, change.res.body).toBe(200);
    const stored = await db
      .selectFrom('systemFlags')
      .select('flags')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored.flags).toMatchObject({ isLeaderBoardDisplayed: true });
    const pending = await db
      .selectFrom('outboxEvents')
      .select(['id', 'enqueuedAt'])
      .where('type', '=', 'flags.updated')
      .where(
        'id',
        'not in',
        eventsBefore.length ? eventsBefore.map((e) => e.id) : ['00000000-0000-0000-0000-000000000000'],
      )
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.enqueuedAt).toBeNull();

    // A student's answer is acknowledged and stored, its scoring left to the outbox relay.
    const answer = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/play-quiz/question/submit-answer',
        headers: bearer(studentToken),
        payload: { playId: play._id, questionId: q1!._id, answers: [], timeTaken: 1000 },
      }),
    );
    expect(answer.ms).toBeLessThan(BOUND_MS);
    expect(answer.res.statusCode, answer.res.body).toBe(200);
    expect(answer.res.json()).toMatchObject({ recorded: true, nextIndex: 1 });
    const storedAnswer = await db
      .selectFrom('playAnswers')
      .select('questionId')
      .where('playId', '=', play._id)
      .execute();
    expect(storedAnswer.map((a) => a.questionId)).toEqual([q1!._id]);
    const answerEvents = await db
      .selectFrom('outboxEvents')
      .select('enqueuedAt')
      .where('type', '=', 'answer.recorded')
      .where(sql<string>`payload->>'questionId'`, '=', q1!._id)
      .execute();
    expect(answerEvents).toEqual([{ enqueuedAt: null }]);

    // Logged once per connection for the outage however many requests failed, each failure counted.
    const warned = () => watcherLines.filter((l) => l.startsWith('warn '));
    const outageLines = warned().length;
    expect(warned()).toContain(`warn ${CLIENT_NAME} Redis connection lost: reconnecting`);
    for (let i = 0; i < 5; i += 1) {
      expectUnavailable(await login());
    }
    expect(warned()).toHaveLength(outageLines);
    // The api's client, the Socket.IO adapter's two readers, the revocation and cache-bus subscribers.
    expect(outageLines).toBeLessThanOrEqual(5);
    expect(await counter('riyazi_requests_unavailable_total')).toBeGreaterThanOrEqual(unavailableBefore + 7);
    expect(
      await counter('riyazi_connection_errors_total', { kind: 'redis', connection: CLIENT_NAME }),
    ).toBeGreaterThan(droppedBefore);
    expect(appLines.filter((l) => l.msg?.startsWith('enqueue after commit failed'))).toEqual([]);

    // Redis back on the same port: the same calls work, with no restart.
    await startRedisServer();
    await waitFor('readiness', async () => (await ready()).statusCode === 200, 15_000);
    await waitFor(
      'every connection back',
      () => watcherLines.filter((l) => l.startsWith('info ')).length === outageLines,
      10_000,
    );
    expect(watcherLines).toContain(`info ${CLIENT_NAME} Redis connection back`);
    expect(warned()).toHaveLength(outageLines);
    expect((await login()).statusCode).toBe(200);
    const boardBack = await dashboard(adminToken);
    expect(boardBack.statusCode, boardBack.body).toBe(200);
    expect(boardBack.json()).toHaveProperty('queues');
    const changeBack = await saveFlags(adminToken, false);
    expect(changeBack.statusCode, changeBack.body).toBe(200);
    const enqueued = await db
      .selectFrom('outboxEvents')
      .select('enqueuedAt')
      .where('type', '=', 'flags.updated')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(enqueued.enqueuedAt).not.toBeNull();
    await app.inject({
      method: 'GET',
      url: `/api/play-quiz/question?playId=${play._id}&questionId=${q2!._id}`,
      headers: bearer(studentToken),
    });
    const next = await app.inject({
      method: 'POST',
      url: '/api/play-quiz/question/submit-answer',
      headers: bearer(studentToken),
      payload: {
        playId: play._id,
        questionId: q2!._id,
        answers: await rightAnswerTo(db, q2!._id),
        timeTaken: 1000,
      },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ recorded: true, nextIndex: 2 });
  }, 60_000);
});
