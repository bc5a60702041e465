import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endPhaseContest, makePlay, seededQuizId, type TestContext } from '../../test/helpers.js';
import { rankingHandlers } from '../../workers/src/processors/ranking.js';
import { announceCacheChanges, cacheChannel, everything } from '../src/lib/node-caches.js';
import { qualifiesFor } from '../src/modules/phase-progress/qualification.js';
import { closeSocketEmitter, createSocketEmitter } from '../src/realtime/adapter.js';
import {
  ADMIN_PASSWORD,
  a,
  adminCall,
  b,
  eventually,
  grade3,
  onB,
  phase1,
  phase2,
  practiceQuizId,
  startPracticeOnB,
  studentId,
} from './cache-bus.fixtures.js';

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

    // Only a student with a finished contest play of the phase can be promoted, once its contest is over.
    await endPhaseContest(a.db, phase1);
    const contestQuizId = await seededQuizId(a.db, grade3, 'CONTEST');
    await makePlay(a.db, { quizId: contestQuizId, phaseId: phase1, gradeId: grade3, studentId, answers: [] });
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
