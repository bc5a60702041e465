import type { ChampionsBoard } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, endPhaseContest, loginStaff, makeStaff } from '../../test/helpers.js';
import { announceCacheChanges, everything } from '../src/lib/node-caches.js';
import { qualifiesFor } from '../src/modules/phase-progress/qualification.js';
import { decide, evidence, planted, reviewAudits, standings, t } from './integrity-review.fixtures.js';

const names = async () => (await standings()).map(([name, rank]) => [name, rank]);
const disqualifiedAt = async (playId: string) =>
  (await t.db.selectFrom('plays').select('disqualifiedAt').where('id', '=', playId).executeTakeFirstOrThrow())
    .disqualifiedAt;

describe('disqualifying a play', () => {
  it('re-ranks the board at once: the student’s best remaining play counts', async () => {
    expect(await names()).toEqual([
      ['Dua Malik', 1],
      ['Ali Raza', 2],
      ['Bilal Khan', 3],
      ['Chanda Iqbal', 4],
    ]);
    const res = await decide(planted.plays.duaFast, {
      decision: 'DISQUALIFY',
      reason: 'Under a second a question',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.play).toMatchObject({ decision: 'DISQUALIFY', disqualified: true, rank: null });
    expect(await disqualifiedAt(planted.plays.duaFast)).toBeInstanceOf(Date);
    const after = await standings();
    expect(after.map(([name, rank]) => [name, rank])).toEqual([
      ['Ali Raza', 1],
      ['Bilal Khan', 2],
      ['Chanda Iqbal', 3],
      ['Dua Malik', 4],
    ]);
    expect(after.find(([name]) => name === 'Dua Malik')?.[2]).toBe(planted.plays.duaSlow);
    // The public board too, and the ranking worker is told to push it again.
    const board = await t.app.inject({
      method: 'GET',
      url: `/api/leaderboard?phaseId=${planted.phase.id}&gradeId=${planted.grade.id}`,
    });
    expect(board.json().entries.map((e: { name: string }) => e.name)).toEqual([
      'Ali R.',
      'Bilal K.',
      'Chanda I.',
      'Dua M.',
    ]);
    const stale = await t.db
      .selectFrom('outboxEvents')
      .select('payload')
      .where('type', '=', 'standings.stale')
      .execute();
    expect(stale.map((e) => e.payload)).toEqual([{ phaseId: planted.phase.id, gradeId: planted.grade.id }]);
  });

  it('takes a student with no other play off the board, and records the review and its audit row', async () => {
    await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Same wrong answers as Bilal' });
    expect(await names()).toEqual([
      ['Dua Malik', 1],
      ['Bilal Khan', 2],
      ['Chanda Iqbal', 3],
    ]);
    const review = await t.db.selectFrom('playReviews').selectAll().executeTakeFirstOrThrow();
    expect(review).toMatchObject({
      playId: planted.plays.ali,
      decision: 'DISQUALIFY',
      reason: 'Same wrong answers as Bilal',
      studentNotifiedAt: null,
    });
    const [row] = await reviewAudits();
    expect(row).toMatchObject({
      actorId: review.decidedBy,
      targetType: 'play',
      targetId: planted.plays.ali,
      details: {
        decision: 'DISQUALIFY',
        previous: null,
        reason: 'Same wrong answers as Bilal',
        notifyStudent: false,
      },
    });
  });

  it('is undone by a later clear: the play is ranked again and both decisions stay in the history', async () => {
    await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Looked copied' });
    const res = await decide(planted.plays.ali, {
      decision: 'CLEAR',
      reason: 'Siblings, same lessons: a mistake',
    });
    expect(res.statusCode).toBe(200);
    expect(await disqualifiedAt(planted.plays.ali)).toBeNull();
    expect((await names())[1]).toEqual(['Ali Raza', 2]);
    const data = await evidence(planted.plays.ali);
    expect(data.history.map((h) => [h.decision, h.reason])).toEqual([
      ['CLEAR', 'Siblings, same lessons: a mistake'],
      ['DISQUALIFY', 'Looked copied'],
    ]);
    expect(data.review).toMatchObject({ decision: 'CLEAR', reason: 'Siblings, same lessons: a mistake' });
    expect((await reviewAudits()).map((a) => (a.details as { previous: string | null }).previous)).toEqual([
      null,
      'DISQUALIFY',
    ]);
  });

  it('takes the student off a frozen board at once: those below move up, and the board stays frozen', async () => {
    const admin = await makeStaff(t.db, { superAdmin: true });
    const token = (await loginStaff(t.app, admin)).accessToken;
    const frozen = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ranking/freeze/',
      headers: bearer(token),
      payload: { phaseId: planted.phase.id },
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const board = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/leaderboard?phaseId=${planted.phase.id}&gradeId=${planted.grade.id}`,
        })
      ).json<{ frozen: boolean; rankedCount: number; entries: { name: string; rank: number }[] }>();
    const rows = async () => (await board()).entries.map((e) => [e.name, e.rank]);
    expect(await rows()).toEqual([
      ['Dua M.', 1],
      ['Ali R.', 2],
      ['Bilal K.', 3],
      ['Chanda I.', 4],
    ]);
    await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Same wrong answers as Bilal' });
    expect(await board()).toMatchObject({ frozen: true, rankedCount: 3 });
    expect(await rows()).toEqual([
      ['Dua M.', 1],
      ['Bilal K.', 2],
      ['Chanda I.', 3],
    ]);
    expect((await reviewAudits())[0]?.details).toMatchObject({ offFrozenBoard: true });
    // A warning leaves the frozen board as it is.
    await decide(planted.plays.bilal, { decision: 'WARN', reason: 'Shared a device' });
    expect((await rows()).map(([name]) => name)).toEqual(['Dua M.', 'Bilal K.', 'Chanda I.']);
  });

  it('leaves a warned play on the board', async () => {
    await decide(planted.plays.bilal, { decision: 'WARN', reason: 'Shared a device' });
    expect(await disqualifiedAt(planted.plays.bilal)).toBeNull();
    expect((await names())[2]).toEqual(['Bilal Khan', 3]);
  });
});

describe('winners, champions and qualification', () => {
  it('removes the student’s winner place and champions entry; new winners come from the re-ranked board', async () => {
    await endPhaseContest(t.db, planted.phase.id);
    const admin = await makeStaff(t.db, { superAdmin: true });
    const token = (await loginStaff(t.app, admin)).accessToken;
    const auto = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/phaseWinner/create/automatically',
        headers: bearer(token),
        payload: { phaseId: planted.phase.id, topN: 1, password: admin.password },
      });
    expect((await auto()).statusCode).toBe(201);
    const champions = async () => {
      await announceCacheChanges(t.db, everything('champions'));
      const board = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json<ChampionsBoard>();
      return JSON.stringify(board);
    };
    expect(await champions()).toContain('Dua');

    await decide(planted.plays.duaFast, { decision: 'DISQUALIFY', reason: 'Too fast' });
    expect(await t.db.selectFrom('phaseWinners').select('studentId').execute()).toEqual([]);
    expect(await champions()).not.toContain('Dua');
    expect((await auto()).statusCode).toBe(201);
    const winners = await t.db.selectFrom('phaseWinners').select(['studentId', 'position']).execute();
    expect(winners).toEqual([{ studentId: planted.students.ali.id, position: 1 }]);
    const audit = (await reviewAudits())[0]!.details as Record<string, unknown>;
    expect(audit.winnerRemoved).toEqual({ position: 1, method: 'AUTOMATIC' });
  });

  it('cannot promote a student whose only contest play of the phase is disqualified', async () => {
    await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Copied' });
    const admin = await makeStaff(t.db, { superAdmin: true });
    const token = (await loginStaff(t.app, admin)).accessToken;
    const candidate = await t.app.inject({
      method: 'GET',
      url: `/api/phaseWinner/candidate/?phaseId=${planted.phase.id}&studentNo=${planted.students.ali.studentNo}`,
      headers: bearer(token),
    });
    expect(candidate.statusCode, candidate.body).toBe(200);
    expect(candidate.json().data).toMatchObject({ played: false, rank: null });
  });

  it('takes phase 2 away from a student left unranked, and withdraws their recorded qualification', async () => {
    const gate = async (studentId: string) =>
      (await qualifiesFor(t, studentId, planted.grade.id, { id: planted.phase2.id, number: 2 })).ok;
    const staff = await makeStaff(t.db, {});
    await t.db
      .insertInto('phaseCutoffs')
      .values({ phaseId: planted.phase.id, gradeId: planted.grade.id, topN: 10, updatedBy: staff.id })
      .execute();
    // Ali was e-mailed that he qualified (a told student is admitted whatever the board says later).
    await t.db
      .insertInto('phaseQualifications')
      .values({
        phaseId: planted.phase2.id,
        studentId: planted.students.ali.id,
        gradeId: planted.grade.id,
        rank: 2,
      })
      .execute();
    expect([await gate(planted.students.ali.id), await gate(planted.students.dua.id)]).toEqual([true, true]);

    await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Copied' });
    await decide(planted.plays.duaFast, { decision: 'DISQUALIFY', reason: 'Too fast' });
    // Dua's slower play still ranks her (within the cut); Ali has no play left.
    expect([await gate(planted.students.ali.id), await gate(planted.students.dua.id)]).toEqual([false, true]);
    expect(await t.db.selectFrom('phaseQualifications').select('studentId').execute()).toEqual([]);
    const audit = (await reviewAudits())[0]!.details as Record<string, unknown>;
    expect(audit.qualificationWithdrawn).toBe(planted.phase2.id);
  });
});
