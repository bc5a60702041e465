import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  bearer,
  createTestContext,
  deleteRedisKeys,
  demoStudentToken,
  loginStaff,
  makeStaff,
  resetDatabase,
  setFlags,
  type TestContext,
  useTestContext,
} from '../../test/helpers.js';
import { rankingHandlers } from '../../workers/src/processors/ranking.js';
import {
  announceCacheChanges,
  cacheChannel,
  createCacheNode,
  everything,
  nodeCache,
  openCacheBus,
} from '../src/lib/node-caches.js';
import { qualifiesFor } from '../src/modules/phase-progress/qualification.js';
import { closeSocketEmitter, createSocketEmitter } from '../src/realtime/adapter.js';

// Node A is the test context, node B a second app on the same database and Redis prefix: each
// has its own engine (its per-node caches), as two api processes would.
const a = useTestContext();
let b: TestContext;
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data
const ADMIN_PASSWORD = 'Cache-bus-admin-2026';

let admin: string;
let student: string;
let studentId: string;
let grade3: string;
let phase1: string;
let phase2: string;
let practiceQuizId: string;

/** Polls `read` until `done` holds; fails past `withinMs` (well below the cache's time to live). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) {
      return Date.now() - started;
    }
    if (Date.now() - started > withinMs) {
      throw new Error(`not seen within ${withinMs} ms: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const as = (token: string) => bearer(token);
const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
  a.app.inject({ method, url, headers: as(admin), ...(payload ? { payload } : {}) });
const onB = (url: string) => b.app.inject({ method: 'GET', url, headers: as(student) });

beforeAll(async () => {
  b = await createTestContext();
  await resetDatabase(a.db);
  await seedDemoData(a.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const phases = await a.db.selectFrom('phases').select(['id', 'number']).orderBy('number').execute();
  phase1 = phases[0]!.id;
  phase2 = phases[1]!.id;
  grade3 = (
    await a.db.selectFrom('grades').select('id').where('title', '=', 'Grade 3').executeTakeFirstOrThrow()
  ).id;
  practiceQuizId = (
    await a.db
      .selectFrom('quizzes')
      .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
      .select('quizzes.id')
      .where('quizGrades.gradeId', '=', grade3)
      .where('quizzes.kind', '=', 'PRACTICE')
      .executeTakeFirstOrThrow()
  ).id;
  studentId = (
    await a.db.selectFrom('students').select('id').where('email', '=', STUDENT).executeTakeFirstOrThrow()
  ).id;
  const staff = await makeStaff(a.db, { superAdmin: true, password: ADMIN_PASSWORD });
  admin = (await loginStaff(a.app, staff)).accessToken;
  student = await demoStudentToken(b.app, STUDENT);
});

afterAll(async () => {
  await b?.close();
});

beforeEach(async () => {
  await deleteRedisKeys(a.redis, `${a.config.REDIS_PREFIX}:rl`);
  await a.db.deleteFrom('plays').execute();
  await a.db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phase1).execute();
  await setFlags(a.db, {
    isPracticeQuizEnabled: true,
    practiceQuizPhase: phase1,
    contestQuizPhase: phase1,
    isContestQuizEnabled: false,
  });
});

async function startPracticeOnB() {
  await a.db.deleteFrom('plays').execute();
  return b.app.inject({
    method: 'POST',
    url: '/api/play-quiz/',
    headers: as(student),
    payload: { quizId: practiceQuizId, type: 'PRACTICE' },
  });
}

describe('a change made through node A reaches node B through the cache bus', () => {
  it('questions (30 s time to live): an edited question is served by B within a second', async () => {
    const started = await startPracticeOnB();
    expect(started.statusCode, started.body).toBe(200);
    const play = started.json<{ play: { _id: string; questions: { _id: string }[] } }>().play;
    const questionId = play.questions[0]!._id;
    const serve = async () =>
      (await onB(`/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`)).body;
    const before = await serve();

    const detail = (await adminCall('GET', `/api/question/detail/?id=${questionId}`)).json().data;
    const marker = `Edited-${randomUUID().slice(0, 8)}`;
    const body = Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== null));
    const saved = await adminCall('POST', `/api/question/update/?id=${questionId}`, {
      ...body,
      question: `<p>${marker}</p>`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(before).not.toContain(marker);
    await eventually(serve, (text) => text.includes(marker), 1000);
  });

  it('quiz pools (5 s): a quiz switched off on A cannot be started on B within 0.5 s', async () => {
    expect((await startPracticeOnB()).statusCode).toBe(200);
    const off = await adminCall('POST', `/api/quiz/status/?id=${practiceQuizId}`, { status: 'Inactive' });
    expect(off.statusCode, off.body).toBe(200);
    try {
      await eventually(
        async () => (await startPracticeOnB()).statusCode,
        (status) => status === 404,
        500,
      );
    } finally {
      await adminCall('POST', `/api/quiz/status/?id=${practiceQuizId}`, { status: 'Active' });
    }
    await eventually(
      async () => (await startPracticeOnB()).statusCode,
      (status) => status === 200,
      500,
    );
  });

  it('qualification gates (5 s): a cut saved on A applies on B within 0.5 s', async () => {
    const gate = () => qualifiesFor(b, studentId, grade3, { id: phase2, number: 2 });
    const message = async () => {
      const q = await gate();
      return q.ok ? 'open' : q.message;
    };
    expect(await message()).toContain('top 200');
    const saved = await adminCall('POST', '/api/admin/phaseCutoff/create/', {
      phaseId: phase1,
      gradeId: grade3,
      topN: 100,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(message, (m) => m.includes('top 100'), 500);
  });

  it('qualification gates: a cut changed behind the api and announced on A applies on B at once', async () => {
    const messageOn = async (t: TestContext) => {
      const q = await qualifiesFor(t, studentId, grade3, { id: phase2, number: 2 });
      return q.ok ? 'open' : q.message;
    };
    const setCut = (topN: number) =>
      a.db
        .insertInto('phaseCutoffs')
        .values({ phaseId: phase1, gradeId: grade3, topN })
        .onConflict((oc) => oc.columns(['phaseId', 'gradeId']).doUpdateSet({ topN }))
        .execute();
    await setCut(150);
    await announceCacheChanges(a.db, everything('qualificationGates'));
    await eventually(
      () => messageOn(b),
      (m) => m.includes('top 150'),
      500,
    );
    await setCut(30);
    expect(await messageOn(b)).toContain('top 150'); // B's engine keeps its gate, as intended
    await announceCacheChanges(a.db, everything('qualificationGates'));
    expect(await messageOn(a)).toContain('top 30');
    await eventually(
      () => messageOn(b),
      (m) => m.includes('top 30'),
      500,
    );
  });

  it('leaderboards (1 s): a board frozen on A is shown frozen by B within 0.4 s', async () => {
    const board = async () =>
      (await onB(`/api/leaderboard?phaseId=${phase1}&gradeId=${grade3}&page=1&limit=10`)).json<{
        frozen: boolean;
      }>().frozen;
    expect(await board()).toBe(false);
    const frozen = await adminCall('POST', '/api/admin/ranking/freeze/', { phaseId: phase1 });
    expect(frozen.statusCode, frozen.body).toBe(200);
    try {
      await eventually(board, (f) => f === true, 400);
    } finally {
      await adminCall('POST', '/api/admin/ranking/reveal/', { phaseId: phase1 });
    }
    await eventually(board, (f) => f === false, 400);
  });

  it('public display (2 s) and champions (5 s): settings and winners saved on A show on B at once', async () => {
    const announcement = async () => (await onB('/api/publicDisplay')).json<unknown>();
    const champions = async () =>
      (await onB('/api/champions')).json<{ phases: { grades: { winners: { name: string }[] }[] }[] }>();
    await announcement();
    expect((await champions()).phases).toEqual([]);

    const title = `News ${randomUUID().slice(0, 8)}`;
    const display = await adminCall('POST', '/api/admin/publicDisplay/create/', {
      nameStyle: 'FULL',
      showSchool: true,
      showCity: true,
      announcementTitle: title,
      announcementBody: 'Results are out',
    });
    expect(display.statusCode, display.body).toBe(200);
    await eventually(announcement, (value) => JSON.stringify(value).includes(title), 700);
    expect((await champions()).phases).toEqual([]); // B's board cached again before the winner

    const winner = await adminCall('POST', '/api/phaseWinner/create/manually', {
      password: ADMIN_PASSWORD,
      phaseId: phase1,
      gradeId: grade3,
      winnerId: studentId,
    });
    expect(winner.statusCode, winner.body).toBe(201);
    await eventually(champions, (board) => board.phases.length === 1, 1500);
  });
});

/** The cache changes published on the bus while `act` runs, as a third listener hears them. */
async function heardDuring(act: () => Promise<unknown>) {
  const listener = a.redis.duplicate();
  const heard: unknown[] = [];
  listener.on('message', (_channel: string, text: string) => heard.push(...JSON.parse(text).changes));
  await listener.subscribe(cacheChannel(a.config.REDIS_PREFIX));
  try {
    await act();
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    listener.disconnect();
  }
  return heard;
}

describe('changes that only some reads can show', () => {
  it("a quiz timing change drops every node's play structures (kept 30 min)", async () => {
    const detail = (await adminCall('GET', `/api/quiz/detail/?id=${practiceQuizId}`)).json().data;
    const body = Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== null));
    const heard = await heardDuring(async () => {
      const res = await adminCall('POST', `/api/quiz/update/?id=${practiceQuizId}`, {
        ...body,
        secondsPerQuestion: detail.secondsPerQuestion + 10,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(heard).toContainEqual({ cache: 'playStructures', key: null });
    expect(heard).toContainEqual({ cache: 'quizPools', key: practiceQuizId });
  });

  it("the ranking worker drops every node's boards of the phase it ranked", async () => {
    const io = createSocketEmitter(a.redis, a.config.REDIS_PREFIX);
    const ctx = { db: a.db, io, queues: a.queues, log: { debug: () => {} } } as never;
    try {
      const heard = await heardDuring(() =>
        rankingHandlers['standings.recompute']({ phaseId: phase1, gradeId: grade3 }, {} as never, ctx),
      );
      expect(heard).toContainEqual({ cache: 'leaderboards', key: phase1 });
    } finally {
      await closeSocketEmitter(io);
    }
  });
});

describe('the cache bus itself', () => {
  const publicDisplay = (t: TestContext) =>
    t.app.inject({ method: 'GET', url: '/api/publicDisplay' }).then((r) => JSON.stringify(r.json()));
  const setTitleBehindTheApi = async (title: string) => {
    await a.db
      .insertInto('publicDisplaySettings')
      .values({
        id: 1,
        nameStyle: 'FULL',
        showSchool: true,
        showCity: true,
        announcementTitle: title,
        announcementBody: title,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ announcementTitle: title, announcementBody: title }))
      .execute();
  };

  it('drops the entry on the announcing node too, and on every other', async () => {
    await setTitleBehindTheApi('Before');
    await announceCacheChanges(a.db, everything('publicDisplay'));
    expect(await publicDisplay(a)).toContain('Before');
    expect(await publicDisplay(b)).toContain('Before');
    await setTitleBehindTheApi('After');
    expect(await publicDisplay(a)).toContain('Before'); // cached, as intended
    await announceCacheChanges(a.db, everything('publicDisplay'));
    expect(await publicDisplay(a)).toContain('After');
    await eventually(
      () => publicDisplay(b),
      (text) => text.includes('After'),
      500,
    );
  });

  it('drops a cache on a message from any publisher, and ignores unreadable messages', async () => {
    await setTitleBehindTheApi('One');
    await announceCacheChanges(a.db, everything('publicDisplay'));
    expect(await publicDisplay(a)).toContain('One');
    expect(await publicDisplay(b)).toContain('One');
    await setTitleBehindTheApi('Two');
    const channel = cacheChannel(a.config.REDIS_PREFIX);
    for (const junk of [
      'not json',
      '[]',
      JSON.stringify({ id: 'x', changes: [{ cache: 'nope', key: null }] }),
      JSON.stringify({ id: 'x', changes: [{ cache: 'publicDisplay', key: 7 }] }),
      JSON.stringify({ changes: [{ cache: 'publicDisplay', key: null }] }),
    ]) {
      await a.redis.publish(channel, junk);
    }
    // A readable message after the junk: once it has dropped the caches, the junk has been read too.
    await a.redis.publish(
      channel,
      JSON.stringify({ id: 'y', changes: [{ cache: 'leaderboards', key: null }] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await publicDisplay(a)).toContain('One');
    expect(await publicDisplay(b)).toContain('One');

    await a.redis.publish(
      channel,
      JSON.stringify({ id: 'z', changes: [{ cache: 'publicDisplay', key: null }] }),
    );
    await eventually(
      () => publicDisplay(a),
      (text) => text.includes('Two'),
      500,
    );
    await eventually(
      () => publicDisplay(b),
      (text) => text.includes('Two'),
      500,
    );
  });

  it('while its subscription is down, a node keeps values at most a second, then the full TTL again', async () => {
    const handle = {};
    const publisher = a.redis.duplicate();
    let subscriber: Redis | undefined;
    const duplicate = publisher.duplicate.bind(publisher);
    publisher.duplicate = ((options) => {
      subscriber = duplicate(options);
      return subscriber;
    }) as typeof publisher.duplicate;
    const bus = await openCacheBus(handle, publisher, a.config.REDIS_PREFIX, { warn: () => {} } as never);
    let loads = 0;
    const read = nodeCache(createCacheNode(handle), 'publicDisplay', 60_000, async () => {
      loads += 1;
      return loads;
    });
    try {
      expect(await read('k')).toBe(1);
      expect(await read('k')).toBe(1);
      subscriber!.disconnect();
      await eventually(
        async () => bus.live,
        (live) => !live,
        1000,
      );
      expect(await read('k')).toBe(2); // everything dropped when the subscription dropped
      expect(await read('k')).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await read('k')).toBe(3); // kept at most a second while down
      await subscriber!.connect();
      await eventually(
        async () => bus.live,
        (live) => live,
        3000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reloaded = await read('k');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await read('k')).toBe(reloaded); // the full time to live again
    } finally {
      await bus.close();
      publisher.disconnect();
    }
  });
});
