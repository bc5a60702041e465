import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { bearer, connectedSocket, nextEvent } from '../../test/helpers.js';
import { recomputeStandings } from '../src/modules/rankings/rankings.service.js';
import {
  admin,
  at,
  board,
  get,
  gradeId,
  nobody,
  phase2Id,
  phaseId,
  play,
  post,
  reader,
  resetPlays,
  students,
  studentToken,
  t,
} from './rankings.fixtures.js';

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
    const socket = await connectedSocket(t.app);
    try {
      expect(await socket.emitWithAck('room:join', rooms.leaderboard(phaseId, gradeId))).toEqual({
        ok: true,
      });
      const pushed = nextEvent<Leaderboard>(socket, 'leaderboard:updated');
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
