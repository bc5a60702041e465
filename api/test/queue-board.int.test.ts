import { bullPrefix } from '@riyazi/api/queue';
import { type Job, Worker } from 'bullmq';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  loginStaff,
  makeStaff,
  resetDatabase,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext();
const BOARD = '/api/admin/queues';

let reader: string;
let operator: string;
let superAdmin: string;
let nobody: string;

beforeAll(async () => {
  await resetDatabase(t.db);
  reader = (await loginStaff(t.app, await makeStaff(t.db, { permissions: [['queues', 'read']] })))
    .accessToken;
  operator = (
    await loginStaff(
      t.app,
      await makeStaff(t.db, {
        permissions: [
          ['queues', 'read'],
          ['queues', 'update'],
        ],
      }),
    )
  ).accessToken;
  superAdmin = (await signedInStaff(t, { superAdmin: true })).token;
  nobody = (await loginStaff(t.app, await makeStaff(t.db, { permissions: [['student', 'read']] })))
    .accessToken;
});

/** A mail job that failed for good, taken and failed by hand (BullMQ's manual processing). */
async function failedMailJob(id: string) {
  await t.queues.mail.drain();
  await t.queues.mail.add('mail.send', { eventId: id, messageId: id }, { jobId: id, attempts: 1 });
  const worker = new Worker('mail', null, {
    connection: t.redis.duplicate(),
    prefix: bullPrefix(t.config.REDIS_PREFIX),
  });
  try {
    const job = (await worker.getNextJob('test-lock')) as Job;
    expect(job.id).toBe(id);
    await job.moveToFailed(new Error('smtp down'), 'test-lock', false);
    expect(await job.getState()).toBe('failed');
    return job;
  } finally {
    await worker.close();
  }
}

describe('the queue board', () => {
  it('answers 401 without a session, on the page, its files and its api', async () => {
    for (const url of [`${BOARD}/`, `${BOARD}/api/queues`, `${BOARD}/static/images/logo.svg`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
    const forged = await t.app.inject({
      method: 'GET',
      url: `${BOARD}/`,
      cookies: { riyazi_queues: 'x.y.z' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 403 to staff without the queues permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BOARD}/api/queues`, headers: bearer(nobody) });
    expect(res.statusCode).toBe(403);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/admin/queues-session',
      headers: bearer(nobody),
    });
    expect(session.statusCode).toBe(403);
  });

  it('opens for queues:read through the session cookie, scoped to the board', async () => {
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/admin/queues-session',
      headers: bearer(reader),
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toEqual({ url: `${BOARD}/` });
    const cookie = session.cookies.find((c) => c.name === 'riyazi_queues');
    expect(cookie).toMatchObject({ path: BOARD, httpOnly: true, sameSite: 'Strict' });
    const cookies = { riyazi_queues: cookie?.value ?? '' };

    const page = await t.app.inject({ method: 'GET', url: `${BOARD}/`, cookies });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Riyazi queues');
    const api = await t.app.inject({ method: 'GET', url: `${BOARD}/api/queues`, cookies });
    expect(api.statusCode).toBe(200);
    const names = api.json<{ queues: { name: string }[] }>().queues.map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(['scoring', 'mail', 'ranking']));
  });

  it('lets a reader look but not change anything', async () => {
    const job = await failedMailJob('board-reader-1');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BOARD}/api/queues/mail/${job.id}/retry`,
      headers: bearer(reader),
    });
    expect(res.statusCode).toBe(403);
    expect(await job.getState()).toBe('failed');
  });

  it('lets queues:update retry a failed job, audited, but never add jobs or obliterate a queue', async () => {
    const job = await failedMailJob('board-operator-1');
    const retry = await t.app.inject({
      method: 'PUT',
      url: `${BOARD}/api/queues/mail/${job.id}/retry`,
      headers: bearer(operator),
    });
    expect(retry.statusCode, retry.body).toBeLessThan(300);
    expect(await job.getState()).not.toBe('failed');
    // The board's audit row is written once its response is sent (an onResponse hook): wait for it.
    const audit = () =>
      t.db
        .selectFrom('auditLog')
        .select(['action', 'targetType', 'targetId', 'details'])
        .where('action', '=', 'queues.change')
        .execute();
    await expect.poll(audit).toEqual([
      expect.objectContaining({
        targetType: 'job',
        targetId: `mail/${job.id}`,
        details: expect.objectContaining({ route: 'PUT /api/queues/:queueName/:jobId/retry' }),
      }),
    ]);

    for (const [method, url] of [
      ['POST', `${BOARD}/api/queues/mail/add`],
      ['PUT', `${BOARD}/api/queues/mail/obliterate`],
      ['PUT', `${BOARD}/api/queues/mail/pause`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(superAdmin), payload: {} });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await t.queues.mail.isPaused()).toBe(false);
  });

  it('refuses a cross-site change even with the cookie', async () => {
    const job = await failedMailJob('board-csrf-1');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BOARD}/api/queues/mail/${job.id}/retry`,
      headers: { ...bearer(operator), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(await job.getState()).toBe('failed');
  });

  it('summarises every queue for queues:read, with its purpose and a failed job counted, and refuses others', async () => {
    await failedMailJob('board-summary-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/queues-summary',
      headers: bearer(reader),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{
      data: { name: string; purpose: string; failed: number; waiting: number }[];
    }>();
    expect(data.map((q) => q.name).sort()).toEqual(
      ['broadcast', 'bulkUpload', 'exports', 'integrity', 'mail', 'ranking', 'scoring'].sort(),
    );
    const mail = data.find((q) => q.name === 'mail');
    expect(mail?.failed).toBeGreaterThanOrEqual(1);
    expect(mail?.purpose).toMatch(/e-mail/i);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/queues-summary',
      headers: bearer(nobody),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('message');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/queues-summary' });
    expect(anonymous.statusCode).toBe(401);
  });
});
