import { sql } from 'kysely';
import { io as connectSocket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  createVirtualStudents,
  openContest,
  randomAnswer,
  type ServedQuestion,
} from '../../loadtest/src/contest-fixtures.js';
import { openStudentSessions } from '../../loadtest/src/student-tokens.js';
import { resetDatabase, useTestContext } from '../../test/helpers.js';
import { exited, freePort, startService, waitFor, waitUntilReady } from '../../test/processes.js';

// An api process SIGTERMed in the middle of a contest's start burst: it reports not ready at once,
// keeps serving through the notice, then stops accepting, closes its sockets (which reconnect) and
// finishes what is in flight. Every answer it acknowledged is stored as sent; nothing after the
// signal is half done.

const t = useTestContext();
const STUDENTS = 40;
const NOTICE_MS = 3000;
const TIMEOUT_MS = 8000;

let quizId: string;
let tokens: string[] = [];

interface Sent {
  playId: string;
  questionId: string;
  answers: string[];
  at: number;
  /** HTTP status, or 0 when the connection was refused or closed. */
  status: number;
  body: unknown;
}

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const contest = await openContest(t.db, 'Grade 3');
  quizId = contest.quizId;
  const ids = await createVirtualStudents(t.db, contest.gradeId, STUDENTS, 'drain');
  tokens = await openStudentSessions(t.db, t.config.JWT_SECRET, ids);
}, 120_000);

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
      connection: res.headers.get('connection'),
    };
  } catch {
    return { status: 0, body: null, connection: null };
  }
}

/**
 * A phone that has finished keeps asking for its profile until the node refuses it, so the burst
 * always outlasts the notice (on a quick machine 40 phones answer all 600 questions within it).
 */
async function askUntilRefused(base: string, token: string, asked: { status: number; body: unknown }[]) {
  for (;;) {
    const res = await call(base, token, 'GET', '/api/student/me');
    asked.push({ status: res.status, body: res.body });
    if (res.status !== 200) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One phone: start, then every question fetched and answered back to back, until a refusal. */
async function play(
  base: string,
  token: string,
  starts: { status: number }[],
  sent: Sent[],
  asked: { status: number; body: unknown }[],
) {
  const started = await call(base, token, 'POST', '/api/play-quiz/', { quizId, type: 'CONTEST' });
  starts.push({ status: started.status });
  if (started.status !== 200) {
    return;
  }
  const { play: p } = started.body as { play: { _id: string; questions: { _id: string }[] } };
  for (const { _id: questionId } of p.questions) {
    const served = await call(
      base,
      token,
      'GET',
      `/api/play-quiz/question?playId=${p._id}&questionId=${questionId}`,
    );
    if (served.status !== 200) {
      // Refused between two answers (a phone still playing when the node closed): counted like any refusal.
      asked.push({ status: served.status, body: served.body });
      return;
    }
    const answers = randomAnswer(served.body as ServedQuestion);
    const at = Date.now();
    const res = await call(base, token, 'POST', '/api/play-quiz/question/submit-answer', {
      playId: p._id,
      questionId,
      answers,
      timeTaken: 500,
    });
    sent.push({ playId: p._id, questionId, answers, at, status: res.status, body: res.body });
    if (res.status !== 200) {
      return;
    }
  }
  await askUntilRefused(base, token, asked);
}

describe('graceful drain of an api node', () => {
  it('SIGTERM mid-burst: not ready at once, acknowledged answers all stored, sockets told to reconnect, exit 0', async () => {
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    const api = startService('api/src/server.ts', {
      PORT: port,
      HOST: '127.0.0.1',
      JWT_SECRET: t.config.JWT_SECRET,
      DRAIN_NOTICE_MS: String(NOTICE_MS),
      DRAIN_TIMEOUT_MS: String(TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    });
    await waitUntilReady(api, base);

    const socket = connectSocket(base, { path: '/socket.io', transports: ['websocket'], reconnection: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const disconnected = new Promise<{ reason: string; active: boolean }>((resolve) =>
      socket.once('disconnect', (reason) => resolve({ reason, active: socket.active })),
    );

    const starts: { status: number }[] = [];
    const sent: Sent[] = [];
    const asked: { status: number; body: unknown }[] = [];
    const burst = Promise.all(tokens.map((token) => play(base, token, starts, sent, asked)));
    await waitFor(
      'answers before the signal',
      () => sent.filter((s) => s.status === 200).length >= 60,
      30_000,
    );

    const signalAt = Date.now();
    const exitCode = exited(api.child);
    api.child.kill('SIGTERM');
    // Not ready once the signal is handled, and before the listener closes: the balancer sees the 503
    // while the node still serves (a refused probe would mean it never had the chance).
    const ready = await waitFor(
      'readiness to turn 503',
      async () => {
        const res = await call(base, '', 'GET', '/api/health/ready');
        expect(res.status, 'readiness refused before it reported draining').not.toBe(0);
        return res.status === 503 ? res : false;
      },
      NOTICE_MS,
    );
    expect(ready.body).toMatchObject({ message: 'Draining' });

    const drop = await disconnected;
    // A transport close (not a server "disconnect" packet): socket.io-client and the app's client retry.
    expect(drop.reason).toBe('transport close');
    expect(drop.active).toBe(true);
    socket.disconnect();

    await burst;
    expect(await exitCode, api.output()).toBe(0);
    expect(Date.now() - signalAt).toBeLessThan(NOTICE_MS + TIMEOUT_MS);

    const acked = sent.filter((s) => s.status === 200);
    const afterSignal = sent.filter((s) => s.at > signalAt);
    const count = (status: number) => [...sent, ...asked].filter((s) => s.status === status).length;
    console.info(
      `drain: ${acked.length} answers acknowledged (${afterSignal.filter((s) => s.status === 200).length} after the signal), refused: 503 ×${count(503)}, no connection ×${count(0)}; exit after ${Date.now() - signalAt} ms`,
    );
    // The node kept serving through the notice, then refused cleanly: a 503 with a message or no connection.
    expect(afterSignal.filter((s) => s.status === 200).length).toBeGreaterThan(0);
    const refused = [...sent, ...asked].filter((r) => r.status !== 200);
    for (const s of refused) {
      expect([0, 503]).toContain(s.status);
      if (s.status === 503) {
        expect(s.body).toMatchObject({ message: expect.any(String) });
      }
    }
    // Every phone was refused in the end: its loop only stops on a refusal.
    expect(refused.length + starts.filter((s) => s.status !== 200).length).toBe(tokens.length);
    expect(starts.every((s) => s.status === 200 || s.status === 0 || s.status === 503)).toBe(true);

    // Every acknowledged answer is stored as sent; nothing is stored that was not sent.
    const { rows } = await sql<{ stored: number; same: number }>`
      SELECT count(a.play_id)::int AS stored,
             count(*) FILTER (WHERE a.selected_option_ids::text[] = k.answers
                                OR (a.answer_text IS NOT NULL AND k.answers = ARRAY[a.answer_text]))::int AS same
      FROM jsonb_to_recordset(${JSON.stringify(acked)}::jsonb) AS k("playId" uuid, "questionId" uuid, answers text[])
      LEFT JOIN play_answers a ON a.play_id = k."playId" AND a.question_id = k."questionId"`.execute(t.db);
    expect(rows[0]).toEqual({ stored: acked.length, same: acked.length });
    const playIds = [...new Set(sent.map((s) => s.playId))];
    const { rows: all } = await sql<{ stored: number }>`
      SELECT count(*)::int AS stored FROM play_answers
      WHERE play_id = ANY(${playIds}::uuid[]) AND outcome = 'ANSWERED'`.execute(t.db);
    expect(all[0]!.stored).toBeLessThanOrEqual(sent.length);
    expect(all[0]!.stored).toBeGreaterThanOrEqual(acked.length);

    // Each answer recorded reached the scoring queue before the process exited (no outbox relay needed).
    const jobs = await t.queues.scoring.getJobs(['waiting', 'prioritized', 'delayed', 'active']);
    const queued = new Set(
      jobs
        .flatMap((job) => (job.data as { answers?: { eventId: string }[] }).answers ?? [])
        .map((a) => a.eventId),
    );
    const { rows: events } = await sql<{ id: string }>`
      SELECT e.id FROM outbox_events e
      WHERE e.type = 'answer.recorded' AND e.enqueued_at IS NULL`.execute(t.db);
    expect(events.length).toBeGreaterThanOrEqual(acked.length);
    expect(events.filter((e) => !queued.has(e.id))).toEqual([]);
  }, 150_000);
});
