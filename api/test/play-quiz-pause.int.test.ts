import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PlayClock, ServedWithTimer } from '../src/contracts/play-quiz.js';
import { call, otherToken, serve, start, submit, sweepUntilQuiet, t } from './play-quiz.fixtures.js';

const pause = (playId: string, as?: string) => call('POST', '/api/play-quiz/pause', { playId }, as);
const resume = (playId: string) => call('POST', '/api/play-quiz/resume', { playId });

describe('pausing a practice play on the server', () => {
  it('keeps the question paused with its time left for every device until it is resumed', async () => {
    const { play } = await start('PRACTICE');
    const first = play.questions[0]!._id;
    expect((await serve(play._id, first)).statusCode).toBe(200);

    const paused = await pause(play._id);
    expect(paused.statusCode, paused.body).toBe(200);
    const atPause = paused.json<PlayClock>().pausedRemainingMs;
    expect(atPause).toBeGreaterThan(170_000);
    // Pausing again changes nothing.
    expect((await pause(play._id)).json<PlayClock>().pausedRemainingMs).toBe(atPause);

    // Time passes (the pause is moved 30 s into the past): another device still reads the paused time.
    await sql`UPDATE play_questions SET paused_at = paused_at - interval '30 seconds',
      served_at = served_at - interval '30 seconds', deadline_at = deadline_at - interval '30 seconds'
      WHERE play_id = ${play._id}`.execute(t.db);
    const elsewhere = (await serve(play._id, first)).json<ServedWithTimer>();
    expect(elsewhere.pausedRemainingMs).toBe(atPause);

    const resumed = await resume(play._id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const clock = resumed.json<PlayClock>();
    expect(clock.pausedRemainingMs).toBeNull();
    // The deadline moved on by the pause: the time left is what it was when paused.
    expect(Math.abs(clock.remainingMs - (atPause ?? 0))).toBeLessThan(2000);
    const again = (await serve(play._id, first)).json<ServedWithTimer>();
    expect(again.pausedRemainingMs).toBeNull();
    expect(again.deadline).toBe(clock.deadline);
  });

  it('refuses a contest, a play that is not theirs and a question not yet served', async () => {
    const practice = await start('PRACTICE');
    const notServed = await pause(practice.play._id);
    expect(notServed.statusCode).toBe(409);
    expect(notServed.json<{ code: string }>().code).toBe('NOT_SERVED');
    await serve(practice.play._id, practice.play.questions[0]!._id);
    expect((await pause(practice.play._id, otherToken)).statusCode).toBe(404);

    const contest = await start('CONTEST');
    await serve(contest.play._id, contest.play.questions[0]!._id);
    const refused = await pause(contest.play._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('CONTEST_NOT_PAUSABLE');
    const [row] = await t.db
      .selectFrom('playQuestions')
      .select('pausedAt')
      .where('playId', '=', contest.play._id)
      .where('position', '=', 0)
      .execute();
    expect(row?.pausedAt).toBeNull();
  });
});

describe('a question whose time ran out', () => {
  it('is named when the next one is served, and only then', async () => {
    const { play } = await start('CONTEST');
    const [q0, q1, q2] = play.questions.map((q) => q._id);
    await serve(play._id, q0!);
    await submit(play._id, q0!, []);
    expect((await serve(play._id, q1!)).json<ServedWithTimer>().ranOut).toEqual([]);
    // Question 2 runs out while the tab is closed; the sweep closes it.
    await sql`UPDATE play_questions SET served_at = now() - interval '200 seconds',
      deadline_at = now() - interval '20 seconds' WHERE play_id = ${play._id} AND position = 1`.execute(t.db);
    await sql`UPDATE plays SET clock_deadline_at = now() - interval '20 seconds' WHERE id = ${play._id}`.execute(
      t.db,
    );
    await sweepUntilQuiet();
    const next = (await serve(play._id, q2!)).json<ServedWithTimer>();
    expect(next.index).toBe(2);
    expect(next.ranOut).toEqual([1]);
    // An empty answer sent in time did not run out.
    await submit(play._id, q2!, []);
    expect((await serve(play._id, play.questions[3]!._id)).json<ServedWithTimer>().ranOut).toEqual([]);
  });
});
