// Contest day on one machine: N virtual students start the same contest at the same second, fetch
// and answer its 15 questions with think time, and fetch their results; then the same api is
// driven without think time and compared with a bare Fastify route (one INSERT + one queue add)
// on the same PostgreSQL and Redis. The product must be running (npm start) against DATABASE_URL.
//
//   npx tsx loadtest/src/contest-day.ts --students 1000 --think 1000:3000 --saturate 100
//   npx tsx loadtest/src/contest-day.ts --students 10000 --questions 1 --saturate 0 --burst-baseline
//
// k6 twin for ops: loadtest/k6/contest-day.js.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { createDb, type Db } from '@riyazi/db';
import { baseline, baselineBurst, withBaseline } from './contest-day-baseline.js';
import {
  answerCallsOf,
  answerQuestions,
  cancelOpenPlays,
  fail,
  newPlayed,
  removeVirtualStudents,
  report,
  sample,
  scoringLag,
  student,
  untilScored,
} from './contest-day-play.js';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
  thinkTimes,
} from './contest-fixtures.js';
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
    // combined: each answer's acknowledgement brings the next question (the client, one request per
    // question); separate: fetch, then answer (older clients). The saturated measure runs both
    // unless this is given.
    answers: { type: 'string' },
  },
});

const config = loadConfig(process.env);
const base = values.base;
const think = thinkTimes(values.think);
const answerCalls = values.answers === undefined ? undefined : answerCallsOf(values.answers);
const RUN = Date.now().toString(36);

let batch = 0;

async function setup(db: Db, count: number) {
  batch += 1;
  const { gradeId, quizId } = await openContest(db, values.grade);
  const studentIds = await createVirtualStudents(db, gradeId, count, `load-${RUN}-${batch}`);
  return { quizId, studentIds, emailPrefix: `load-${RUN}-${batch}-` };
}

/**
 * A saturated measure's students and plays go when it is done (unless --keep): each one adds up to
 * 16,000 plays to one grade, and left in place they made every later round slower than the one
 * before (a fifth round ran on 90,000 plays of the same grade, several contests' worth).
 */
async function removeMeasured(db: Db, studentIds: string[], emailPrefix: string) {
  if (!values.keep) {
    // Not while their answers are still being scored: the worker would find their plays gone.
    await untilScored(db, studentIds);
    await removeVirtualStudents(db, emailPrefix);
  }
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
  const { quizId, studentIds, emailPrefix } = await setup(db, count);
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
  return { plays, studentIds, emailPrefix };
}

/**
 * `vus` virtual students taking one item after another until `seconds` are up or the items run out:
 * the seconds it took, and whether the items ran out.
 */
async function closedLoop<T>(
  items: T[],
  vus: number,
  seconds: number,
  each: (item: T, deadline: number) => Promise<void>,
) {
  const deadline = Date.now() + seconds * 1000;
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: vus }, async () => {
      while (Date.now() < deadline && next < items.length) {
        await each(items[next++]!, deadline);
      }
    }),
  );
  return { elapsed: (Date.now() - t0) / 1000, ranOut: next >= items.length };
}

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
      base,
      {
        connections: values.connections,
        questions: Number(values.questions),
        calls: answerCalls ?? 'combined',
      },
      p,
      token,
      quizId,
      think.next,
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
    `contest day: ${count} students, think ${think.min}–${think.max} ms, ${values.connections} connections`,
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
 * before the clock runs (the baseline has no set-up either); each virtual student then answers
 * questions back to back: `combined`, the first question fetched and each answer bringing the next
 * (16 requests for 15 answers); `separate`, each question fetched and then answered (two requests).
 */
async function saturateAnswers(db: Db, vus: number, seconds: number, calls: 'combined' | 'separate') {
  const { plays, studentIds, emailPrefix } = await startedPlays(db, vus * 10, vus, async (play) => play);
  const p = newPlayed();
  const { elapsed, ranOut } = await closedLoop(plays, vus, seconds, async (play, deadline) => {
    await answerQuestions(base, p, play.token, play.playId, play.questionIds, {
      calls,
      think: () => 0,
      stop: () => Date.now() >= deadline,
    });
  });
  report(
    `api without think time (${calls === 'combined' ? 'answer brings the next question' : 'serve + submit'}): ${vus} concurrent students, plays started beforehand`,
    p,
    elapsed,
  );
  if (ranOut) {
    console.log('  (ran out of plays before the time was up: raise --saturate or lower --saturate-seconds)');
  }
  await scoringLag(db, studentIds);
  await cancelOpenPlays(db, studentIds);
  await removeMeasured(db, studentIds, emailPrefix);
  return p.answersAcked / elapsed;
}

/**
 * The submit-answer endpoint alone, closed loop without think time: every play's current question is
 * served before the clock runs (a play has one answerable question at a time), then each virtual
 * student submits an answer for one play after another. Submits per second.
 */
async function saturateSubmits(db: Db, vus: number, seconds: number) {
  const {
    plays: ready,
    studentIds,
    emailPrefix,
  } = await startedPlays(db, vus * 80, vus, async (play) => {
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
  const { elapsed, ranOut } = await closedLoop(ready, vus, seconds, async ({ token, body }) => {
    const t = performance.now();
    const res = await request(base, 'POST', '/api/play-quiz/question/submit-answer', token, body);
    sample(p, 'submit-answer', performance.now() - t);
    if (res.status === 200) {
      p.answersAcked += 1;
    } else {
      fail(p, 'submit-answer', res.status);
    }
  });
  report(`submit-answer alone: ${vus} concurrent students, each question served beforehand`, p, elapsed);
  if (ranOut) {
    console.log('  (ran out of served questions before the time was up: lower --saturate-seconds)');
  }
  await cancelOpenPlays(db, studentIds);
  await removeMeasured(db, studentIds, emailPrefix);
  return p.answersAcked / elapsed;
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
      await baselineBurst(students, values.connections);
    }
  }
  const vus = Number(values.saturate);
  if (vus > 0) {
    const seconds = Number(values['saturate-seconds']);
    // Product and baseline take turns, so what the machine is doing (autovacuum after a round,
    // a checkpoint, other work) falls on both alike; the figures are the medians of the rounds.
    const measures = answerCalls === undefined ? (['combined', 'separate'] as const) : [answerCalls];
    const rounds = await withBaseline(async (url) => {
      const measured: {
        combined: number | null;
        separate: number | null;
        submits: number;
        baseline: number;
      }[] = [];
      for (let round = 1; round <= Number(values.rounds); round += 1) {
        console.log(`\n── round ${round} of ${values.rounds}`);
        const whole = { combined: null as number | null, separate: null as number | null };
        for (const calls of measures) {
          whole[calls] = await saturateAnswers(db, vus, seconds, calls);
        }
        const submits = await saturateSubmits(db, vus, seconds / 2);
        measured.push({ ...whole, submits, baseline: await baseline(url, vus, seconds) });
      }
      return measured;
    });
    const median = (pick: (r: (typeof rounds)[number]) => number) => summarize(rounds.map(pick)).median;
    const range = (pick: (r: (typeof rounds)[number]) => number) =>
      `${Math.min(...rounds.map(pick)).toFixed(2)}–${Math.max(...rounds.map(pick)).toFixed(2)}`;
    const submitsPerSecond = median((r) => r.submits);
    const baselinePerSecond = median((r) => r.baseline);
    console.log(
      `\nrounds: ${rounds
        .map(
          (r) =>
            `${measures.map((m) => `${m} ${r[m]!.toFixed(0)} answers/s`).join(', ')}, ${r.submits.toFixed(0)} submits/s vs ${r.baseline.toFixed(0)} req/s`,
        )
        .join('; ')}`,
    );
    console.log(
      `medians: submit-answer alone ${submitsPerSecond.toFixed(0)}/s vs baseline ${baselinePerSecond.toFixed(0)} req/s: ratio ${(submitsPerSecond / baselinePerSecond).toFixed(2)} (target ≥ 0.5)`,
    );
    for (const m of measures) {
      const perAnswer = (r: (typeof rounds)[number]) => r[m]! / r.baseline;
      const answersPerSecond = median((r) => r[m]!);
      const requestsPerAnswer = m === 'combined' ? 16 / 15 : 2;
      console.log(
        `         whole answers (${m === 'combined' ? 'answer brings the next question' : 'serve + submit'}) ${answersPerSecond.toFixed(0)}/s: ratio ${median(perAnswer).toFixed(2)} per answer (rounds ${range(perAnswer)}), ${((requestsPerAnswer * answersPerSecond) / baselinePerSecond).toFixed(2)} per request${m === 'combined' ? ' (target ≥ 0.5 per answer)' : ''}`,
      );
    }
  }
} finally {
  if (!values.keep) {
    await removeVirtualStudents(db, `load-${RUN}-`);
    console.log('\nvirtual students and their plays removed (--keep keeps them)');
  }
  await db.destroy();
}
