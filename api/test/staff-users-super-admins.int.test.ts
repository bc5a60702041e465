import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../test/helpers.js';
import {
  activeSuperAdmins,
  auditRows,
  call,
  expectRefused,
  makeRole,
  signedIn,
  staffState,
  t,
  USERS_ALL,
} from './staff-users.fixtures.js';

describe('the last active Super Admin', () => {
  it('cannot be deactivated, deleted or moved to a role without Super Admin rights, even by themselves', async () => {
    const only = await signedIn({ superAdmin: true });
    await makeStaff(t.db, { superAdmin: true, isActive: false });
    const plainRole = await makeRole('Plain', [['users', 'read']]);
    const before = await staffState(only.id);

    const off = await call(only.token, 'POST', `/api/staffUser/update/?id=${only.id}`, { isActive: false });
    await expectRefused(off, only, 'staffUser.update', 'The last active Super Admin cannot be deactivated');
    const del = await call(only.token, 'DELETE', `/api/staffUser/delete/?id=${only.id}`);
    await expectRefused(del, only, 'staffUser.delete', 'The last active Super Admin cannot be deleted');
    const demote = await call(only.token, 'POST', `/api/staffUser/update/?id=${only.id}`, {
      roleId: plainRole,
    });
    await expectRefused(
      demote,
      only,
      'staffUser.update',
      'The last active Super Admin cannot be moved to a role without Super Admin rights',
    );
    expect(await staffState(only.id)).toEqual(before);
    expect(await activeSuperAdmins()).toEqual([{ id: only.id }]);
  });

  it('can be deactivated once another Super Admin is active', async () => {
    const first = await makeStaff(t.db, { superAdmin: true });
    const second = await signedIn({ superAdmin: true });
    const off = await call(second.token, 'POST', `/api/staffUser/update/?id=${first.id}`, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect(await activeSuperAdmins()).toEqual([{ id: second.id }]);
  });

  it('survives two Super Admins deleting each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      await t.db.deleteFrom('staffUsers').execute();
      const a = await signedIn({ superAdmin: true });
      const b = await signedIn({ superAdmin: true });
      const results = await Promise.all([
        call(a.token, 'DELETE', `/api/staffUser/delete/?id=${b.id}`),
        call(b.token, 'DELETE', `/api/staffUser/delete/?id=${a.id}`),
      ]);
      // The loser is refused as the last Super Admin (403), or, if the winner committed before its
      // request was authenticated, as an account that no longer exists (401).
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403], `round ${round}`).toContain(statuses[1]);
      expect(await activeSuperAdmins(), `round ${round}`).toHaveLength(1);
    }
  });

  it('survives two Super Admins deactivating each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      await t.db.deleteFrom('staffUsers').execute();
      const a = await signedIn({ superAdmin: true });
      const b = await signedIn({ superAdmin: true });
      const results = await Promise.all([
        call(a.token, 'POST', `/api/staffUser/update/?id=${b.id}`, { isActive: false }),
        call(b.token, 'POST', `/api/staffUser/update/?id=${a.id}`, { isActive: false }),
      ]);
      // The loser is refused as the last Super Admin (403), or, if the winner committed before its
      // request was authenticated, as a deactivated account (401).
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403], `round ${round}`).toContain(statuses[1]);
      expect(await activeSuperAdmins(), `round ${round}`).toHaveLength(1);
    }
  });
});

describe('Super Admins are managed only by Super Admins', () => {
  /** A staff manager (users read/create/update/delete) with nothing else, and two active Super Admins. */
  async function cast() {
    const manager = await signedIn({ permissions: USERS_ALL });
    const boss = await makeStaff(t.db, { superAdmin: true });
    const otherBoss = await signedIn({ superAdmin: true });
    return { manager, boss, otherBoss };
  }

  it('refuses a staff manager who is not a Super Admin every change to a Super Admin, audited, changing nothing', async () => {
    const { manager, boss } = await cast();
    const plainRole = await makeRole('Managers', USERS_ALL);
    const before = await staffState(boss.id);
    const message = 'Only a Super Admin can change, deactivate or delete a Super Admin';
    const update = (body: object) =>
      call(manager.token, 'POST', `/api/staffUser/update/?id=${boss.id}`, body);

    await expectRefused(await update({ isActive: false }), manager, 'staffUser.update', message);
    await expectRefused(await update({ roleId: plainRole }), manager, 'staffUser.update', message);
    await expectRefused(await update({ username: 'Demoted' }), manager, 'staffUser.update', message);
    await expectRefused(await update({ password: 'taken over 12345' }), manager, 'staffUser.update', message);
    const del = await call(manager.token, 'DELETE', `/api/staffUser/delete/?id=${boss.id}`);
    await expectRefused(del, manager, 'staffUser.delete', message);

    expect(await staffState(boss.id)).toEqual(before);
  });

  it('refuses a staff manager who is not a Super Admin creating a Super Admin', async () => {
    const { manager, boss } = await cast();
    const email = 'new-boss@example.com';
    const res = await call(manager.token, 'POST', '/api/staffUser/create/', {
      email,
      username: 'New boss',
      password: 'long enough password',
      roleId: boss.roleId,
    });
    await expectRefused(res, manager, 'staffUser.create', 'Only a Super Admin can give the Super Admin role');
    expect(await t.db.selectFrom('staffUsers').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses a staff manager changing or deleting a colleague whose role holds more (a coordinator)', async () => {
    const { manager } = await cast();
    const coordinator = await makeStaff(t.db, {
      permissions: [
        ['student', 'read'],
        ['student', 'export'],
      ],
    });
    const before = await staffState(coordinator.id);
    const message = 'You cannot change or delete a staff member who has permissions you do not have';
    const update = (body: object) =>
      call(manager.token, 'POST', `/api/staffUser/update/?id=${coordinator.id}`, body);
    const weaker = await makeRole('Readers', [['users', 'read']]);

    await expectRefused(await update({ isActive: false }), manager, 'staffUser.update', message);
    await expectRefused(await update({ roleId: weaker }), manager, 'staffUser.update', message);
    const del = await call(manager.token, 'DELETE', `/api/staffUser/delete/?id=${coordinator.id}`);
    await expectRefused(del, manager, 'staffUser.delete', message);
    expect(await staffState(coordinator.id)).toEqual(before);
  });

  it('lets a Super Admin do each of these', async () => {
    const { boss, otherBoss } = await cast();
    const plainRole = await makeRole('Managers', USERS_ALL);
    const coordinator = await makeStaff(t.db, { permissions: [['student', 'export']] });
    const update = (id: string, body: object) =>
      call(otherBoss.token, 'POST', `/api/staffUser/update/?id=${id}`, body);

    // Not another Super Admin's password: a peer's (staff-users-passwords.int.test.ts).
    expect((await update(boss.id, { username: 'Renamed boss' })).statusCode).toBe(200);
    expect((await update(boss.id, { isActive: false })).statusCode).toBe(200);
    expect((await update(boss.id, { roleId: plainRole })).statusCode).toBe(200);
    expect(await staffState(boss.id)).toMatchObject({
      username: 'Renamed boss',
      roleId: plainRole,
      isActive: false,
    });
    const created = await call(otherBoss.token, 'POST', '/api/staffUser/create/', {
      email: 'second-boss@example.com',
      username: 'Second boss',
      password: 'long enough password',
      roleId: otherBoss.roleId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.role.isSuperAdmin).toBe(true);
    const newBoss = created.json().data._id as string;
    expect((await call(otherBoss.token, 'DELETE', `/api/staffUser/delete/?id=${newBoss}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(otherBoss.token, 'DELETE', `/api/staffUser/delete/?id=${coordinator.id}`)).statusCode,
    ).toBe(200);
    expect(await auditRows('staffUser.update.refused')).toEqual([]);
    expect(await auditRows('staffUser.delete.refused')).toEqual([]);
  });
});
