import { createDb } from '@riyazi/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
} from '../../loadtest/src/contest-fixtures.js';
import { verify } from '../../loadtest/src/contest-verify.js';
import { openStudentSessions } from '../../loadtest/src/student-tokens.js';
import { resetDatabase, useTestContext } from '../../test/helpers.js';
import {
  exited,
  freePort,
  type ServiceProcess,
  startService,
  waitFor,
  waitUntilReady,
} from '../../test/processes.js';

// Every backend of the database terminated twice in the middle of a contest (what a PostgreSQL
// restart, a failover or a pooler restart does to the connections), with the api and the workers
// running as `npm start` runs them and nothing to restart them: neither exits, every request is
// answered (200, or 503 with a message to send it again, never a 500), phones that send again as the
// app does lose nothing, and every acknowledged answer is stored and scored.

const t = useTestContext();
const STUDENTS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let quizId: string;
let tokens: string[] = [];
const running: ServiceProcess[] = [];

interface Answered {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const contest = await openContest(t.db, 'Grade 3');
  quizId = contest.quizId;
  const ids = await createVirtualStudents(t.db, contest.gradeId, STUDENTS, 'dbdrop');
  tokens = await openStudentSessions(t.db, t.config.JWT_SECRET, ids);
}, 120_000);

afterAll(async () => {
  for (const { child } of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
  }
});

async function call(base: string, token: string, method: 'GET' | 'POST', url: string, body?: object) {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    return { status: 0, body: null, retryAfter: null };
  }
}

const gone = (service: ServiceProcess) =>
  service.child.exitCode !== null || service.child.signalCode !== null;

/** What the app does (quiz/logic/submit-retry.ts), with shorter waits: a 503 or no answer is sent again. */
async function persistent(api: ServiceProcess, seen: Answered[], send: () => Promise<Answered>) {
  for (let attempt = 1; ; attempt += 1) {
    const res = await send();
    seen.push(res);
    if ((res.status !== 0 && res.status !== 503) || attempt === 30 || gone(api)) {
      return res;
    }
    await sleep(100 * Math.min(attempt, 5));
  }
}

interface Acknowledged {
  playId: string;
  questionId: string;
  answers: string[];
}

/** One phone: start, then each question fetched, thought about briefly and answered. */
async function play(
  base: string,
  api: ServiceProcess,
  token: string,
  seen: Answered[],
  acked: Acknowledged[],
) {
  const started = await persistent(api, seen, () =>
    call(base, token, 'POST', '/api/play-quiz/', { quizId, type: 'CONTEST' }),
  );
  if (started.status !== 200) {
    return null;
  }
  const { play: p } = started.body as { play: { _id: string; questions: { _id: string }[] } };
  for (const { _id: questionId } of p.questions) {
    const served = await persistent(api, seen, () =>
      call(base, token, 'GET', `/api/play-quiz/question?playId=${p._id}&questionId=${questionId}`),
    );
    if (served.status !== 200) {
      return p._id;
    }
    const answers = randomAnswer(served.body as ServedQuestion);
    await sleep(100 + Math.floor(Math.random() * 300));
    const body = { playId: p._id, questionId, answers, timeTaken: 500 };
    const res = await persistent(api, seen, () =>
      call(base, token, 'POST', '/api/play-quiz/question/submit-answer', body),
    );
    if (res.status !== 200) {
      return p._id;
    }
    acked.push({ playId: p._id, questionId, answers });
  }
  return p._id;
}

/** The value of one series on a process's metrics listener (0 when absent). */
async function metric(port: string, series: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('every backend of the database terminated mid-contest', () => {
  it('twice: no process exits, no 500, no acknowledged answer lost, every play finished and scored', async () => {
    const [port, apiMetrics, workerMetrics] = (await Promise.all([freePort(), freePort(), freePort()])).map(
      String,
    );
    const base = `http://127.0.0.1:${port}`;
    const env = { JWT_SECRET: t.config.JWT_SECRET, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
    const api = startService('api/src/server.ts', { ...env, PORT: port!, METRICS_PORT: apiMetrics! });
    const workers = startService('workers/src/main.ts', {
      ...env,
      WORKER_METRICS_PORT: workerMetrics!,
      LOG_LEVEL: 'info',
    });
    running.push(api, workers);
    // Generous for a loaded machine: each starts from source through tsx.
    await waitUntilReady(api, base, 120_000);
    await waitFor('workers started', () => workers.output().includes('workers started'), 120_000);

    const seen: Answered[] = [];
    const acked: Acknowledged[] = [];
    const contest = Promise.all(tokens.map((token) => play(base, api, token, seen, acked)));

    // The terminator's own connection is the only one left standing.
    const terminator = createDb({
      connectionString: t.config.DATABASE_URL,
      max: 1,
      applicationName: 'riyazi-terminator',
    });
    const drops: { at: number; ended: string[] }[] = [];
    try {
      for (const share of [0.25, 0.6]) {
        await waitFor(
          'answers before the drop',
          () => acked.length >= STUDENTS * 15 * share || gone(api),
          60_000,
        );
        const { rows } = await sql<{ app: string }>`
          SELECT application_name AS app, pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(terminator);
        drops.push({ at: acked.length, ended: rows.map((r) => r.app) });
        await sleep(300);
      }
    } finally {
      await terminator.destroy();
    }
    const playIds = (await contest).filter((id): id is string => id !== null);

    // Both processes are still running, and both lost their connections each time.
    expect(gone(api), `the api exited:\n${api.output()}`).toBe(false);
    expect(gone(workers), `the workers exited:\n${workers.output()}`).toBe(false);
    for (const drop of drops) {
      expect(drop.ended).toEqual(expect.arrayContaining(['riyazi-api', 'riyazi-workers']));
    }

    // Every request was answered: a 200, or a 503 with a message and Retry-After; never a 500.
    const statuses = new Map<number, number>();
    for (const res of seen) {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    console.info(
      `db drop: terminated ${drops.map((d) => `${d.ended.length} backends at ${d.at} answers`).join(', ')}; responses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const res of seen.filter((r) => r.status === 503)) {
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(res.retryAfter).toBe('2');
    }

    // Every phone played to the end, and nothing acknowledged was lost or left unscored.
    expect(playIds).toHaveLength(STUDENTS);
    expect(acked).toHaveLength(STUDENTS * 15);
    const settled = await waitFor(
      'every play finished and scored',
      async () => {
        const result = await verify(t.db, acked, playIds);
        return result.finished === STUDENTS && result.scored === acked.length ? result : false;
      },
      45_000,
    );
    expect(settled).toMatchObject({ stored: acked.length, sameAnswer: acked.length, mismatched: 0 });

    // Each process logged and counted its lost connections.
    expect(
      await metric(apiMetrics!, 'riyazi_connection_errors_total{kind="postgres",connection="riyazi-api"}'),
    ).toBeGreaterThan(0);
    expect(
      await metric(
        workerMetrics!,
        'riyazi_connection_errors_total{kind="postgres",connection="riyazi-workers"}',
      ),
    ).toBeGreaterThan(0);
    expect(api.output()).toContain('PostgreSQL connection lost');
  }, 300_000);
});
