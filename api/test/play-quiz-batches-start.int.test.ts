import { describe, expect, it } from 'vitest';
import { contestAttemptsOf } from '../../test/helpers.js';
import { insertPlays } from '../src/modules/play-quiz/play-batches.repository.js';
import {
  CROWD,
  call,
  contestQuizId,
  crowd,
  gradeId,
  phaseId,
  type Started,
  startAll,
  t,
} from './play-quiz-batches.fixtures.js';

interface Listed {
  _id: string;
  attemptsLeft: number;
  allowanceUsed: boolean;
  openPlayId: string | null;
}

describe('a crowd starting, fetching and answering at the same instant', () => {
  it('gives each student opening the contest page together their own attempts and play to resume', async () => {
    // Three kinds of child in one crowd: one with a play in progress, one with one attempt left,
    // one with none, and one in another grade (whose page lists nothing of grade 3's).
    const [playing] = await startAll(crowd.slice(0, 1));
    const openPlay = playing!.json<Started>().play._id;
    await t.db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', crowd[1]!.id).execute();
    await t.db.updateTable('students').set({ contestAttempts: 0 }).where('id', '=', crowd[2]!.id).execute();
    const otherGrade = await t.db
      .selectFrom('grades')
      .select('id')
      .where('id', '!=', gradeId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('students')
      .set({ gradeId: otherGrade.id })
      .where('id', '=', crowd[3]!.id)
      .execute();
    try {
      const pages = await Promise.all(
        crowd.map((s) => call(s.token, 'GET', '/api/play-quiz/available?type=CONTEST')),
      );
      expect(pages.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
      const lists = pages.map((r) => r.json<{ data: Listed[] }>().data);
      const contest = (list: Listed[]) => list.find((q) => q._id === contestQuizId);
      expect(contest(lists[0]!)).toMatchObject({ openPlayId: openPlay, attemptsLeft: 1 });
      expect(contest(lists[1]!)).toMatchObject({ openPlayId: null, attemptsLeft: 1 });
      expect(contest(lists[2]!)).toMatchObject({ openPlayId: null, attemptsLeft: 0 });
      expect(contest(lists[3]!)).toBeUndefined();
      for (const list of lists.slice(4)) {
        expect(contest(list)).toMatchObject({ openPlayId: null, attemptsLeft: 2, allowanceUsed: false });
      }
    } finally {
      await t.db.updateTable('students').set({ gradeId }).where('id', '=', crowd[3]!.id).execute();
    }
  });

  it('gives each student their own play, one attempt spent, with its audit entry and event', async () => {
    const responses = await startAll(crowd);
    expect(responses.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    const started = responses.map((r) => r.json<Started>());
    expect(started.every((s) => s.contestAttempts === 1 && !s.resumed)).toBe(true);
    expect(new Set(started.map((s) => s.play._id)).size).toBe(CROWD);

    const plays = await t.db.selectFrom('plays').select(['id', 'studentId']).execute();
    expect(new Map(plays.map((p) => [p.id, p.studentId]))).toEqual(
      new Map(started.map((s, i) => [s.play._id, crowd[i]!.id])),
    );
    const questions = await t.db
      .selectFrom('playQuestions')
      .select(['playId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('playId')
      .execute();
    expect(questions.map((q) => Number(q.n))).toEqual(plays.map(() => 15));
    const attempts = await t.db
      .selectFrom('students')
      .select('contestAttempts')
      .where(
        'id',
        'in',
        crowd.map((s) => s.id),
      )
      .execute();
    expect(attempts.every((a) => a.contestAttempts === 1)).toBe(true);
    const audits = await t.db
      .selectFrom('auditLog')
      .select('targetId')
      .where('action', '=', 'play.startContest')
      .where(
        'targetId',
        'in',
        started.map((s) => s.play._id),
      )
      .execute();
    expect(audits).toHaveLength(CROWD);
    const events = await t.db
      .selectFrom('outboxEvents')
      .select('payload')
      .where('type', '=', 'play.started')
      .execute();
    expect(new Set(events.map((e) => (e.payload as { playId: string }).playId))).toEqual(
      new Set(started.map((s) => s.play._id)),
    );
  });

  it('makes one play from a double tap in the same batch, and the second tap resumes it', async () => {
    const [student] = crowd;
    await t.db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', student!.id).execute();
    const responses = await startAll([student!, student!, ...crowd.slice(1, 10)]);
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const [first, second] = responses.map((r) => r.json<Started>());
    expect(second!.play._id).toBe(first!.play._id);
    expect([first!.resumed, second!.resumed].sort()).toEqual([false, true]);
    const own = await t.db.selectFrom('plays').select('id').where('studentId', '=', student!.id).execute();
    expect(own).toHaveLength(1);
    expect(await contestAttemptsOf(t.db, student!.id)).toBe(0);
  });

  it('starts the others when one student’s last attempt was taken meanwhile', async () => {
    const [unlucky, ...others] = crowd.slice(0, 8);
    const plays = [unlucky!, ...others].map((s) => ({
      id: crypto.randomUUID(),
      studentId: s.id,
      quizId: contestQuizId,
      phaseId,
      gradeId,
      kind: 'CONTEST' as const,
      questions: [],
      secondsPerQuestion: 180,
      spendAttempt: true,
      attemptsBefore: 2,
      originIpHash: null,
      originDeviceHash: null,
    }));
    await t.db.updateTable('students').set({ contestAttempts: 0 }).where('id', '=', unlucky!.id).execute();
    // One statement for all would break the attempts CHECK: it fails whole, writing nothing.
    await expect(insertPlays(t.db, plays)).rejects.toMatchObject({ code: '23514' });
    expect(await t.db.selectFrom('plays').select('id').execute()).toEqual([]);
    // Through the api the batch then starts each alone: the others start, the unlucky one is told.
    const responses = await startAll([unlucky!, ...others]);
    expect(responses[0]!.statusCode).toBe(403);
    expect(responses[0]!.json()).toMatchObject({ code: 'NO_ATTEMPTS' });
    expect(responses.slice(1).map((r) => r.statusCode)).toEqual(others.map(() => 200));
  });
});
