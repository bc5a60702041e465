// Contest day on one machine: N virtual students start the same contest at the same second, fetch
// and answer its 15 questions with think time, and fetch their results; then the same api is
// driven without think time and compared with a bare Fastify route (one INSERT + one queue add)
// on the same PostgreSQL and Redis. The product must be running (npm start) against DATABASE_URL.
//
//   npx tsx loadtest/src/contest-day.ts --students 1000 --think 1000:3000 --saturate 100
//   npx tsx loadtest/src/contest-day.ts --students 10000 --questions 1 --saturate 0 --burst-baseline
//
// k6 twin for ops: loadtest/k6/contest-day.js.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { recomputeStandings } from '@riyazi/api/rankings';
import { createDb, type Db } from '@riyazi/db';
import { sql } from 'kysely';
import { createVirtualStudents, openContest, randomAnswer, type ServedQuestion } from './contest-fixtures.js';
import { request } from './http-client.js';
import { summarize } from './stats.js';
import { openStudentSessions } from './student-tokens.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    think: { type: 'string', default: '1000:3000' },
    saturate: { type: 'string', default: '200' },
    'saturate-seconds': { type: 'string', default: '10' },
    // Turns of product and baseline in the saturated measurement.
    rounds: { type: 'string', default: '3' },
    // Keep the virtual students and their plays afterwards (by default they are deleted, so runs
    // do not pile plays up in one grade and make every later ranking slower than a real contest's).
    keep: { type: 'boolean', default: false },
    base: { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3000' },
    grade: { type: 'string', default: 'Grade 3' },
    // Answer only the first N questions of each play (e.g. 1 to measure the start burst alone).
    questions: { type: 'string', default: '15' },
    // Also send the same burst to the bare baseline route: the floor this machine sets.
    'burst-baseline': { type: 'boolean', default: false },
    // warm: each student's phone has its connection open when Start is pressed (it loaded the
    // contest page a moment before, as a real one does); cold: every Start opens a new connection.
    connections: { type: 'string', default: 'warm' },
  },
});

const config = loadConfig(process.env);
const base = values.base;
const [thinkMin, thinkMax] = values.think.split(':').map(Number) as [number, number];
const RUN = Date.now().toString(36);

interface Played {
  samples: Map<string, number[]>;
  errors: Map<string, number>;
  startedAt: number[];
  answersAcked: number;
}

const newPlayed = (): Played => ({ samples: new Map(), errors: new Map(), startedAt: [], answersAcked: 0 });
const sample = (p: Played, name: string, ms: number) =>
  p.samples.set(name, [...(p.samples.get(name) ?? []), ms]);
const fail = (p: Played, name: string, status: number) => {
  const key = `${name} ${status}`;
  p.errors.set(key, (p.errors.get(key) ?? 0) + 1);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let batch = 0;

async function setup(db: Db, count: number) {
  batch += 1;
  const { gradeId, quizId } = await openContest(db, values.grade);
  const studentIds = await createVirtualStudents(db, gradeId, count, `load-${RUN}-${batch}`);
  return { quizId, studentIds };
}

/**
 * A contest play for each of `count` new virtual students, started before any clock runs, `vus` at a
 * time; `prepare` may do more per play (fetch its first question). The plays that started.
 */
async function startedPlays<T>(
  db: Db,
  count: number,
  vus: number,
  prepare: (play: { token: string; playId: string; questionIds: string[] }) => Promise<T | null>,
) {
  const { quizId, studentIds } = await setup(db, count);
  const tokens = await openStudentSessions(db, config.JWT_SECRET, studentIds);
  const plays: T[] = [];
  for (let from = 0; from < tokens.length; from += vus) {
    await Promise.all(
      tokens.slice(from, from + vus).map(async (token) => {
        const started = await request(base, 'POST', '/api/play-quiz/', token, { quizId, type: 'CONTEST' });
        const play = (started.body as { play?: { _id: string; questions: { _id: string }[] } }).play;
        const prepared =
          started.status === 200 && play
            ? await prepare({ token, playId: play._id, questionIds: play.questions.map((q) => q._id) })
            : null;
        if (prepared !== null) {
          plays.push(prepared);
        }
      }),
    );
  }
  return { plays, studentIds };
}

/**
 * One question: fetch it, think, answer a random option. A submit that never got an answer is
 * retried, as a real client does (the api is idempotent). False when a request failed.
 */
async function answerQuestion(
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
  let submitted = await request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body);
  for (let retry = 0; submitted.status === 0 && retry < 5; retry += 1) {
    await sleep(500 * 2 ** retry);
    submitted = await request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body);
  }
  sample(p, 'submit-answer', performance.now() - t);
  if (submitted.status !== 200) {
    fail(p, 'submit-answer', submitted.status);
    return false;
  }
  p.answersAcked += 1;
  return true;
}

/** One virtual student: start, 15 × (fetch, think, answer), results until scored. */
async function student(
  p: Played,
  token: string,
  quizId: string,
  think: () => number,
  startGate: Promise<void>,
  t0: () => number,
  warmed: () => void,
) {
  if (values.connections === 'warm') {
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
  const answering = play.questions.slice(0, Number(values.questions));
  for (const [index, q] of answering.entries()) {
    // The first fetch comes with the start burst; later ones are spread by thinking.
    const label = index === 0 ? 'question 1' : 'question 2–15';
    if (!(await answerQuestion(p, token, play._id, q._id, think(), label))) {
      return;
    }
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

function report(title: string, p: Played, seconds: number) {
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

async function scoringLag(db: Db, studentIds: string[]) {
  // Let the scoring worker catch up first (at most a minute).
  for (let waited = 0; waited < 60; waited += 1) {
    const open = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM play_answers a JOIN plays p ON p.id = a.play_id
      WHERE p.student_id = ANY(${studentIds}::uuid[]) AND a.scored_at IS NULL`.execute(db);
    if (open.rows[0]!.n === 0) {
      break;
    }
    await sleep(1000);
  }
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
const cancelOpenPlays = (db: Db, studentIds: string[]) =>
  db
    .updateTable('plays')
    .set({ status: 'CANCELLED', clockDeadlineAt: null })
    .where('studentId', 'in', studentIds)
    .where('status', '=', 'IN_PROGRESS')
    .execute();

async function contestDay(db: Db, count: number) {
  const { quizId, studentIds } = await setup(db, count);
  const tokens = await openStudentSessions(db, config.JWT_SECRET, studentIds);
  const p = newPlayed();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let t0 = 0;
  let ready = 0;
  let allReady: () => void = () => {};
  const everyoneReady = new Promise<void>((resolve) => {
    allReady = resolve;
  });
  const runs = tokens.map((token) =>
    student(
      p,
      token,
      quizId,
      () => thinkMin + randomInt(Math.max(1, thinkMax - thinkMin + 1)),
      gate,
      () => t0,
      () => {
        ready += 1;
        if (ready === tokens.length) {
          allReady();
        }
      },
    ),
  );
  await everyoneReady;
  t0 = Date.now();
  release();
  await Promise.all(runs);
  const seconds = (Date.now() - t0) / 1000;
  report(
    `contest day: ${count} students, think ${thinkMin}–${thinkMax} ms, ${values.connections} connections`,
    p,
    seconds,
  );
  const lastStart = Math.max(...p.startedAt) / 1000;
  console.log(
    `  all ${p.startedAt.length} plays started within ${lastStart.toFixed(1)} s (${(p.startedAt.length / lastStart).toFixed(0)} starts/s); answers acknowledged: ${p.answersAcked}`,
  );
  await scoringLag(db, studentIds);
  if (Number(values.questions) < 15) {
    await cancelOpenPlays(db, studentIds);
  }
  return studentIds;
}

/**
 * Closed loop without think time: how many answers per second the api takes. The plays are started
 * before the clock runs (the baseline has no set-up either); each virtual student then fetches and
 * answers questions back to back, so one answer is two requests (serve + submit).
 */
async function saturateAnswers(db: Db, vus: number, seconds: number) {
  const { plays, studentIds } = await startedPlays(db, vus * 10, vus, async (play) => play);
  const p = newPlayed();
  const deadline = Date.now() + seconds * 1000;
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: vus }, async () => {
      while (Date.now() < deadline && next < plays.length) {
        const { token, playId, questionIds } = plays[next++]!;
        for (const questionId of questionIds) {
          if (Date.now() >= deadline || !(await answerQuestion(p, token, playId, questionId, 0))) {
            break;
          }
        }
      }
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  report(`api without think time: ${vus} concurrent students, plays started beforehand`, p, elapsed);
  if (next >= plays.length) {
    console.log('  (ran out of plays before the time was up: raise --saturate or lower --saturate-seconds)');
  }
  await scoringLag(db, studentIds);
  await cancelOpenPlays(db, studentIds);
  return p.answersAcked / elapsed;
}

/**
 * The submit-answer endpoint alone, closed loop without think time: every play's current question is
 * served before the clock runs (a play has one answerable question at a time), then each virtual
 * student submits an answer for one play after another. Submits per second.
 */
async function saturateSubmits(db: Db, vus: number, seconds: number) {
  const { plays: ready, studentIds } = await startedPlays(db, vus * 80, vus, async (play) => {
    const questionId = play.questionIds[0];
    const served = questionId
      ? await request(
          base,
          'GET',
          `/api/play-quiz/question?playId=${play.playId}&questionId=${questionId}`,
          play.token,
        )
      : null;
    return served?.status === 200
      ? {
          token: play.token,
          body: {
            playId: play.playId,
            questionId,
            answers: randomAnswer(served.body as ServedQuestion),
            timeTaken: 1000,
          },
        }
      : null;
  });
  const p = newPlayed();
  const deadline = Date.now() + seconds * 1000;
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: vus }, async () => {
      while (Date.now() < deadline && next < ready.length) {
        const { token, body } = ready[next++]!;
        const t = performance.now();
        const res = await request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body);
        sample(p, 'submit-answer', performance.now() - t);
        if (res.status === 200) {
          p.answersAcked += 1;
        } else {
          fail(p, 'submit-answer', res.status);
        }
      }
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  report(`submit-answer alone: ${vus} concurrent students, each question served beforehand`, p, elapsed);
  if (next >= ready.length) {
    console.log('  (ran out of served questions before the time was up: lower --saturate-seconds)');
  }
  await cancelOpenPlays(db, studentIds);
  return p.answersAcked / elapsed;
}

/** Runs fn against a bare Fastify route doing one INSERT + one queue add (baseline-server.ts). */
async function withBaseline<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const port = 3900 + randomInt(90);
  const child = spawn(
    path.resolve(here, '../../node_modules/.bin/tsx'),
    [path.join(here, 'baseline-server.ts')],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const baselineRequest = (url: string) =>
  request(url, 'POST', '/baseline', null, { playId: 'x', answers: ['a'] });

/** The same closed loop against the bare route (at `url`, started by withBaseline). */
async function baseline(url: string, vus: number, seconds: number) {
  {
    const samples: number[] = [];
    let errors = 0;
    const deadline = Date.now() + seconds * 1000;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: vus }, async () => {
        while (Date.now() < deadline) {
          const t = performance.now();
          const res = await baselineRequest(url);
          samples.push(performance.now() - t);
          if (res.status !== 200) {
            errors += 1;
          }
        }
      }),
    );
    const elapsed = (Date.now() - t0) / 1000;
    const s = summarize(samples);
    console.log(
      `\nbaseline (bare Fastify: 1 INSERT + 1 queue add), ${vus} concurrent: ${(s.count / elapsed).toFixed(0)} req/s  p50 ${s.median.toFixed(0)} ms  p99 ${s.p99.toFixed(0)} ms  errors ${errors}`,
    );
    return s.count / elapsed;
  }
}

/**
 * The start burst's floor: the same number of clients hit the bare route at the same instant, each
 * with a second request as soon as the first is answered (as a start is followed by the first
 * question). Whatever the product reaches, this machine cannot do better than this.
 */
async function baselineBurst(count: number) {
  return withBaseline(async (url) => {
    // All clients send at t0, so a first request's latency is also when it was answered.
    const first: number[] = [];
    let errors = 0;
    const why = new Map<string, number>();
    if (values.connections === 'warm') {
      // As in the product's burst: every client's connection is open before t0.
      await Promise.all(Array.from({ length: count }, () => request(url, 'GET', '/health', null)));
    }
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: count }, async () => {
        for (let k = 0; k < 2; k += 1) {
          const res = await baselineRequest(url);
          if (k === 0) {
            first.push(performance.now() - t0);
          }
          if (res.status !== 200) {
            errors += 1;
            const key = `${res.status} ${JSON.stringify(res.body).slice(0, 80)}`;
            why.set(key, (why.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    for (const [key, n] of why) {
      console.log(`  baseline error ×${n}: ${key}`);
    }
    const s = summarize(first);
    console.log(
      `\nbaseline burst (bare route, ${count} clients at once, ${values.connections} connections, 2 requests each): all first requests answered within ${(s.max / 1000).toFixed(1)} s (${(count / (s.max / 1000)).toFixed(0)}/s); first request p50 ${s.median.toFixed(0)} ms  p99 ${s.p99.toFixed(0)} ms; errors ${errors}`,
    );
  });
}

/** Deletes this run's virtual students (e-mails load-<run>-…@loadtest.invalid), their plays, and re-ranks. */
async function removeVirtualStudents(db: Db) {
  const pattern = `load-${RUN}-%@loadtest.invalid`;
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
  console.log('\nvirtual students and their plays removed (--keep keeps them)');
}

const db = createDb({ connectionString: config.DATABASE_URL, max: 10 });
try {
  const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
  console.log(
    `net.core.somaxconn ${somaxconn}${somaxconn < Number(values.students) ? ' (below the students at once: a cold burst overflows the accept queue and waits for SYN retries)' : ''}`,
  );
  const students = Number(values.students);
  if (students > 0) {
    await contestDay(db, students);
    if (values['burst-baseline']) {
      await baselineBurst(students);
    }
  }
  const vus = Number(values.saturate);
  if (vus > 0) {
    const seconds = Number(values['saturate-seconds']);
    // Product and baseline take turns, so what the machine is doing (autovacuum after a round,
    // a checkpoint, other work) falls on both alike; the figures are the medians of the rounds.
    const rounds = await withBaseline(async (url) => {
      const measured: { answers: number; submits: number; baseline: number }[] = [];
      for (let round = 1; round <= Number(values.rounds); round += 1) {
        console.log(`\n── round ${round} of ${values.rounds}`);
        const answers = await saturateAnswers(db, vus, seconds);
        const submits = await saturateSubmits(db, vus, seconds / 2);
        measured.push({ answers, submits, baseline: await baseline(url, vus, seconds) });
      }
      return measured;
    });
    const median = (pick: (r: (typeof rounds)[number]) => number) => summarize(rounds.map(pick)).median;
    const answersPerSecond = median((r) => r.answers);
    const submitsPerSecond = median((r) => r.submits);
    const baselinePerSecond = median((r) => r.baseline);
    console.log(
      `\nrounds: ${rounds.map((r) => `${r.answers.toFixed(0)} answers/s, ${r.submits.toFixed(0)} submits/s vs ${r.baseline.toFixed(0)} req/s`).join('; ')}`,
    );
    console.log(
      `medians: submit-answer alone ${submitsPerSecond.toFixed(0)}/s vs baseline ${baselinePerSecond.toFixed(0)} req/s: ratio ${(submitsPerSecond / baselinePerSecond).toFixed(2)} (target ≥ 0.5)`,
    );
    console.log(
      `         whole answers (serve + submit) ${answersPerSecond.toFixed(0)}/s: ratio ${(answersPerSecond / baselinePerSecond).toFixed(2)} per answer, ${((2 * answersPerSecond) / baselinePerSecond).toFixed(2)} per request`,
    );
  }
} finally {
  if (!values.keep) {
    await removeVirtualStudents(db);
  }
  await db.destroy();
}
