import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Leaderboard } from '@riyazi/api/contracts';
import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  bearer,
  demoStudentToken,
  loginStaff,
  makeStaff,
  resetDatabase,
  rightAnswerTo,
  seededGradeId,
  seededPhaseId,
  seededQuizId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { catchUpReplica, openTestReplica } from '../../test/replica.js';
import { testReplicaUrl } from '../../test/test-worker.js';
import { announceCacheChanges, everything } from '../src/lib/node-caches.js';
import { MARKED_TABLES, writtenKey } from '../src/lib/read-routing.js';
import { testPort } from '../src/lib/test-ports.js';
import { scoreRecordedAnswer } from '../src/modules/play-quiz/play-scoring.js';
import { recomputeStandings } from '../src/modules/rankings/rankings.service.js';

// The app reads lag-tolerant paths from a stand-in replica that has only what catchUpReplica copied.
const t = useTestContext({ env: { DATABASE_READ_URL: testReplicaUrl() } });
let replica: Db;
let phaseId: string;
let gradeId: string;
let quizId: string;
let child: string;
let adminToken: string;

const get = (url: string, token?: string, ctx: TestContext = t) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const boardUrl = () => `/api/leaderboard?phaseId=${phaseId}&gradeId=${gradeId}`;
/** Boards are cached per node for a second: a test reads past the cache. */
const dropBoards = () => announceCacheChanges(t.db, everything('leaderboards', 'champions'));

async function board(ctx: TestContext = t): Promise<Leaderboard> {
  const res = await get(boardUrl(), undefined, ctx);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Leaderboard>();
}

/** The child plays the contest to its end on the primary: three right answers, all scored. */
async function finishedPlay(): Promise<string> {
  const started = await post('/api/play-quiz/', { quizId, type: 'CONTEST' }, child);
  expect(started.statusCode, started.body).toBe(200);
  const play = started.json<{ play: { _id: string; questions: { _id: string }[] } }>().play;
  for (const [index, question] of play.questions.entries()) {
    await get(`/api/play-quiz/question?playId=${play._id}&questionId=${question._id}`, child);
    const answers = index < 3 ? await rightAnswerTo(t.db, question._id) : [];
    const res = await post(
      '/api/play-quiz/question/submit-answer',
      { playId: play._id, questionId: question._id, answers, timeTaken: 1000 },
      child,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const question of play.questions) {
    await scoreRecordedAnswer(t.db, play._id, question._id);
  }
  return play._id;
}

beforeAll(async () => {
  replica = openTestReplica();
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  phaseId = await seededPhaseId(t.db);
  gradeId = await seededGradeId(t.db, 'Grade 3');
  quizId = await seededQuizId(t.db, gradeId, 'CONTEST');
  await t.db.updateTable('students').set({ contestAttempts: 2 }).execute();
  await setFlags(t.db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phaseId,
    practiceQuizPhase: phaseId,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  child = await demoStudentToken(t.app, 'fatima.malik@example.com');
  const staff = await makeStaff(t.db, { permissions: [['systemConfigurations', 'update']] });
  adminToken = (await loginStaff(t.app, staff)).accessToken;
  // The replica as it was before the play, and it stays so until a test says otherwise.
  await catchUpReplica(t.db, replica);
  expect(await t.reads.probe()).toMatchObject({ usable: true, lagMs: 0 });
});

afterAll(async () => {
  await replica.destroy();
});

describe('a lagging read replica', () => {
  let playId: string;

  it('never shows a child a stale result of their own play: it comes from the primary', async () => {
    playId = await finishedPlay();
    await recomputeStandings(t.db, phaseId, gradeId);
    // The replica has neither the play nor the standing.
    expect(await replica.selectFrom('plays').select('id').where('id', '=', playId).execute()).toEqual([]);

    const results = await post('/api/play-quiz/results', { playId }, child);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().play.score).toBeGreaterThan(2.9);
    const me = await get(`/api/leaderboard/me?phaseId=${phaseId}`, child);
    expect(me.json()).toMatchObject({ rank: 1, rankedCount: 1 });
    expect(me.json().score).toBeGreaterThan(2.9);
  });

  it('reads a public board from the replica, saying how old it is', async () => {
    await dropBoards();
    const before = Date.now();
    const stale = await board();
    // The primary ranks the child; the replica does not know yet.
    expect(stale.entries).toEqual([]);
    expect(stale.rankedCount).toBe(0);
    expect(Date.parse(stale.asOf)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(stale.asOf)).toBeGreaterThan(before - 5000);
    const home = (await get('/api/leaderboard/home')).json();
    expect(Date.parse(home.asOf)).toBeGreaterThan(before - 5000);
    expect(home.grades.every((g: { board: Leaderboard }) => g.board.asOf === home.asOf)).toBe(true);
    expect((await get('/api/champions')).json().asOf).toEqual(expect.any(String));

    await catchUpReplica(t.db, replica);
    await dropBoards();
    const caughtUp = await board();
    expect(caughtUp.entries).toHaveLength(1);
    expect(caughtUp.rankedCount).toBe(1);
  });

  it('reads the primary right after an admin froze the board the replica has not seen', async () => {
    const frozen = await post('/api/admin/ranking/freeze/', { phaseId }, adminToken);
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(await replica.selectFrom('boardFreezes').select('phaseId').execute()).toEqual([]);
    await dropBoards();
    expect((await board()).frozen).toBe(true);
    expect((await post('/api/admin/ranking/reveal/', { phaseId }, adminToken)).statusCode).toBe(200);
    await dropBoards();
    expect((await board()).frozen).toBe(false);
  });

  it('reads the primary for the rest of a request that wrote, and for one that is not a GET', async () => {
    const where = async (request?: { method: string }) =>
      (await t.reads.read([], async () => null, request)).source;
    expect(await where({ method: 'GET' })).toBe('replica');
    expect(await where({ method: 'POST' })).toBe('primary');
    const wrote = { method: 'GET' };
    await t.reads.markWritten([], wrote);
    expect(await where(wrote)).toBe('primary');
    // A table marked written within the tolerance: the primary, from any request.
    await t.reads.markWritten(['payments']);
    expect((await t.reads.read(['payments'], async () => null, { method: 'GET' })).source).toBe('primary');
    expect((await t.reads.read(['winners'], async () => null, { method: 'GET' })).source).toBe('replica');
  });
});

describe('a read the standby cannot answer', () => {
  it('runs on the primary when the replica has not replayed a table yet (a migration on its way)', async () => {
    await t.redis.del(...MARKED_TABLES.map((table) => writtenKey(t.config.REDIS_PREFIX, table)));
    await sql`ALTER TABLE board_freezes RENAME TO board_freezes_later`.execute(replica);
    try {
      await dropBoards();
      const res = await get(boardUrl());
      expect(res.statusCode, res.body).toBe(200);
      expect(t.reads.health().usable).toBe(true);
    } finally {
      await sql`ALTER TABLE board_freezes_later RENAME TO board_freezes`.execute(replica);
    }
  });
});

describe('a read replica that cannot be reached', () => {
  // The admin's freeze and reveal above marked the board tables: without the marks boards go to the replica.
  beforeAll(async () => {
    await t.redis.del(...MARKED_TABLES.map((table) => writtenKey(t.config.REDIS_PREFIX, table)));
  });

  it('answers boards from the primary (200, not 500) when the replica refuses connections', async () => {
    const port = await testPort(false);
    const down = await createTestContext({
      DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${port}/riyazi`,
    });
    try {
      expect(await down.reads.probe()).toMatchObject({ usable: false, reason: 'unreachable' });
      const res = await board(down);
      expect(res.entries).toHaveLength(1);
    } finally {
      await down.close();
    }
  });

  it('retries a read on the primary when the replica goes away between two probes', async () => {
    const sockets: Socket[] = [];
    // A proxy to the stand-in replica that the test cuts: the replica's host goes away.
    const proxy: Server = createServer((socket) => {
      const upstream = connect(5432, '127.0.0.1');
      sockets.push(socket, upstream);
      socket.on('error', () => {});
      upstream.on('error', () => {});
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = new URL(testReplicaUrl());
    url.port = String(port);
    const flaky = await createTestContext({ DATABASE_READ_URL: url.toString() });
    try {
      expect(await flaky.reads.probe()).toMatchObject({ usable: true });
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      for (const socket of sockets) {
        socket.destroy();
      }
      await closed;
      const res = await board(flaky);
      expect(res.entries).toHaveLength(1);
      expect(flaky.reads.health()).toMatchObject({ usable: false, reason: 'unreachable' });
      expect((await flaky.reads.read([], async () => null, { method: 'GET' })).source).toBe('primary');
    } finally {
      await flaky.close();
    }
  });
});
