// One contest-day student as contest-day.ts plays it (contest page, start, questions with think
// time, results until scored), the figures it keeps and how they are reported, and the virtual
// students removed afterwards.
import { recomputeStandings } from '@riyazi/api/rankings';
import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import { randomAnswer, type ServedQuestion } from './contest-fixtures.js';
import { request } from './http-client.js';
import { sleep } from './own-stack.js';
import { summarize } from './stats.js';

/** What a measured run collected: latencies per step, errors per step and status, starts, answers. */
export interface Played {
  samples: Map<string, number[]>;
  errors: Map<string, number>;
  startedAt: number[];
  answersAcked: number;
}

export const newPlayed = (): Played => ({
  samples: new Map(),
  errors: new Map(),
  startedAt: [],
  answersAcked: 0,
});
export const sample = (p: Played, name: string, ms: number) =>
  p.samples.set(name, [...(p.samples.get(name) ?? []), ms]);
export const fail = (p: Played, name: string, status: number) => {
  const key = `${name} ${status}`;
  p.errors.set(key, (p.errors.get(key) ?? 0) + 1);
};

/**
 * One question: fetch it, think, answer a random option. A submit that never got an answer is
 * retried, as a real client does (the api is idempotent). False when a request failed.
 */
export async function answerQuestion(
  base: string,
  p: Played,
  token: string,
  playId: string,
  questionId: string,
  thinkMs: number,
  label = 'question',
) {
  let t = performance.now();
  const served = await request(
    base,
    'GET',
    `/api/play-quiz/question?playId=${playId}&questionId=${questionId}`,
    token,
  );
  sample(p, label, performance.now() - t);
  if (served.status !== 200) {
    fail(p, 'question', served.status);
    return false;
  }
  const body = { playId, questionId, answers: randomAnswer(served.body as ServedQuestion), timeTaken: 1000 };
  if (thinkMs > 0) {
    await sleep(thinkMs);
  }
  t = performance.now();
  const submitted = await submitWithRetry(base, token, body);
  sample(p, 'submit-answer', performance.now() - t);
  if (submitted.status !== 200) {
    fail(p, 'submit-answer', submitted.status);
    return false;
  }
  p.answersAcked += 1;
  return true;
}

/**
 * How a virtual phone answers: `combined` as the client does (each answer's acknowledgement brings
 * the next question: one request per question), `separate` as older clients do (fetch, then answer).
 */
export type AnswerCalls = 'combined' | 'separate';

export const answerCallsOf = (value: string): AnswerCalls => {
  if (value !== 'combined' && value !== 'separate') {
    throw new Error(`--answers must be combined or separate, not ${value}`);
  }
  return value;
};

/** Sends an answer again while it got no response at all (status 0), as a phone does. */
async function submitWithRetry(base: string, token: string, body: object) {
  let submitted = await request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body);
  for (let retry = 0; submitted.status === 0 && retry < 5; retry += 1) {
    await sleep(500 * 2 ** retry);
    submitted = await request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body);
  }
  return submitted;
}

/**
 * Questions `questionIds` of a play in order: with `separate` calls each is fetched, thought about
 * and answered; with `combined` the first is fetched and every answer (includeNext) brings the next.
 * Stops early once `stop()` says so. False when a request failed.
 */
export async function answerQuestions(
  base: string,
  p: Played,
  token: string,
  playId: string,
  questionIds: string[],
  options: { calls: AnswerCalls; think: () => number; firstLabel?: string; stop?: () => boolean },
): Promise<boolean> {
  const { calls, think, stop = () => false } = options;
  const labelOf = (index: number) => (index === 0 ? (options.firstLabel ?? 'question') : 'question 2–15');
  if (calls === 'separate') {
    for (const [index, questionId] of questionIds.entries()) {
      if (stop() || !(await answerQuestion(base, p, token, playId, questionId, think(), labelOf(index)))) {
        return !stop();
      }
    }
    return true;
  }
  let served: ServedQuestion | null = null;
  for (const [index, questionId] of questionIds.entries()) {
    if (stop()) {
      return true;
    }
    if (served === null) {
      // The first question (or one the last acknowledgement could not bring) is asked for.
      const t = performance.now();
      const res = await request(
        base,
        'GET',
        `/api/play-quiz/question?playId=${playId}&questionId=${questionId}`,
        token,
      );
      sample(p, labelOf(index), performance.now() - t);
      if (res.status !== 200) {
        fail(p, 'question', res.status);
        return false;
      }
      served = res.body as ServedQuestion;
    }
    const thinkMs = think();
    if (thinkMs > 0) {
      await sleep(thinkMs);
    }
    const t = performance.now();
    const submitted = await submitWithRetry(base, token, {
      playId,
      questionId,
      answers: randomAnswer(served),
      timeTaken: 1000,
      includeNext: true,
    });
    sample(p, 'answer + next question', performance.now() - t);
    if (submitted.status !== 200) {
      fail(p, 'answer + next question', submitted.status);
      return false;
    }
    p.answersAcked += 1;
    served = (submitted.body as { next?: ServedQuestion | null }).next ?? null;
  }
  return true;
}

/** One virtual student: start, 15 × (fetch, think, answer), results until scored. */
export async function student(
  base: string,
  { connections, questions, calls }: { connections: string; questions: number; calls: AnswerCalls },
  p: Played,
  token: string,
  quizId: string,
  think: () => number,
  startGate: Promise<void>,
  t0: () => number,
  warmed: () => void,
) {
  if (connections === 'warm') {
    // The contest page the student is on: it lists the quiz and its attempts.
    const page = await request(base, 'GET', '/api/play-quiz/available?type=CONTEST', token);
    if (page.status !== 200) {
      fail(p, 'contest page', page.status);
    }
  }
  warmed();
  await startGate;
  let t = performance.now();
  const started = await request(base, 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' });
  sample(p, 'start', performance.now() - t);
  if (started.status !== 200) {
    fail(p, 'start', started.status);
    return;
  }
  p.startedAt.push(Date.now() - t0());
  const play = (started.body as { play: { _id: string; questions: { _id: string }[] } }).play;
  const answering = play.questions.slice(0, questions);
  // The first fetch comes with the start burst; later ones are spread by thinking.
  const ids = answering.map((q) => q._id);
  if (!(await answerQuestions(base, p, token, play._id, ids, { calls, think, firstLabel: 'question 1' }))) {
    return;
  }
  if (answering.length < play.questions.length) {
    return;
  }
  const finishedAt = performance.now();
  for (let poll = 0; poll < 120; poll += 1) {
    t = performance.now();
    const results = await request(base, 'POST', '/api/play-quiz/results', token, { playId: play._id });
    sample(p, 'results', performance.now() - t);
    if (results.status !== 200) {
      fail(p, 'results', results.status);
      return;
    }
    if (!(results.body as { play: { pending: boolean } }).play.pending) {
      sample(p, 'finish → scored', performance.now() - finishedAt);
      return;
    }
    await sleep(500);
  }
  fail(p, 'results still pending after 60 s', 0);
}

export function report(title: string, p: Played, seconds: number) {
  console.log(`\n${title} (${seconds.toFixed(1)} s)`);
  for (const [name, samples] of p.samples) {
    const s = summarize(samples);
    console.log(
      `  ${name.padEnd(16)} n=${String(s.count).padStart(6)}  p50 ${s.median.toFixed(0).padStart(5)} ms  p95 ${s.p95.toFixed(0).padStart(5)} ms  p99 ${s.p99.toFixed(0).padStart(5)} ms  max ${s.max.toFixed(0).padStart(6)} ms  ${(s.count / seconds).toFixed(0).padStart(5)}/s`,
    );
  }
  const errors = [...p.errors.entries()];
  console.log(`  errors: ${errors.length === 0 ? 0 : errors.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
}

/** Waits (at most a minute) until the scoring worker has scored these students' answers. */
export async function untilScored(db: Db, studentIds: string[]) {
  for (let waited = 0; waited < 60; waited += 1) {
    const open = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM play_answers a JOIN plays p ON p.id = a.play_id
      WHERE p.student_id = ANY(${studentIds}::uuid[]) AND a.scored_at IS NULL`.execute(db);
    if (open.rows[0]!.n === 0) {
      return;
    }
    await sleep(1000);
  }
}

export async function scoringLag(db: Db, studentIds: string[]) {
  // Let the scoring worker catch up first.
  await untilScored(db, studentIds);
  const row = await sql<{ n: string; p50: number; p95: number; p99: number; max: number }>`
    SELECT count(*) AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95,
      percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99,
      max(ms) AS max
    FROM (
      SELECT extract(epoch FROM (a.scored_at - a.answered_at)) * 1000 AS ms
      FROM play_answers a JOIN plays p ON p.id = a.play_id
      WHERE p.student_id = ANY(${studentIds}::uuid[]) AND a.outcome = 'ANSWERED'
    ) lag`.execute(db);
  const r = row.rows[0]!;
  console.log(
    `  scoring lag (answer acknowledged → score written), n=${r.n}: p50 ${Math.round(r.p50)} ms  p95 ${Math.round(r.p95)} ms  p99 ${Math.round(r.p99)} ms  max ${Math.round(r.max)} ms`,
  );
}

/** Plays left open on purpose would otherwise be closed one deadline at a time for 45 minutes. */
export const cancelOpenPlays = (db: Db, studentIds: string[]) =>
  db
    .updateTable('plays')
    .set({ status: 'CANCELLED', clockDeadlineAt: null })
    .where('studentId', 'in', studentIds)
    .where('status', '=', 'IN_PROGRESS')
    .execute();

/**
 * Deletes the virtual students e-mailed `<emailPrefix>…@loadtest.invalid` and their plays, and
 * ranks their boards again.
 */
export async function removeVirtualStudents(db: Db, emailPrefix: string) {
  const pattern = `${emailPrefix}%@loadtest.invalid`;
  const boards = await sql<{ phaseId: string; gradeId: string }>`
    SELECT DISTINCT p.phase_id AS "phaseId", p.grade_id AS "gradeId" FROM plays p
    JOIN students s ON s.id = p.student_id WHERE s.email LIKE ${pattern}`.execute(db);
  for (;;) {
    const batch = await sql<{ id: string }>`
      SELECT id FROM students WHERE email LIKE ${pattern} LIMIT 2000`.execute(db);
    if (batch.rows.length === 0) {
      break;
    }
    const ids = batch.rows.map((row) => row.id);
    // The ranking worker may be writing these students' standings: PostgreSQL then picks one side
    // as a deadlock victim (40P01), and the same delete goes through on the next try.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await sql`DELETE FROM plays WHERE student_id = ANY(${ids}::uuid[])`.execute(db);
        await sql`DELETE FROM students WHERE id = ANY(${ids}::uuid[])`.execute(db);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt === 5) {
          throw err;
        }
      }
    }
  }
  for (const board of boards.rows) {
    await recomputeStandings(db, board.phaseId, board.gradeId);
  }
}
