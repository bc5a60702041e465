import type { ContestStateDto } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { auditActionsOn, bearer, signedInStaff } from '../../test/helpers.js';
import { scoreRecordedAnswer } from '../src/modules/play-quiz/play-scoring.js';
import {
  call,
  contestQuizId,
  finishedPlay,
  phaseId,
  resultsOf,
  rightAnswer,
  serve,
  start,
  submit,
  t,
} from './play-quiz.fixtures.js';

// The story: staff close a phase while the contest flag still points at it.

const asStaff = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const manager = () =>
  signedInStaff(t, {
    permissions: [
      ['phase', 'read'],
      ['phase', 'update'],
    ],
  });

const contestOfPhase = async (): Promise<ContestStateDto> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/contestPhase/active' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.contest;
};

const endContest = async (token: string, body: Record<string, unknown> = {}) =>
  asStaff(token, 'POST', `/api/admin/phase/end-contest/?id=${phaseId}`, body);

const startRefusal = async () => {
  const res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
  return { status: res.statusCode, message: res.json().message, code: res.json().code };
};

const availableContests = async () =>
  (await call('GET', '/api/play-quiz/available?type=CONTEST')).json<{ data: { _id: string }[] }>().data;

describe('closing a phase through its status (the flag still names it)', () => {
  it('refuses new starts at once, offers no contest, and keeps the review closed until a release time', async () => {
    const playId = await finishedPlay();
    const staff = await signedInStaff(t);
    const closed = await asStaff(staff.token, 'POST', `/api/phase/update/?id=${phaseId}`, {
      status: 'CLOSED',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    expect(await startRefusal()).toEqual({
      status: 403,
      message: 'The contest has ended.',
      code: 'CONTEST_ENDED',
    });
    expect(await availableContests()).toEqual([]);
    // The only play in progress finished, so nothing is closing: results withheld, not shown.
    expect((await contestOfPhase()).stage).toBe('CLOSED');
    expect((await resultsOf(playId)).reviewOpen).toBe(false);
    expect((await call('GET', `/api/play-quiz/wrong?id=${playId}`)).statusCode).toBe(403);

    const release = await asStaff(staff.token, 'POST', `/api/admin/phase/results-release/?id=${phaseId}`, {
      resultsReleaseAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().data.stage).toBe('RELEASED');
    expect((await resultsOf(playId)).reviewOpen).toBe(true);
    expect((await call('GET', `/api/play-quiz/wrong?id=${playId}`)).statusCode).toBe(200);
  });

  it('refuses a start once the phase’s end date has passed, though its status still says ACTIVE', async () => {
    await t.db
      .updateTable('phases')
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where('id', '=', phaseId)
      .execute();
    try {
      expect(await startRefusal()).toMatchObject({ status: 403, code: 'CONTEST_ENDED' });
      expect(await availableContests()).toEqual([]);
    } finally {
      await t.db
        .updateTable('phases')
        .set({ endsAt: new Date(Date.now() + 30 * 86_400_000) })
        .where('id', '=', phaseId)
        .execute();
    }
  });

  it('never shows answers while starts are open, whatever the release time says', async () => {
    const playId = await finishedPlay();
    const staff = await signedInStaff(t);
    const release = await asStaff(staff.token, 'POST', `/api/admin/phase/results-release/?id=${phaseId}`, {
      resultsReleaseAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(release.json().data.stage).toBe('OPEN');
    expect((await resultsOf(playId)).reviewOpen).toBe(false);
    expect((await call('GET', `/api/play-quiz/wrong?id=${playId}`)).statusCode).toBe(403);
  });

  it('refuses to open a contest again once its results are out, and withholds them again when reopened before', async () => {
    const staff = await signedInStaff(t);
    const update = (status: string) =>
      asStaff(staff.token, 'POST', `/api/phase/update/?id=${phaseId}`, { status });
    await endContest(staff.token, { resultsReleaseAt: null });
    const reopened = await update('ACTIVE');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await contestOfPhase()).stage).toBe('OPEN');

    await endContest(staff.token, { resultsReleaseAt: new Date(Date.now() - 1000).toISOString() });
    expect((await contestOfPhase()).stage).toBe('RELEASED');
    const refused = await update('ACTIVE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/results are released, so its contest cannot open again/);
    expect((await contestOfPhase()).stage).toBe('RELEASED');
  });
});

describe('End the contest', () => {
  it('lets the play in progress finish within its clock and withholds results until they are released', async () => {
    const { play } = await start();
    const [q1, q2] = play.questions;
    await serve(play._id, q1!._id);
    const staff = await manager();
    const ended = await endContest(staff.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ message: 'The contest has ended.', data: { stage: 'CLOSING' } });
    expect(await auditActionsOn(t.db, phaseId)).toContain('phase.endContest');

    // No new start; the child's own play resumes and takes answers.
    const resumed = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ resumed: true, play: { _id: play._id } });
    const answered = await submit(play._id, q1!._id, await rightAnswer(q1!._id));
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await serve(play._id, q2!._id)).statusCode).toBe(200);

    for (const question of play.questions.slice(1)) {
      await serve(play._id, question._id);
      await submit(play._id, question._id, []);
    }
    for (const question of play.questions) {
      await scoreRecordedAnswer(t.db, play._id, question._id);
    }
    // Every play has finished: closed, results withheld (no release time was chosen).
    expect((await contestOfPhase()).stage).toBe('CLOSED');
    expect((await resultsOf(play._id)).reviewOpen).toBe(false);
    expect(await startRefusal()).toMatchObject({ status: 403, code: 'CONTEST_ENDED' });
  });

  it('answers 409 for a contest already ended, 404 for an unknown phase, and needs phase:update', async () => {
    const reader = await signedInStaff(t, { permissions: [['phase', 'read']] });
    expect((await endContest(reader.token)).statusCode).toBe(403);

    const staff = await manager();
    expect((await endContest(staff.token)).statusCode).toBe(200);
    const again = await endContest(staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Phase 1 — Qualifier's contest has already ended.");
    const unknown = await asStaff(
      staff.token,
      'POST',
      '/api/admin/phase/end-contest/?id=00000000-0000-4000-8000-000000000000',
      {},
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('freezes the boards only for staff who may freeze them', async () => {
    const staff = await manager();
    const refused = await endContest(staff.token, { freezeBoards: true });
    expect(refused.statusCode).toBe(403);
    expect((await contestOfPhase()).stage).toBe('OPEN');

    const admin = await signedInStaff(t);
    const ended = await endContest(admin.token, { freezeBoards: true });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().message).toBe('The contest has ended. The boards are frozen.');
    const freeze = await t.db
      .selectFrom('boardFreezes')
      .select('revealedAt')
      .where('phaseId', '=', phaseId)
      .executeTakeFirst();
    expect(freeze).toEqual({ revealedAt: null });
  });

  it('lists every phase with its stage for the phases page', async () => {
    const staff = await manager();
    await endContest(staff.token, { resultsReleaseAt: '2030-01-01T10:00:00.000Z' });
    const res = await asStaff(staff.token, 'GET', '/api/admin/phase/contests');
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data.find((c: { phaseId: string }) => c.phaseId === phaseId);
    expect(mine).toMatchObject({ stage: 'CLOSED', resultsReleaseAt: '2030-01-01T10:00:00.000Z' });
    expect(mine.closedAt).not.toBeNull();

    // The flags page names each phase's stage, so a contest flag on an ended phase says so.
    const admin = await signedInStaff(t);
    const options = await asStaff(admin.token, 'GET', '/api/admin/phase/options');
    expect(options.json().data.find((p: { _id: string }) => p._id === phaseId)).toMatchObject({
      contestStage: 'CLOSED',
    });
  });
});
