import type { Leaderboard } from '@riyazi/api/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setFlags } from '../../test/helpers.js';
import {
  rebuildPhase,
  recomputeStandings,
  standingsOfStudent,
} from '../src/modules/rankings/rankings.service.js';
import {
  admin,
  at,
  board,
  EXPECTED,
  get,
  gradeId,
  nobody,
  otherGradeId,
  phase2Id,
  phaseId,
  play,
  post,
  reader,
  resetPlays,
  storedStandings,
  students,
  studentToken,
  t,
} from './rankings.fixtures.js';

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
