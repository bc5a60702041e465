import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectedSocket,
  makeGrade,
  makePhase,
  nextEvent,
  resetDatabase,
  useTestContext,
} from '../../test/helpers.js';
import { testDatabaseUrl, testRedisPrefix } from '../../test/test-worker.js';

const t = useTestContext();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let phaseId: string;
let otherPhaseId: string;
let gradeId: string;
const ids: Record<string, string> = {};
let socket: Socket;

/** `npm run rank:rebuild -- …` as an operator runs it, on the test database and Redis prefix. */
function rankRebuild(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'rank:rebuild', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), REDIS_PREFIX: testRedisPrefix() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function play(student: string, phase: string, score: number, timeMs: number, finishedAt: Date) {
  await t.db
    .insertInto('plays')
    .values({
      studentId: ids[student]!,
      quizId: '00000000-0000-4000-8000-000000000001',
      phaseId: phase,
      gradeId,
      kind: 'CONTEST',
      status: 'FINISHED',
      questionCount: 15,
      score,
      totalTimeMs: timeMs,
      finishedAt,
    })
    .execute();
}

const standings = (phase: string) =>
  t.db
    .selectFrom('phaseStandings as s')
    .innerJoin('students as st', 'st.id', 's.studentId')
    .select(['st.fullName', 's.rank', 's.score', 's.totalTimeMs'])
    .where('s.phaseId', '=', phase)
    .orderBy('s.rank')
    .orderBy('st.fullName')
    .execute();

beforeAll(async () => {
  await resetDatabase(t.db);
  phaseId = (await makePhase(t.db, 1)).id;
  otherPhaseId = (await makePhase(t.db, 2)).id;
  gradeId = (await makeGrade(t.db, 4)).id;
  for (const name of ['Amna Rauf', 'Basit Ali', 'Celia Shah', 'Danish Noor']) {
    const row = await t.db
      .insertInto('students')
      .values({
        fullName: name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        passwordHash: 'x',
        gradeId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  }
  const at = (s: number) => new Date(Date.parse('2026-11-25T09:00:00Z') + s * 1000);
  // Hand-computed: Basit 11 / 200 s (his better play) 1st; Amna and Celia 11 / 300 s, Amna finished
  // first, 2nd and 3rd; Danish 4 / 100 s 4th. Phase 2: Danish alone.
  await play('Amna Rauf', phaseId, 11, 300_000, at(10));
  await play('Basit Ali', phaseId, 9, 100_000, at(5));
  await play('Basit Ali', phaseId, 11, 200_000, at(40));
  await play('Celia Shah', phaseId, 11, 300_000, at(20));
  await play('Danish Noor', phaseId, 4, 100_000, at(1));
  await play('Danish Noor', otherPhaseId, 7, 90_000, at(60));
  // What a lost recompute could leave behind: a wrong rank, and a standing with no play under it.
  await t.db
    .insertInto('phaseStandings')
    .values({
      phaseId,
      gradeId,
      studentId: ids['Danish Noor']!,
      playId: '00000000-0000-4000-8000-000000000002',
      score: 99,
      totalTimeMs: 1,
      finishedAt: at(0),
      rank: 1,
    })
    .execute();

  socket = await connectedSocket(t.app);
  expect(await socket.emitWithAck('room:join', rooms.leaderboard(phaseId, gradeId))).toEqual({ ok: true });
});

afterAll(() => {
  socket.disconnect();
});

describe('npm run rank:rebuild', () => {
  it('ranks one phase from its plays, writes its standings and pushes its board', async () => {
    const pushed = nextEvent<Leaderboard>(socket, 'leaderboard:updated', 30_000);
    const { code, output } = await rankRebuild('--phase', phaseId);
    expect(code, output).toBe(0);
    expect(output).toContain(`Phase 1 (${phaseId}): 4 students ranked in`);

    expect(await standings(phaseId)).toEqual([
      { fullName: 'Basit Ali', rank: 1, score: 11, totalTimeMs: 200_000 },
      { fullName: 'Amna Rauf', rank: 2, score: 11, totalTimeMs: 300_000 },
      { fullName: 'Celia Shah', rank: 3, score: 11, totalTimeMs: 300_000 },
      { fullName: 'Danish Noor', rank: 4, score: 4, totalTimeMs: 100_000 },
    ]);
    const ranking = await t.db
      .selectFrom('phaseRankings')
      .select(['phaseId', 'rankedCount'])
      .where('gradeId', '=', gradeId)
      .execute();
    expect(ranking).toEqual([{ phaseId, rankedCount: 4 }]);
    expect(await standings(otherPhaseId)).toEqual([]);

    const board = await pushed;
    expect(board).toMatchObject({ phaseId, gradeId, frozen: false, rankedCount: 4 });
    expect(board.entries.map((e) => [e.name, e.rank])).toEqual([
      ['Basit A.', 1],
      ['Amna R.', 2],
      ['Celia S.', 3],
      ['Danish N.', 4],
    ]);
  }, 60_000);

  it('ranks every phase without --phase', async () => {
    const { code, output } = await rankRebuild();
    expect(code, output).toBe(0);
    expect(output).toContain(`Phase 2 (${otherPhaseId}): 1 student ranked in`);
    expect(await standings(otherPhaseId)).toEqual([
      { fullName: 'Danish Noor', rank: 1, score: 7, totalTimeMs: 90_000 },
    ]);
  }, 60_000);

  it('exits 1 naming the problem for a malformed or unknown phase', async () => {
    const malformed = await rankRebuild('--phase', 'phase-one');
    expect(malformed.code).toBe(1);
    expect(malformed.output).toContain('--phase must be a phase id (a UUID), not "phase-one"');
    const unknown = await rankRebuild('--phase', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No phase has the id 00000000-0000-4000-8000-000000000000');
  }, 60_000);
});
