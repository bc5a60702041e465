import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
} from '../../loadtest/src/contest-fixtures.js';
import { openStudentSessions } from '../../loadtest/src/student-tokens.js';
import { bullPrefix } from '@riyazi/api/queue';
import { deleteRedisKeys, resetDatabase, useTestContext } from '../../test/helpers.js';
import { exited, startService, waitFor } from '../../test/processes.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../src/runtime.js';

// A workers process SIGTERMed while its scoring jobs are running finishes them before it exits:
// every answer is scored exactly once, and what it had not taken is done by another worker.

const t = useTestContext();
const STUDENTS = 12;
let others: RunningWorkers | undefined;
/** What a failed attempt leaves running (the held lock, the process), undone before a retry. */
let undo: (() => Promise<void> | void)[] = [];

/**
 * Twelve students answer the whole contest through the api while no worker runs, so their scoring
 * jobs wait. The queues start empty: jobs an earlier test file left on this Redis prefix would
 * otherwise be the active ones, finish at once without the held plays, and let the process exit early.
 * Part of the test, not a beforeAll, so that a retry starts from scratch.
 */
async function answeredContests(): Promise<string[]> {
  await deleteRedisKeys(t.redis, bullPrefix(t.config.REDIS_PREFIX));
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const { gradeId, quizId } = await openContest(t.db, 'Grade 3');
  const ids = await createVirtualStudents(t.db, gradeId, STUDENTS, 'worker-drain');
  const tokens = await openStudentSessions(t.db, t.config.JWT_SECRET, ids);
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  return Promise.all(
    tokens.map(async (token) => {
      const started = await call(token, 'POST', '/api/play-quiz/', { quizId, type: 'CONTEST' });
      const { play } = started.json<{ play: { _id: string; questions: { _id: string }[] } }>();
      for (const { _id: questionId } of play.questions) {
        const served = await call(
          token,
          'GET',
          `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`,
        );
        const answers = randomAnswer(served.json<ServedQuestion>());
        const submitted = await call(token, 'POST', '/api/play-quiz/question/submit-answer', {
          playId: play._id,
          questionId,
          answers,
        });
        expect(submitted.statusCode).toBe(200);
      }
      return play._id;
    }),
  );
}

afterEach(async () => {
  for (const step of undo.reverse()) {
    await step();
  }
  undo = [];
  await others?.close();
  others = undefined;
});

describe('graceful stop of a workers process', () => {
  it('SIGTERM while scoring jobs run: they finish, the process exits 0, every answer is scored once', async () => {
    const playIds = await answeredContests();
    // Hold the plays so the scoring statement waits: the jobs are active when the signal comes.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM plays WHERE id = ANY(${playIds}::uuid[]) FOR UPDATE`.execute(trx);
      locked();
      await released;
    });
    undo.push(async () => {
      release();
      await holder;
    });
    await isLocked;

    const workers = startService('workers/src/main.ts', { LOG_LEVEL: 'info' });
    undo.push(() => {
      if (workers.child.exitCode === null && workers.child.signalCode === null) {
        workers.child.kill('SIGKILL');
      }
    });
    await waitFor('the workers to start', () => workers.output().includes('workers started'), 30_000);
    await waitFor(
      'scoring jobs to be active',
      async () => (await t.queues.scoring.getActiveCount()) > 0,
      20_000,
    );
    const exitCode = exited(workers.child);
    workers.child.kill('SIGTERM');
    await waitFor('the shutdown to begin', () => workers.output().includes('workers shutting down'), 10_000);
    // Still waiting for its active jobs.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(workers.child.exitCode).toBeNull();
    release();
    await holder;
    expect(await exitCode, workers.output()).toBe(0);
    expect(await t.queues.scoring.getActiveCount()).toBe(0);
    expect(await t.queues.scoring.getFailedCount()).toBe(0);

    // Whatever the stopped process had not taken, another worker does.
    others = await startTestWorkers(t);
    const { rows } = await waitFor('every play to be finished and scored', async () => {
      const result = await sql<{ open: number; unscored: number; mismatched: number; answers: number }>`
        SELECT count(*) FILTER (WHERE p.status <> 'FINISHED')::int AS open,
               coalesce(sum(s.rows - s.scored), 0)::int AS unscored,
               count(*) FILTER (WHERE p.score <> s.score OR p.scored_count <> s.scored
                                  OR p.correct_count <> s.correct)::int AS mismatched,
               coalesce(sum(s.rows), 0)::int AS answers
        FROM plays p
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(a.score), 0) AS score, count(a.scored_at)::int AS scored,
                 count(*) FILTER (WHERE a.is_correct)::int AS correct, count(*)::int AS rows
          FROM play_answers a WHERE a.play_id = p.id) s
        WHERE p.id = ANY(${playIds}::uuid[])`.execute(t.db);
      return result.rows[0]!.open === 0 && result.rows[0]!.unscored === 0 ? result : false;
    });
    expect(rows[0]).toEqual({ open: 0, unscored: 0, mismatched: 0, answers: STUDENTS * 15 });
  }, 240_000);
});
