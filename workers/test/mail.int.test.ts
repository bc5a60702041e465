import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import { loginStaff, makeStaff, useTestContext } from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../src/runtime.js';

const t = useTestContext({ resetEachTest: true });
let smtp: FakeSmtp;
let workers: RunningWorkers;

beforeAll(async () => {
  smtp = await startFakeSmtp({ user: 'relay-user', pass: 'relay-secret' });
  workers = await startTestWorkers(t);
});
afterAll(async () => {
  await workers.close();
  await smtp.close();
});

async function adminHeaders(permissions: Parameters<typeof makeStaff>[1] = { superAdmin: true }) {
  const { accessToken } = await loginStaff(t.app, await makeStaff(t.db, permissions));
  return { authorization: `Bearer ${accessToken}` };
}

async function saveSettings(headers: Record<string, string>, password?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/smtp/create/',
    headers,
    payload: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'relay-user',
      ...(password === undefined ? {} : { password }),
      fromName: 'Riyazi',
      fromEmail: 'no-reply@riyazi.test',
    },
  });
}

async function waitForStatus(headers: Record<string, string>, id: string, status: string) {
  const deadline = Date.now() + 10_000;
  let last = '';
  while (Date.now() < deadline) {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/smtp/test/?id=${id}`, headers });
    last = res.body;
    if (res.json<{ data: { status: string } }>().data.status === status) {
      return res.json<{ data: { status: string; lastError: string | null; attempts: number } }>().data;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`status ${status} not reached: ${last}`);
}

describe('e-mail settings and the mail queue', () => {
  it('stores the SMTP password encrypted and never returns it', async () => {
    const headers = await adminHeaders();
    expect((await saveSettings(headers, 'relay-secret')).statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: '/api/admin/smtp/detail/', headers });
    expect(detail.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      host: '127.0.0.1',
      hasPassword: true,
    });
    expect(detail.body).not.toContain('relay-secret');
    const row = await t.db.selectFrom('smtpSettings').select('passwordEncrypted').executeTakeFirstOrThrow();
    expect(row.passwordEncrypted).not.toContain('relay-secret');

    // Saving again without a password keeps the stored one.
    await saveSettings(headers);
    const again = await t.db.selectFrom('smtpSettings').select('passwordEncrypted').executeTakeFirstOrThrow();
    expect(again.passwordEncrypted).toBe(row.passwordEncrypted);
  });

  it('sends a test e-mail through the relay with the decrypted credentials', async () => {
    const headers = await adminHeaders();
    await saveSettings(headers, 'relay-secret');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/smtp/test/',
      headers,
      payload: { to: 'teacher@school.test' },
    });
    expect(res.statusCode).toBe(202);
    const { messageId } = res.json<{ messageId: string }>();
    await waitForStatus(headers, messageId, 'SENT');
    const mail = await smtp.waitForMessage((m) => m.to.includes('teacher@school.test'));
    expect(mail.from).toBe('no-reply@riyazi.test');
    expect(mail.decoded).toContain('Subject: Riyazi test e-mail');
  });

  it('records a refused delivery and keeps it queued for a retry', async () => {
    const headers = await adminHeaders();
    await saveSettings(headers, 'relay-secret');
    smtp.rejectWith = 'Mailbox unavailable';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/smtp/test/',
        headers,
        payload: { to: 'nobody@school.test' },
      });
      const id = res.json<{ messageId: string }>().messageId;
      const deadline = Date.now() + 10_000;
      let row = await t.db
        .selectFrom('mailMessages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      while (row.attempts === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        row = await t.db
          .selectFrom('mailMessages')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      }
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.status).toBe('QUEUED');
      expect(row.lastError).toMatch(/Mailbox unavailable/);
    } finally {
      smtp.rejectWith = null;
    }
  });

  it('lets only staff with e-mail configuration permission change the settings', async () => {
    const reader = await adminHeaders({ permissions: [['emailConfigurations', 'read']] });
    expect((await saveSettings(reader, 'x')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/smtp/detail/', headers: reader })).statusCode,
    ).toBe(200);
  });
});
