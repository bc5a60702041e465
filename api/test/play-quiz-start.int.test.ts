import { describe, expect, it } from 'vitest';
import { contestAttemptsOf, loginStaff, makeStaff, setFlags } from '../../test/helpers.js';
import {
  call,
  contestQuizId,
  otherToken,
  phaseId,
  practiceQuizId,
  serve,
  start,
  studentId,
  t,
  token,
} from './play-quiz.fixtures.js';

describe('starting a play', () => {
  it('starts a contest with one attempt used, 15 distinct questions in a fixed order, and resumes it on a second start', async () => {
    const first = await start();
    expect(first.resumed).toBe(false);
    expect(first.contestAttempts).toBe(1);
    expect(first.play.questionCount).toBe(15);
    const ids = first.play.questions.map((q) => q._id);
    expect(new Set(ids).size).toBe(15);
    const again = await start();
    expect(again.resumed).toBe(true);
    expect(again.play._id).toBe(first.play._id);
    expect(again.play.questions.map((q) => q._id)).toEqual(ids);
    expect(await contestAttemptsOf(t.db, studentId)).toBe(1);
    // Only eligible questions: the student's grade, the quiz's phase, tagged CONTEST or BOTH, active.
    const drawn = await t.db
      .selectFrom('questions')
      .innerJoin('grades', 'grades.id', 'questions.gradeId')
      .select(['grades.title', 'questions.tag', 'questions.status'])
      .where('questions.id', 'in', ids)
      .execute();
    expect(drawn.every((q) => q.title === 'Grade 3' && q.tag !== 'PRACTICE' && q.status === 'ACTIVE')).toBe(
      true,
    );
  });

  it('sends a start as it is, even to a phone that accepts brotli: a few KB leave in one round trip', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/play-quiz/',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      payload: { quizId: contestQuizId, type: 'CONTEST' },
    });
    expect(res.statusCode).toBe(200);
    // Above the threshold other answers are compressed at (1,400 bytes), below the hot routes' own.
    expect(res.body.length).toBeGreaterThan(1400);
    expect(res.body.length).toBeLessThan(4096);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ play: { questions: unknown[] } }>().play.questions).toHaveLength(15);
  });

  it('makes exactly one play from two simultaneous starts with one attempt left', async () => {
    await t.db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', studentId).execute();
    const [a, b] = await Promise.all([
      call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' }),
      call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().play._id).toBe(b.json().play._id);
    expect([a.json().resumed, b.json().resumed].sort()).toEqual([false, true]);
    const plays = await t.db.selectFrom('plays').select('id').where('studentId', '=', studentId).execute();
    expect(plays).toHaveLength(1);
    expect(await contestAttemptsOf(t.db, studentId)).toBe(0);
    // Practice too: a double tap opens one play of the quiz.
    const [p1, p2] = await Promise.all([
      call('POST', '/api/play-quiz/', { quizId: practiceQuizId, type: 'PRACTICE' }),
      call('POST', '/api/play-quiz/', { quizId: practiceQuizId, type: 'PRACTICE' }),
    ]);
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    expect(p1.json().play._id).toBe(p2.json().play._id);
  });

  it('refuses with a code the client acts on: contest closed, no attempts, incomplete profile, another grade', async () => {
    await setFlags(t.db, {
      isContestQuizEnabled: false,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    let res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'The contest is not open right now.',
      code: 'CONTEST_CLOSED',
    });

    await setFlags(t.db, {
      isContestQuizEnabled: true,
      isPracticeQuizEnabled: true,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    await t.db.updateTable('students').set({ contestAttempts: 0 }).where('id', '=', studentId).execute();
    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(res.json()).toMatchObject({ code: 'NO_ATTEMPTS' });

    await t.db
      .updateTable('students')
      .set({ contestAttempts: 2, schoolName: null })
      .where('id', '=', studentId)
      .execute();
    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PROFILE_INCOMPLETE' });
    await t.db
      .updateTable('students')
      .set({ schoolName: 'Beaconhouse' })
      .where('id', '=', studentId)
      .execute();

    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' }, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'This quiz is not for your grade.' });

    res = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'PRACTICE' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.selectFrom('plays').select('id').execute()).toHaveLength(0);
  });
});

describe('available quizzes and attempt grants', () => {
  it('lists what the student may start now, with attempts left and the play to resume', async () => {
    let list = (await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data;
    expect(list).toEqual([
      expect.objectContaining({ _id: contestQuizId, kind: 'CONTEST', attemptsLeft: 2, openPlayId: null }),
    ]);
    const { play } = await start();
    list = (await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data;
    expect(list[0]).toMatchObject({ attemptsLeft: 1, openPlayId: play._id });
    const practice = (await call('GET', '/api/play-quiz/available?type=PRACTICE')).json().data;
    expect(practice.map((q: { _id: string }) => q._id)).toEqual([practiceQuizId]);
    await setFlags(t.db, {
      isContestQuizEnabled: false,
      contestQuizPhase: phaseId,
      practiceQuizPhase: phaseId,
    });
    expect((await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data).toEqual([]);
    expect((await call('GET', '/api/play-quiz/available?type=SOMETHING')).statusCode).toBe(400);
  });

  it('tells the kinds of question the grade draws, and when the contest’s own allowance is spent', async () => {
    let [contest] = (await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data;
    // Grade 3's demo pool holds typed-answer questions beside multiple-choice ones.
    expect(contest).toMatchObject({ answerKinds: { choice: true, typed: true }, allowanceUsed: false });
    // Two plays of a contest that allows two, with attempts still on the account: buying more would not help.
    await t.db.updateTable('students').set({ contestAttempts: 5 }).where('id', '=', studentId).execute();
    for (const _ of [1, 2]) {
      const { play } = await start();
      await t.db
        .updateTable('plays')
        .set({ status: 'FINISHED', finishedAt: new Date() })
        .where('id', '=', play._id)
        .execute();
    }
    [contest] = (await call('GET', '/api/play-quiz/available?type=CONTEST')).json().data;
    expect(contest).toMatchObject({ attemptsLeft: 0, allowanceUsed: true });
  });

  it('lets staff with student:update grant attempts with a reason, audited; others get 403', async () => {
    const admin = await makeStaff(t.db, { permissions: [['student', 'update']] });
    const adminToken = (await loginStaff(t.app, admin)).accessToken;
    const grant = (body: object, as = adminToken) => call('POST', '/api/contestAttempts/create', body, as);
    const ok = await grant({ studentId, attempts: 3, reason: 'Paid at the school office' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ contestAttempts: 5 });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'details'])
      .where('action', '=', 'student.grantAttempts')
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ from: 2, to: 5, reason: 'Paid at the school office' });
    const tooMany = await grant({ studentId, attempts: -6, reason: 'Refund' });
    expect(tooMany.statusCode).toBe(400);
    expect((await grant({ studentId, attempts: 1, reason: '' })).json().message).toMatch(/^reason: /);
    const reader = await makeStaff(t.db, { permissions: [['student', 'read']] });
    const readerToken = (await loginStaff(t.app, reader)).accessToken;
    expect((await grant({ studentId, attempts: 1, reason: 'Nope' }, readerToken)).statusCode).toBe(403);
    // A student token is not a staff token.
    expect((await grant({ studentId, attempts: 1, reason: 'Myself' }, token)).statusCode).toBe(401);
  });
});

describe('a deactivated student', () => {
  it('is refused within five seconds, even mid-contest', async () => {
    const { play } = await start();
    await t.db.updateTable('students').set({ isActive: false }).where('id', '=', studentId).execute();
    try {
      await new Promise((resolve) => setTimeout(resolve, 5100));
      const res = await serve(play._id, play.questions[0]!._id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    } finally {
      await t.db.updateTable('students').set({ isActive: true }).where('id', '=', studentId).execute();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
