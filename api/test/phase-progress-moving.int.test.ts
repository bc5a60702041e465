import type { PhaseProgress } from '@riyazi/api/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { contestAttemptsOf, makeStudent, setFlags } from '../../test/helpers.js';
import { announceCacheChanges, everything } from '../src/lib/node-caches.js';
import { qualifiesFor } from '../src/modules/phase-progress/qualification.js';
import {
  asStudent,
  closePhase,
  fillers,
  grade3,
  grade5,
  mailedTo,
  notify,
  phase2QuizId,
  phases,
  playInRankOrder,
  rankIn,
  saveCut,
  startPhase2,
  startPhase3,
  studentId,
  t,
} from './phase-progress.fixtures.js';

describe('starting a phase 2 contest', () => {
  it('lets the rank 200 of the grade in phase 1 start (the default cut)', async () => {
    await rankIn(phases[1], grade3, studentId, 200);
    const res = await startPhase2();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contestAttempts).toBe(1);
  });

  it('refuses rank 201 with NOT_QUALIFIED, spending no attempt', async () => {
    await rankIn(phases[1], grade3, studentId, 201);
    const res = await startPhase2();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Phase 2 is open to the top 200 of your grade in Phase 1.',
      code: 'NOT_QUALIFIED',
    });
    expect(await contestAttemptsOf(t.db, studentId)).toBe(2);
  });

  it('refuses a student who did not play phase 1', async () => {
    expect((await startPhase2()).json().code).toBe('NOT_QUALIFIED');
  });

  it('follows a 150 cut at once: rank 151 may not start, rank 150 may', async () => {
    expect((await saveCut(phases[1], grade3, 150)).statusCode).toBe(200);
    await rankIn(phases[1], grade3, studentId, 151);
    const refused = await startPhase2();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Phase 2 is open to the top 150 of your grade in Phase 1.');

    await t.db.updateTable('phaseStandings').set({ rank: 150 }).where('studentId', '=', studentId).execute();
    expect((await startPhase2()).statusCode).toBe(200);
  });

  it('counts only the rank in the same grade', async () => {
    await rankIn(phases[1], grade5, studentId, 1);
    expect((await startPhase2()).json().code).toBe('NOT_QUALIFIED');
  });

  it('keeps phase 1 open to everyone', async () => {
    await setFlags(t.db, { isContestQuizEnabled: true, contestQuizPhase: phases[1] });
    const available = await asStudent('GET', '/api/play-quiz/available?type=CONTEST');
    expect(available.json().data.length).toBeGreaterThan(0);
  });
});

describe('GET /api/play-quiz/available?type=CONTEST', () => {
  it('hides the phase 2 quiz from a student outside the cut and offers it within', async () => {
    await rankIn(phases[1], grade3, studentId, 250);
    expect((await asStudent('GET', '/api/play-quiz/available?type=CONTEST')).json().data).toEqual([]);

    await t.db.updateTable('phaseStandings').set({ rank: 12 }).where('studentId', '=', studentId).execute();
    await announceCacheChanges(t.db, everything('qualificationGates'));
    const offered = await asStudent('GET', '/api/play-quiz/available?type=CONTEST');
    expect(offered.json().data.map((q: { _id: string }) => q._id)).toEqual([phase2QuizId]);
  });
});

describe('moving from phase 2 to phase 3', () => {
  beforeEach(async () => {
    await setFlags(t.db, {
      isContestQuizEnabled: true,
      contestQuizPhase: phases[3],
      contestPermissionRequired: false,
      documentAcceptanceRequired: false,
    });
  });

  it('lets phase 2 rank 30 start phase 3 (the default cut)', async () => {
    await rankIn(phases[2], grade3, studentId, 30);
    const res = await startPhase3();
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses phase 2 rank 31 with NOT_QUALIFIED', async () => {
    await rankIn(phases[2], grade3, studentId, 31);
    const res = await startPhase3();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Phase 3 is open to the top 30 of your grade in Phase 2.',
      code: 'NOT_QUALIFIED',
    });
  });

  it.each([
    [10, 10, 11],
    [20, 20, 21],
  ] as const)('follows a cut of %i: rank %i may start, rank %i may not', async (cut, inside, outside) => {
    expect((await saveCut(phases[2], grade3, cut)).statusCode).toBe(200);
    await rankIn(phases[2], grade3, studentId, outside);
    const refused = await startPhase3();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Phase 3 is open to the top ${cut} of your grade in Phase 2.`);
    await t.db
      .updateTable('phaseStandings')
      .set({ rank: inside })
      .where('studentId', '=', studentId)
      .execute();
    expect((await startPhase3()).statusCode).toBe(200);
  });

  it('does not count a phase 1 rank towards phase 3', async () => {
    await rankIn(phases[1], grade3, studentId, 1);
    expect((await startPhase3()).json().code).toBe('NOT_QUALIFIED');
  });

  it("e-mails phase 2's qualifiers about phase 3, and those told stay admitted whatever ranks do later", async () => {
    const student = await t.db
      .selectFrom('students')
      .select('email')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    await saveCut(phases[2], grade3, 20);
    const out3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    const in5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Hina Baig' });
    const out5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Bilal Shah' });
    await playInRankOrder(phases[2], grade3, [...(await fillers(grade3, 19)), studentId, out3.id]);
    await playInRankOrder(phases[2], grade5, [...(await fillers(grade5, 29)), in5.id, out5.id]);
    // A phase 1 standing carries nobody to phase 3.
    const phase1Only = await makeStudent(t.db, { gradeId: grade3, fullName: 'Sana Mir' });
    await playInRankOrder(phases[1], grade3, [phase1Only.id]);
    await closePhase(1);
    await closePhase(2);

    const res = await notify(phases[2]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ notified: 2, nextPhase: { _id: phases[3], name: 'Phase 3 — Final' } });
    expect(await mailedTo()).toEqual([student.email, in5.email].sort());
    const mail = await t.db
      .selectFrom('mailMessages')
      .select('params')
      .where('toEmail', '=', student.email)
      .executeTakeFirstOrThrow();
    expect(mail.params).toMatchObject({
      phaseTitle: 'Phase 2 — Semi-final',
      nextPhaseTitle: 'Phase 3 — Final',
      rank: 20,
    });

    // An admin re-rank later moves the student to 21: told they qualified, they may still start.
    await t.db
      .updateTable('phaseStandings')
      .set({ rank: 21 })
      .where('studentId', '=', studentId)
      .where('phaseId', '=', phases[2])
      .execute();
    expect((await startPhase3()).statusCode).toBe(200);
    expect(await qualifiesFor(t, out3.id, grade3, { id: phases[3] })).toEqual({
      ok: false,
      message: 'Phase 3 is open to the top 20 of your grade in Phase 2.',
    });
    expect((await qualifiesFor(t, in5.id, grade5, { id: phases[3] })).ok).toBe(true);
    expect((await qualifiesFor(t, out5.id, grade5, { id: phases[3] })).ok).toBe(false);
  });
});

describe('GET /api/phase/progress', () => {
  const progress = async () => (await asStudent('GET', '/api/phase/progress')).json<PhaseProgress>();

  it('answers nulls without phase flags', async () => {
    await setFlags(t.db, {});
    expect(await progress()).toEqual({
      nextPhase: null,
      previousPhase: null,
      qualifiedForNext: null,
      myRank: null,
    });
  });

  it('shows what comes next and what ended, with the rank, and qualification once phase 1 is over', async () => {
    await rankIn(phases[1], grade3, studentId, 7);
    await setFlags(t.db, { nextPhase: phases[2], previousPhase: phases[1] });
    const running = await progress();
    expect(running.nextPhase).toMatchObject({ _id: phases[2], title: 'Phase 2 — Semi-final' });
    expect(running.previousPhase).toMatchObject({ _id: phases[1], title: 'Phase 1 — Qualifier' });
    expect(running.myRank).toEqual({ phaseId: phases[1], rank: 7, score: 10 });
    expect(running.qualifiedForNext).toBeNull();

    await closePhase(1);
    try {
      expect((await progress()).qualifiedForNext).toBe(true);
      await t.db
        .updateTable('phaseStandings')
        .set({ rank: 201 })
        .where('studentId', '=', studentId)
        .execute();
      expect((await progress()).qualifiedForNext).toBe(false);
    } finally {
      await t.db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phases[1]).execute();
    }
  });

  it('needs a signed-in student', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/phase/progress' })).statusCode).toBe(401);
  });
});
