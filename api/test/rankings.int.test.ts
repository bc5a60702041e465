import type { AddressInfo } from 'node:net';
import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  bearer,
  deleteRedisKeys,
  loginStaff,
  makeGrade,
  makePhase,
  makeQuiz,
  makeStaff,
  makeStudent,
  resetDatabase,
  setFlags,
  signedInStaff,
  studentSessionToken,
  type TestStudent,
  useTestContext,
} from '../../test/helpers.js';
import {
  rebuildPhase,
  recomputeStandings,
  standingsOfStudent,
} from '../src/modules/rankings/rankings.service.js';

const t = useTestContext();

const T0 = Date.parse('2026-11-25T09:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

let phaseId: string;
let phase2Id: string;
let gradeId: string;
let otherGradeId: string;
let quizId: string;
let admin: string;
let reader: string;
let nobody: string;
const students: Record<string, TestStudent> = {};

interface PlayFields {
  score: number;
  timeMs: number;
  finishedAt: Date;
  kind?: 'CONTEST' | 'PRACTICE';
  status?: 'FINISHED' | 'IN_PROGRESS' | 'CANCELLED';
  phase?: string;
  grade?: string;
}

async function play(student: string, p: PlayFields) {
  const status = p.status ?? 'FINISHED';
  const row = await t.db
    .insertInto('plays')
    .values({
      studentId: students[student]!.id,
      quizId,
      phaseId: p.phase ?? phaseId,
      gradeId: p.grade ?? gradeId,
      kind: p.kind ?? 'CONTEST',
      status,
      questionCount: 15,
      score: p.score,
      totalTimeMs: p.timeMs,
      startedAt: new Date(p.finishedAt.getTime() - p.timeMs),
      finishedAt: status === 'FINISHED' ? p.finishedAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const board = async (query: string) => {
  const res = await get(`/api/leaderboard?phaseId=${phaseId}&gradeId=${gradeId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Leaderboard>();
};
const studentToken = (name: string) => studentSessionToken(t, students[name]!.id);
const storedStandings = () =>
  t.db
    .selectFrom('phaseStandings')
    .select(['phaseId', 'gradeId', 'studentId', 'playId', 'score', 'totalTimeMs', 'finishedAt', 'rank'])
    .orderBy('phaseId')
    .orderBy('gradeId')
    .orderBy('studentId')
    .execute();

/*
 * The hand-computed table (score desc, then that play's total time asc, then its finish asc):
 *   Bilal  12 / 350 s / +30 s   rank 1
 *   Eman   12 / 350 s / +30 s   rank 1 (the same play figures as Bilal: a tie)
 *   Chanda 12 / 400 s / +5 s    rank 3 (same score and time as Ali, finished first)
 *   Ali    12 / 400 s / +20 s   rank 4 (his better of two plays)
 *   Dua     9 /  90 s / +50 s   rank 5 (of two 9s, the faster one)
 *   Faraz   5 / 100 s / +2 s    rank 6 (his practice 15, open 14 and cancelled 13 do not count)
 */
async function seedTable() {
  await play('Ali Raza', { score: 10, timeMs: 300_000, finishedAt: at(10) });
  await play('Ali Raza', { score: 12, timeMs: 400_000, finishedAt: at(20) });
  await play('Bilal Khan', { score: 12, timeMs: 350_000, finishedAt: at(30) });
  await play('Chanda Iqbal', { score: 12, timeMs: 400_000, finishedAt: at(5) });
  await play('Dua Malik', { score: 9, timeMs: 100_000, finishedAt: at(1) });
  await play('Dua Malik', { score: 9, timeMs: 90_000, finishedAt: at(50) });
  await play('Eman Shah', { score: 12, timeMs: 350_000, finishedAt: at(30) });
  await play('Faraz Ahmed', { score: 5, timeMs: 100_000, finishedAt: at(2) });
  await play('Faraz Ahmed', { score: 15, timeMs: 1_000, finishedAt: at(3), kind: 'PRACTICE' });
  await play('Faraz Ahmed', { score: 14, timeMs: 1_000, finishedAt: at(4), status: 'IN_PROGRESS' });
  await play('Faraz Ahmed', { score: 13, timeMs: 1_000, finishedAt: at(6), status: 'CANCELLED' });
  // Elsewhere: another grade of the phase, and another phase.
  await play('Gul Other', { score: 14, timeMs: 1_000, finishedAt: at(7), grade: otherGradeId });
  await play('Bilal Khan', { score: 15, timeMs: 1_000, finishedAt: at(8), phase: phase2Id });
}

const EXPECTED = [
  { name: 'Bilal K.', rank: 1, score: 12, timeMs: 350_000 },
  { name: 'Eman S.', rank: 1, score: 12, timeMs: 350_000 },
  { name: 'Chanda I.', rank: 3, score: 12, timeMs: 400_000 },
  { name: 'Ali R.', rank: 4, score: 12, timeMs: 400_000 },
  { name: 'Dua M.', rank: 5, score: 9, timeMs: 90_000 },
  { name: 'Faraz A.', rank: 6, score: 5, timeMs: 100_000 },
];

async function resetPlays() {
  await t.db.deleteFrom('outboxEvents').execute();
  await t.db.deleteFrom('boardFreezes').execute();
  await t.db.deleteFrom('phaseStandings').execute();
  await t.db.deleteFrom('phaseRankings').execute();
  await t.db.deleteFrom('plays').execute();
  await t.db.deleteFrom('publicDisplaySettings').execute();
  await seedTable();
  await rebuildPhase(t.db, phaseId);
  await rebuildPhase(t.db, phase2Id);
}

beforeAll(async () => {
  await resetDatabase(t.db);
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  phaseId = (await makePhase(t.db, 1)).id;
  phase2Id = (await makePhase(t.db, 2)).id;
  gradeId = (await makeGrade(t.db, 5)).id;
  otherGradeId = (await makeGrade(t.db, 6)).id;
  quizId = (await makeQuiz(t.db, { gradeIds: [gradeId, otherGradeId], phaseId })).id;
  // Created in this order so student numbers follow the names (ties are listed by student number).
  for (const name of ['Ali Raza', 'Bilal Khan', 'Chanda Iqbal', 'Dua Malik', 'Eman Shah', 'Faraz Ahmed']) {
    students[name] = await makeStudent(t.db, {
      fullName: name,
      gradeId,
      schoolName: `${name.split(' ')[0]} School`,
      city: 'Lahore',
    });
  }
  students['Gul Other'] = await makeStudent(t.db, {
    fullName: 'Gul Other',
    gradeId: otherGradeId,
    schoolName: 'City School',
    city: 'Lahore',
  });
  students['Hina NoPlay'] = await makeStudent(t.db, {
    fullName: 'Hina NoPlay',
    gradeId: gradeId,
    schoolName: 'City School',
    city: 'Lahore',
  });
  admin = (await signedInStaff(t, { superAdmin: true })).token;
  reader = (
    await loginStaff(t.app, await makeStaff(t.db, { permissions: [['systemConfigurations', 'read']] }))
  ).accessToken;
  nobody = (await signedInStaff(t, {})).token;
});

describe('ranking a phase and grade', () => {
  beforeAll(resetPlays);

  it('ranks the best finished contest play of each student, ties by time then finish', async () => {
    const rows = await t.db
      .selectFrom('phaseStandings')
      .innerJoin('students', 'students.id', 'phaseStandings.studentId')
      .select(['students.fullName', 'rank', 'score', 'totalTimeMs'])
      .where('phaseId', '=', phaseId)
      .where('phaseStandings.gradeId', '=', gradeId)
      .orderBy('rank')
      .orderBy('students.studentNo')
      .execute();
    expect(rows).toEqual([
      { fullName: 'Bilal Khan', rank: 1, score: 12, totalTimeMs: 350_000 },
      { fullName: 'Eman Shah', rank: 1, score: 12, totalTimeMs: 350_000 },
      { fullName: 'Chanda Iqbal', rank: 3, score: 12, totalTimeMs: 400_000 },
      { fullName: 'Ali Raza', rank: 4, score: 12, totalTimeMs: 400_000 },
      { fullName: 'Dua Malik', rank: 5, score: 9, totalTimeMs: 90_000 },
      { fullName: 'Faraz Ahmed', rank: 6, score: 5, totalTimeMs: 100_000 },
    ]);
  });

  it('serves the public board in rank order with first names and initials by default', async () => {
    const res = await board('');
    expect(res).toMatchObject({ phaseId, gradeId, frozen: false, rankedCount: 6 });
    expect(res.updatedAt).not.toBeNull();
    expect(res.entries.map(({ name, rank, score, timeMs }) => ({ name, rank, score, timeMs }))).toEqual(
      EXPECTED,
    );
    expect(res.entries[0]).toMatchObject({ school: 'Bilal School', city: 'Lahore' });
  });

  it('records how many were ranked and when', async () => {
    const res = await get(`/api/admin/ranking/status/?phaseId=${phaseId}`, reader);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{
      data: { frozen: boolean; grades: { gradeId: string; rankedCount: number }[] };
    }>();
    expect(data.frozen).toBe(false);
    expect(data.grades.map((g) => [g.gradeId, g.rankedCount])).toEqual([
      [gradeId, 6],
      [otherGradeId, 1],
    ]);
  });

  it('pages the board and refuses a page longer than 100', async () => {
    const page2 = await board('&page=2&limit=2');
    expect(page2.entries.map((e) => [e.name, e.rank])).toEqual([
      ['Chanda I.', 3],
      ['Ali R.', 4],
    ]);
    expect(page2.rankedCount).toBe(6);
    expect((await board('&page=4&limit=2')).entries).toEqual([]);
    const tooLong = await get(`/api/leaderboard?phaseId=${phaseId}&gradeId=${gradeId}&limit=101`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers 404 for a phase that does not exist and 400 for a malformed id', async () => {
    const missing = await get(
      `/api/leaderboard?phaseId=00000000-0000-4000-8000-000000000000&gradeId=${gradeId}`,
    );
    expect(missing.statusCode).toBe(404);
    expect((await get(`/api/leaderboard?phaseId=nope&gradeId=${gradeId}`)).statusCode).toBe(400);
  });

  it('gives the students list each phase’s top score and rank', async () => {
    expect(await standingsOfStudent(t.db, students['Bilal Khan']!.id)).toEqual({
      1: { topScore: 12, currentRank: 1 },
      2: { topScore: 15, currentRank: 1 },
      3: null,
    });
    expect(await standingsOfStudent(t.db, students['Hina NoPlay']!.id)).toEqual({
      1: null,
      2: null,
      3: null,
    });
  });

  it('ignores practice, open and cancelled plays when a student has no finished contest play', async () => {
    const hina = 'Hina NoPlay';
    await play(hina, { score: 15, timeMs: 1, finishedAt: at(1), kind: 'PRACTICE' });
    await play(hina, { score: 15, timeMs: 1, finishedAt: at(1), status: 'CANCELLED' });
    const result = await recomputeStandings(t.db, phaseId, gradeId);
    expect(result).toMatchObject({ rankedCount: 6, changed: 0 });
  });
});

describe('GET /api/leaderboard/me', () => {
  beforeAll(resetPlays);

  it('gives the signed-in student their rank, score and the size of their board', async () => {
    const res = await get(`/api/leaderboard/me?phaseId=${phaseId}`, await studentToken('Ali Raza'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ phaseId, gradeId, rank: 4, score: 12, rankedCount: 6 });
  });

  it('gives an unranked student their grade and no rank', async () => {
    const res = await get(`/api/leaderboard/me?phaseId=${phaseId}`, await studentToken('Hina NoPlay'));
    expect(res.json()).toEqual({ phaseId, gradeId, rank: null, score: null, rankedCount: 6 });
  });

  it('needs a signed-in student', async () => {
    expect((await get(`/api/leaderboard/me?phaseId=${phaseId}`)).statusCode).toBe(401);
    expect((await get(`/api/leaderboard/me?phaseId=${phaseId}`, admin)).statusCode).toBe(401);
  });
});

describe('public display settings', () => {
  beforeAll(resetPlays);

  const save = (body: object, token = admin) => post('/api/admin/publicDisplay/create/', body, token);
  const settings = (changes: object = {}) => ({
    nameStyle: 'FULL',
    showSchool: false,
    showCity: true,
    announcementTitle: '',
    announcementBody: '',
    announcementEndsAt: null,
    ...changes,
  });

  it('answers the defaults before anything is saved', async () => {
    const res = await get('/api/admin/publicDisplay/', reader);
    expect(res.json()).toEqual({
      data: {
        nameStyle: 'FIRST_INITIAL',
        showSchool: true,
        showCity: true,
        announcementTitle: '',
        announcementBody: '',
        announcementEndsAt: null,
        updatedAt: null,
      },
    });
    expect((await get('/api/publicDisplay')).json()).toEqual({ announcement: null });
  });

  it('shows full names without schools when set so, and audits the change', async () => {
    const res = await save(settings());
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await board('&limit=3')).entries;
    expect(entries.map((e) => [e.name, e.school, e.city])).toEqual([
      ['Bilal Khan', null, 'Lahore'],
      ['Eman Shah', null, 'Lahore'],
      ['Chanda Iqbal', null, 'Lahore'],
    ]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'publicDisplay.update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('shows only student numbers when set so', async () => {
    await save(settings({ nameStyle: 'STUDENT_NO', showCity: false }));
    const [first] = (await board('&limit=1')).entries;
    expect(first).toMatchObject({
      name: `Student ${students['Bilal Khan']!.studentNo}`,
      school: null,
      city: null,
    });
  });

  it('publishes the announcement until its end date', async () => {
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    await save(
      settings({
        announcementTitle: 'Phase 2 opens',
        announcementBody: 'Get ready',
        announcementEndsAt: endsAt,
      }),
    );
    const res = await get('/api/publicDisplay');
    expect(res.json()).toEqual({ announcement: { title: 'Phase 2 opens', body: 'Get ready', endsAt } });
    await save(
      settings({ announcementTitle: 'Over', announcementEndsAt: new Date(Date.now() - 1000).toISOString() }),
    );
    // The public read is cached per node for 2 s; the save above clears this node's copy.
    expect((await get('/api/publicDisplay')).json()).toEqual({ announcement: null });
  });

  it('refuses an unknown name style or a bad date with 400', async () => {
    expect((await save(settings({ nameStyle: 'NICKNAME' }))).statusCode).toBe(400);
    expect((await save(settings({ announcementEndsAt: 'tomorrow' }))).statusCode).toBe(400);
    expect((await save(settings({ announcementTitle: 'x'.repeat(121) }))).statusCode).toBe(400);
  });

  it('needs systemConfigurations:update to save', async () => {
    expect((await save(settings(), reader)).statusCode).toBe(403);
    expect((await get('/api/admin/publicDisplay/', nobody)).statusCode).toBe(403);
  });
});

describe('freezing the public board', () => {
  beforeAll(resetPlays);

  it('keeps the frozen board while a better play is ranked underneath, and reveals it', async () => {
    const before = await board('');
    const frozen = await post('/api/admin/ranking/freeze/', { phaseId }, admin);
    expect(frozen.statusCode, frozen.body).toBe(200);

    await play('Faraz Ahmed', { score: 14.5, timeMs: 60_000, finishedAt: at(100) });
    expect(await recomputeStandings(t.db, phaseId, gradeId)).toMatchObject({ rankedCount: 6 });
    const faraz = await t.db
      .selectFrom('phaseStandings')
      .select('rank')
      .where('studentId', '=', students['Faraz Ahmed']!.id)
      .where('phaseId', '=', phaseId)
      .executeTakeFirstOrThrow();
    expect(faraz.rank).toBe(1);

    const during = await board('');
    expect(during.frozen).toBe(true);
    expect(during.entries).toEqual(before.entries);
    expect(during.rankedCount).toBe(6);
    const home = (await get('/api/leaderboard/home')).json<{
      grades: { gradeId: string; board: Leaderboard }[];
    }>();
    const homeBoard = home.grades.find((g) => g.gradeId === gradeId)?.board;
    expect(homeBoard?.frozen).toBe(true);
    expect(homeBoard?.entries).toEqual(before.entries.slice(0, 5));

    // The student's own standing stays live.
    const mine = await get(`/api/leaderboard/me?phaseId=${phaseId}`, await studentToken('Faraz Ahmed'));
    expect(mine.json()).toMatchObject({ rank: 1, score: 14.5 });

    const revealed = await post('/api/admin/ranking/reveal/', { phaseId }, admin);
    expect(revealed.statusCode, revealed.body).toBe(200);
    const after = await board('');
    expect(after.frozen).toBe(false);
    expect(after.entries.map((e) => [e.name, e.rank])).toEqual([
      ['Faraz A.', 1],
      ['Bilal K.', 2],
      ['Eman S.', 2],
      ['Chanda I.', 4],
      ['Ali R.', 5],
      ['Dua M.', 6],
    ]);
  });

  it('refuses to freeze a frozen board or reveal an unfrozen one', async () => {
    expect((await post('/api/admin/ranking/freeze/', { phaseId }, admin)).statusCode).toBe(200);
    expect((await post('/api/admin/ranking/freeze/', { phaseId }, admin)).statusCode).toBe(409);
    const status = await get(`/api/admin/ranking/status/?phaseId=${phaseId}`, admin);
    expect(status.json()).toMatchObject({ data: { frozen: true } });
    expect((await post('/api/admin/ranking/reveal/', { phaseId }, admin)).statusCode).toBe(200);
    expect((await post('/api/admin/ranking/reveal/', { phaseId }, admin)).statusCode).toBe(409);
    const actions = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'like', 'ranking.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'ranking.freeze',
      'ranking.reveal',
      'ranking.freeze',
      'ranking.reveal',
    ]);
  });
});

describe('what a frozen board says of a child', () => {
  beforeEach(resetPlays);

  const style = (nameStyle: string, showSchool = true) =>
    post(
      '/api/admin/publicDisplay/create/',
      {
        nameStyle,
        showSchool,
        showCity: true,
        announcementTitle: '',
        announcementBody: '',
        announcementEndsAt: null,
      },
      admin,
    );

  it('stores ids and ranks only, and names children as the settings say when served', async () => {
    expect((await style('FULL')).statusCode).toBe(200);
    const frozen = await post('/api/admin/ranking/freeze/', { phaseId }, admin);
    expect(frozen.statusCode, frozen.body).toBe(200);
    const before = await board('&limit=2');
    expect(before.entries.map((e) => [e.name, e.school])).toEqual([
      ['Bilal Khan', 'Bilal School'],
      ['Eman Shah', 'Eman School'],
    ]);
    const stored = await t.db
      .selectFrom('boardFreezes')
      .select('snapshot')
      .where('phaseId', '=', phaseId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.snapshot)).not.toMatch(/Bilal|Khan|School|Lahore/);

    expect((await style('STUDENT_NO', false)).statusCode).toBe(200);
    const after = await board('&limit=2');
    expect(after.frozen).toBe(true);
    expect(after.entries.map((e) => [e.name, e.school, e.rank, e.score])).toEqual([
      [`Student ${students['Bilal Khan']!.studentNo}`, null, 1, 12],
      [`Student ${students['Eman Shah']!.studentNo}`, null, 1, 12],
    ]);
    // Renamed boards are newer than the frozen board clients hold, so they replace it.
    expect(Date.parse(after.updatedAt!)).toBeGreaterThan(Date.parse(before.updatedAt!));

    await style('FIRST_INITIAL');
    const home = (await get('/api/leaderboard/home')).json<{
      grades: { gradeId: string; board: Leaderboard }[];
    }>();
    const homeBoard = home.grades.find((g) => g.gradeId === gradeId)?.board;
    expect(homeBoard?.entries.slice(0, 2).map((e) => e.name)).toEqual(['Bilal K.', 'Eman S.']);
  });

  it('no longer names a student anonymised after the freeze, and re-ranks their boards', async () => {
    await style('FULL');
    await post('/api/admin/ranking/freeze/', { phaseId }, admin);
    const bilal = students['Bilal Khan']!;
    onTestFinished(async () => {
      await t.db
        .updateTable('students')
        .set({ fullName: 'Bilal Khan', schoolName: 'Bilal School', isActive: true })
        .where('id', '=', bilal.id)
        .execute();
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/student/delete/?id=${bilal.id}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().anonymised).toBe(true);

    const frozen = await board('');
    expect(frozen.frozen).toBe(true);
    expect(JSON.stringify(frozen)).not.toMatch(/Bilal|Bilal School/);
    expect(frozen.entries[0]).toMatchObject({ rank: 1, name: 'Deleted student', school: null, score: 12 });
    // One event per board the student stands on: the worker pushes it again and re-ranks it.
    const events = await t.db
      .selectFrom('outboxEvents')
      .select('payload')
      .where('type', '=', 'standings.stale')
      .execute();
    expect(
      events.map((e) => e.payload).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual(
      [
        { phaseId, gradeId },
        { phaseId: phase2Id, gradeId },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
  });

  it('serves a freeze again after a reveal, and the live board after the reveal is newer than the freeze', async () => {
    const frozen = await post('/api/admin/ranking/freeze/', { phaseId }, admin);
    const frozenBoard = await board('');
    await post('/api/admin/ranking/reveal/', { phaseId }, admin);
    const revealed = await board('');
    expect(revealed.frozen).toBe(false);
    expect(Date.parse(revealed.updatedAt!)).toBeGreaterThan(Date.parse(frozenBoard.updatedAt!));
    expect(Date.parse(revealed.updatedAt!)).toBeGreaterThan(Date.parse(frozen.json().data.frozenAt));
    expect((await post('/api/admin/ranking/freeze/', { phaseId }, admin)).statusCode).toBe(200);
    expect((await board('')).frozen).toBe(true);
  });
});

describe('changing how children are named', () => {
  beforeAll(resetPlays);

  it('pushes every open board again with the new names', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket: Socket = connect(url, { transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await socket.emitWithAck('room:join', rooms.leaderboard(phaseId, gradeId))).toEqual({
        ok: true,
      });
      const pushed = new Promise<Leaderboard>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no leaderboard:updated within 10 s')), 10_000);
        socket.once('leaderboard:updated', (event: Leaderboard) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
      const res = await post(
        '/api/admin/publicDisplay/create/',
        { nameStyle: 'STUDENT_NO', showSchool: false, showCity: false },
        admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      const event = await pushed;
      expect(event).toMatchObject({ phaseId, gradeId, frozen: false, rankedCount: 6 });
      expect(event.entries[0]).toMatchObject({
        name: `Student ${students['Bilal Khan']!.studentNo}`,
        school: null,
        city: null,
      });
      // The champions room is told to refetch too.
      const told = await t.db
        .selectFrom('outboxEvents')
        .select('id')
        .where('type', '=', 'champions.updated')
        .execute();
      expect(told).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });
});

describe('the home leaderboard', () => {
  beforeAll(resetPlays);
  beforeEach(async () => {
    await setFlags(t.db, { contestQuizPhase: phaseId });
  });

  it("shows the contest phase's top five of each active grade", async () => {
    const res = await get('/api/leaderboard/home');
    expect(res.statusCode).toBe(200);
    const home = res.json<{
      phase: { _id: string; title: string };
      grades: { gradeId: string; title: string; board: Leaderboard }[];
    }>();
    expect(home.phase).toEqual({ _id: phaseId, title: 'Phase 1' });
    expect(home.grades.map((g) => [g.title, g.board.entries.length, g.board.rankedCount])).toEqual([
      ['Grade 5', 5, 6],
      ['Grade 6', 1, 1],
    ]);
    expect(home.grades[0]?.board.entries.map((e) => e.name)).toEqual(EXPECTED.slice(0, 5).map((e) => e.name));
  });
});

describe('rebuilding from PostgreSQL', () => {
  beforeAll(resetPlays);

  it('gives the same standings as the incremental recomputes', async () => {
    // Incremental: new plays, one better, one cancelled, each followed by a recompute.
    await play('Dua Malik', { score: 12.25, timeMs: 500_000, finishedAt: at(200) });
    await recomputeStandings(t.db, phaseId, gradeId);
    const cancelled = await play('Hina NoPlay', { score: 3, timeMs: 5_000, finishedAt: at(210) });
    await recomputeStandings(t.db, phaseId, gradeId);
    await t.db.updateTable('plays').set({ status: 'CANCELLED' }).where('id', '=', cancelled).execute();
    await recomputeStandings(t.db, phaseId, gradeId);
    const incremental = await storedStandings();

    await t.db.deleteFrom('phaseStandings').execute();
    const res = await post('/api/admin/ranking/rebuild/', { phaseId }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { phaseId, ranked: 7 } });
    await rebuildPhase(t.db, phase2Id);
    expect(await storedStandings()).toEqual(incremental);
  });

  it('clears the standings of a grade left without finished plays', async () => {
    await t.db
      .updateTable('plays')
      .set({ status: 'CANCELLED' })
      .where('gradeId', '=', otherGradeId)
      .execute();
    const result = await rebuildPhase(t.db, phaseId);
    expect(result.grades.map((g) => [g.gradeId, g.rankedCount])).toEqual([
      [gradeId, 6],
      [otherGradeId, 0],
    ]);
    // The emptied grade keeps its ranking row (0 ranked), so its empty board is newer than the last one.
    const left = await t.db
      .selectFrom('phaseRankings')
      .select(['gradeId', 'rankedCount'])
      .where('phaseId', '=', phaseId)
      .orderBy('rankedCount', 'desc')
      .execute();
    expect(left).toEqual([
      { gradeId, rankedCount: 6 },
      { gradeId: otherGradeId, rankedCount: 0 },
    ]);
    const emptied = await get(`/api/leaderboard?phaseId=${phaseId}&gradeId=${otherGradeId}`);
    expect(emptied.json()).toMatchObject({ rankedCount: 0, entries: [] });
    expect(emptied.json().updatedAt).not.toBeNull();
    expect(
      await t.db
        .selectFrom('phaseStandings')
        .select('studentId')
        .where('gradeId', '=', otherGradeId)
        .execute(),
    ).toEqual([]);
  });

  it('validates the rebuild request', async () => {
    expect((await post('/api/admin/ranking/rebuild/', { phaseId: 'nope' }, admin)).statusCode).toBe(400);
    expect((await post('/api/admin/ranking/rebuild/', {}, admin)).statusCode).toBe(400);
    const unknown = { phaseId: '00000000-0000-4000-8000-000000000000' };
    expect((await post('/api/admin/ranking/rebuild/', unknown, admin)).statusCode).toBe(404);
  });
});

describe('ranking permissions', () => {
  it('answers 403 without systemConfigurations:update and 401 without a token', async () => {
    for (const url of [
      '/api/admin/ranking/rebuild/',
      '/api/admin/ranking/freeze/',
      '/api/admin/ranking/reveal/',
    ]) {
      expect((await post(url, { phaseId }, reader)).statusCode, url).toBe(403);
      expect((await post(url, { phaseId }, nobody)).statusCode, url).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url, payload: { phaseId } });
      expect(anonymous.statusCode, url).toBe(401);
    }
    expect((await get(`/api/admin/ranking/status/?phaseId=${phaseId}`, nobody)).statusCode).toBe(403);
  });
});
