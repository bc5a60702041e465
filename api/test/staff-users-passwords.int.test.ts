import type { Action, Module } from '@riyazi/api/contracts';
import { verifyPassword } from '@riyazi/db';
import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff } from '../../test/helpers.js';
import {
  auditRows,
  call,
  expectRefused,
  makeRole,
  signedIn,
  staffState,
  t,
  USERS_ALL,
} from './staff-users.fixtures.js';

const MANAGER: [Module, Action][] = [...USERS_ALL, ['grade', 'read']];
const NOT_BELOW =
  'You can set the password only of staff below you (fewer permissions than yours). Send them a reset link instead.';

/** A users manager and a colleague holding the manager's very role. */
async function managerAndColleague() {
  const manager = await signedIn({ permissions: MANAGER });
  const colleague = await makeStaff(t.db);
  await t.db
    .updateTable('staffUsers')
    .set({ roleId: manager.roleId })
    .where('id', '=', colleague.id)
    .execute();
  return { manager, colleague };
}

const setPassword = (token: string, id: string, body: object) =>
  call(token, 'POST', `/api/staffUser/update/?id=${id}`, body);

describe('setting a colleague’s password', () => {
  it('refuses a users manager setting the password of a colleague in the same role: 403, audited, nothing changed', async () => {
    const { manager, colleague } = await managerAndColleague();
    const before = await staffState(colleague.id);
    const res = await setPassword(manager.token, colleague.id, {
      password: 'now i am you 2026',
      username: 'Renamed on the way',
    });
    await expectRefused(res, manager, 'staffUser.update', NOT_BELOW);
    expect(await staffState(colleague.id)).toEqual(before);
    await expect(loginStaff(t.app, colleague)).resolves.toHaveProperty('accessToken');
    await expect(loginStaff(t.app, { ...colleague, password: 'now i am you 2026' })).rejects.toThrow(/401/);
    const [refusal] = await auditRows('staffUser.update.refused');
    expect(refusal).toMatchObject({ targetId: colleague.id, details: { passwordChange: true } });
    expect(JSON.stringify(refusal)).not.toMatch(/now i am you/);
  });

  it('refuses it between peers in different roles with the same permissions, and between Super Admins', async () => {
    const manager = await signedIn({ permissions: MANAGER });
    const twin = await makeStaff(t.db, { permissions: MANAGER });
    await expectRefused(
      await setPassword(manager.token, twin.id, { password: 'twin takeover 2026' }),
      manager,
      'staffUser.update',
      NOT_BELOW,
    );
    const boss = await signedIn({ superAdmin: true });
    const otherBoss = await makeStaff(t.db, { superAdmin: true });
    const before = await staffState(otherBoss.id);
    await expectRefused(
      await setPassword(boss.token, otherBoss.id, { password: 'boss takeover 2026' }),
      boss,
      'staffUser.update',
      NOT_BELOW,
    );
    expect(await staffState(otherBoss.id)).toEqual(before);
  });

  it('refuses setting one’s own password here', async () => {
    const manager = await signedIn({ permissions: MANAGER });
    await expectRefused(
      await setPassword(manager.token, manager.id, { password: 'my own new one 2026' }),
      manager,
      'staffUser.update',
      'You cannot set your own password here. Send yourself a reset link instead.',
    );
  });

  it('lets a manager set the password of staff below them, who then sign in with it', async () => {
    const manager = await signedIn({ permissions: MANAGER });
    const readerRole = await makeRole('Grade readers', [['grade', 'read']]);
    const reader = await makeStaff(t.db);
    await t.db.updateTable('staffUsers').set({ roleId: readerRole }).where('id', '=', reader.id).execute();
    const res = await setPassword(manager.token, reader.id, { password: 'set by the manager 1' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await staffState(reader.id);
    expect(await verifyPassword(row?.passwordHash ?? '', 'set by the manager 1')).toBe(true);
    await expect(loginStaff(t.app, { ...reader, password: 'set by the manager 1' })).resolves.toHaveProperty(
      'accessToken',
    );
    expect(await auditRows('staffUser.update')).toEqual([
      expect.objectContaining({
        actorId: manager.id,
        targetId: reader.id,
        details: expect.objectContaining({ passwordChanged: true }),
      }),
    ]);
    // A Super Admin is above everyone who is not one.
    const boss = await signedIn({ superAdmin: true });
    expect((await setPassword(boss.token, manager.id, { password: 'set by the boss 12' })).statusCode).toBe(
      200,
    );
  });

  it('still lets a peer change what is not a password (name, status)', async () => {
    const { manager, colleague } = await managerAndColleague();
    const res = await setPassword(manager.token, colleague.id, { username: 'New name', isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await staffState(colleague.id)).toMatchObject({ username: 'New name', isActive: false });
  });
});
