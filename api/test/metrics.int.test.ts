import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectedSocket,
  demoStudentToken,
  openSeededDemoContest,
  resetDatabase,
  useTestContext,
} from '../../test/helpers.js';
import { exited, freePort, startService, waitFor } from '../../test/processes.js';
import { startTestWorkers } from '../../test/workers.js';
import { type MetricsServer, startMetricsServer } from '../src/metrics/index.js';

const t = useTestContext();
const TOKEN = 'metrics-test-token-0123456789';
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data

let metrics: MetricsServer;
let contestQuizId: string;
let token: string;

const scrape = (port: number, authorization = `Bearer ${TOKEN}`) =>
  fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization } });

/** The value of one series in Prometheus text (0 when it is not there yet). */
async function value(series: string): Promise<number> {
  const text = await (await scrape(metrics.port)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN, log: t.app.log });
  await resetDatabase(t.db);
  await openSeededDemoContest(t.db);
  contestQuizId = (
    await t.db
      .selectFrom('quizzes')
      .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
      .innerJoin('grades', 'grades.id', 'quizGrades.gradeId')
      .select('quizzes.id')
      .where('grades.title', '=', 'Grade 3')
      .where('quizzes.kind', '=', 'CONTEST')
      .executeTakeFirstOrThrow()
  ).id;
  token = await demoStudentToken(t.app, STUDENT);
});

afterAll(async () => {
  await metrics?.close();
});

describe('the metrics listener', () => {
  it('refuses a scrape without the token or with a wrong one, and serves nothing else', async () => {
    expect((await scrape(metrics.port, '')).status).toBe(401);
    expect((await scrape(metrics.port, `Bearer ${TOKEN}x`)).status).toBe(401);
    const other = await fetch(`http://127.0.0.1:${metrics.port}/`, {
      headers: bearer(TOKEN),
    });
    expect(other.status).toBe(404);
    const ok = await scrape(metrics.port);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await ok.text();
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('riyazi_pg_pool_total{pool="riyazi"}');
  });

  it('is not on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('riyazi_http_request_duration_seconds');
    }
  });
});

describe('contest metrics', () => {
  it('count a contest start and an answer, show the scoring job waiting, then its score lag', async () => {
    const startsBefore = await value('riyazi_play_starts_total{kind="contest"}');
    const answersBefore = await value('riyazi_answers_received_total{kind="contest"}');
    const lagBefore = await value('riyazi_answer_score_lag_seconds_count');

    const started = await call('POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' });
    expect(started.statusCode, started.body).toBe(200);
    const play = started.json<{ play: { _id: string; questions: { _id: string }[] } }>().play;
    const questionId = play.questions[0]!._id;
    const served = await call('GET', `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`);
    expect(served.statusCode, served.body).toBe(200);
    const options = await t.db
      .selectFrom('questionOptions')
      .select('id')
      .where('questionId', '=', questionId)
      .execute();
    const answer = await call('POST', '/api/play-quiz/question/submit-answer', {
      playId: play._id,
      questionId,
      answers: options.length ? [options[0]!.id] : ['42'],
      timeTaken: 1000,
    });
    expect(answer.statusCode, answer.body).toBe(200);

    expect(await value('riyazi_play_starts_total{kind="contest"}')).toBe(startsBefore + 1);
    expect(await value('riyazi_answers_received_total{kind="contest"}')).toBe(answersBefore + 1);
    // No worker yet: the scoring job waits in its queue.
    await waitFor('the scoring job in the depth gauge', async () =>
      (await value('riyazi_queue_jobs{queue="scoring",state="waiting"}')) >= 1 ? true : false,
    );
    expect(
      await value(
        'riyazi_http_request_duration_seconds_count{route="/api/play-quiz/",method="POST",status_class="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);

    const workers = await startTestWorkers(t);
    try {
      await waitFor('the answer scored', async () =>
        (await value('riyazi_answer_score_lag_seconds_count')) > lagBefore ? true : false,
      );
      expect(await value('riyazi_queue_jobs{queue="scoring",state="waiting"}')).toBe(0);
      expect(await value('riyazi_answer_score_lag_seconds_sum')).toBeLessThan(60);
    } finally {
      await workers.close();
    }
  });

  it('label requests by route pattern, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/payment/orders/ORDER-12345' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-98765' });
    const text = await (await scrape(metrics.port)).text();
    expect(text).toContain('route="/api/payment/orders/:orderRef",method="GET",status_class="4xx"');
    expect(text).toContain('route="unmatched",method="GET",status_class="4xx"');
    expect(text).not.toContain('ORDER-12345');
    expect(text).not.toContain('no-such-route-98765');
  });

  it('count the Socket.IO clients connected to this process', async () => {
    const socket = await connectedSocket(t.app);
    try {
      expect(await value('riyazi_socketio_connected')).toBe(1);
    } finally {
      socket.disconnect();
    }
    await waitFor('the socket gone', async () =>
      (await value('riyazi_socketio_connected')) === 0 ? true : false,
    );
  });
});

describe('the workers process', () => {
  // A process of its own, started from source with tsx: slow to start on a busy machine.
  it('exposes its own metrics on WORKER_METRICS_PORT, behind the token', async () => {
    const port = await freePort();
    const workers = startService('workers/src/main.ts', {
      WORKER_METRICS_PORT: String(port),
      METRICS_TOKEN: TOKEN,
      UPLOAD_DIR: t.config.UPLOAD_DIR,
    });
    try {
      const text = await waitFor(
        'the workers metrics listener',
        async () => {
          const res = await scrape(port).catch(() => null);
          const body = res?.status === 200 ? await res.text() : '';
          // The listener opens while the workers are still starting: wait for their queues.
          return body.includes('riyazi_queue_jobs{') ? body : false;
        },
        50_000,
      );
      expect(text).toContain('riyazi_jobs_failed_total{queue="scoring"} 0');
      expect(text).toMatch(/riyazi_queue_jobs\{queue="mail",state="waiting"\} \d+/);
      expect(text).toContain('riyazi_pg_pool_total{pool="riyazi-workers"}');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect((await scrape(port, '')).status).toBe(401);
    } finally {
      workers.child.kill('SIGTERM');
      await exited(workers.child);
    }
  }, 90_000);
});
