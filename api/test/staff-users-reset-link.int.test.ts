import type { Action, Module } from '@riyazi/api/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import { loginStaff, makeStaff } from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../../workers/src/runtime.js';
import { auditRows, call, signedIn, staffState, t, USERS_ALL } from './staff-users.fixtures.js';

const MANAGER: [Module, Action][] = [...USERS_ALL, ['grade', 'read']];
let smtp: FakeSmtp;
let workers: RunningWorkers;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  workers = await startTestWorkers(t, { relay: { graceMs: 1000, intervalMs: 200, batchSize: 100 } });
});
afterAll(async () => {
  await workers.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.db
    .insertInto('smtpSettings')
    .values({
      id: 1,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      fromName: 'Riyazi',
      fromEmail: 'no-reply@riyazi.test',
    })
    .execute();
});

const sendLink = (token: string, id: string) =>
  call(token, 'POST', `/api/staffUser/send-reset-link/?id=${id}`);

describe('POST /api/staffUser/send-reset-link/', () => {
  it('lets a peer send a same-role colleague a reset link that reaches their own inbox and lets only them in', async () => {
    const manager = await signedIn({ permissions: MANAGER });
    const colleague = await makeStaff(t.db);
    await t.db
      .updateTable('staffUsers')
      .set({ roleId: manager.roleId })
      .where('id', '=', colleague.id)
      .execute();
    const before = await staffState(colleague.id);

    const res = await sendLink(manager.token, colleague.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `A reset link was sent to ${colleague.email}` });
    expect(await staffState(colleague.id)).toEqual(before);
    expect(await auditRows('staffUser.sendResetLink')).toEqual([
      { actorId: manager.id, targetId: colleague.id, details: { email: colleague.email } },
    ]);

    const mail = await smtp.waitForMessage((m) => m.to.includes(colleague.email));
    expect(mail.to).toEqual([colleague.email]);
    const token = /reset-password\?token=([\w%-]+)/.exec(mail.decoded)?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: decodeURIComponent(token ?? ''), password: 'chosen by myself 2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expect(
      loginStaff(t.app, { ...colleague, password: 'chosen by myself 2026' }),
    ).resolves.toHaveProperty('accessToken');
    // The new password is the colleague's own doing, and the audit trail says so.
    const resets = await t.db
      .selectFrom('auditLog')
      .select('actorId')
      .where('action', '=', 'staff.resetPassword')
      .execute();
    expect(resets).toEqual([{ actorId: colleague.id }]);
  });

  it('may go to a Super Admin from a manager who is not one', async () => {
    const manager = await signedIn({ permissions: MANAGER });
    const boss = await makeStaff(t.db, { superAdmin: true });
    expect((await sendLink(manager.token, boss.id)).statusCode).toBe(200);
    await smtp.waitForMessage((m) => m.to.includes(boss.email));
  });

  it('needs users:update, refuses an inactive colleague (409) and a fourth link within the hour (429)', async () => {
    const reader = await signedIn({ permissions: [['users', 'read']] });
    const manager = await signedIn({ permissions: MANAGER });
    const colleague = await makeStaff(t.db);
    expect((await sendLink(reader.token, colleague.id)).statusCode).toBe(403);

    const inactive = await makeStaff(t.db, { isActive: false });
    const off = await sendLink(manager.token, inactive.id);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/inactive/);

    for (let i = 0; i < 3; i += 1) {
      expect((await sendLink(manager.token, colleague.id)).statusCode).toBe(200);
    }
    const fourth = await sendLink(manager.token, colleague.id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/3 reset links this hour/);
    expect(await auditRows('staffUser.sendResetLink')).toHaveLength(3);

    const missing = await sendLink(manager.token, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
