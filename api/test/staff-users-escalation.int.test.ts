import type { Action, Module } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff } from '../../test/helpers.js';
import {
  auditRows,
  call,
  expectRefused,
  makeRole,
  refresh,
  signedIn,
  staffState,
  t,
  USERS_ALL,
} from './staff-users.fixtures.js';

describe('no self-escalation', () => {
  const LIMITED: [Module, Action][] = [...USERS_ALL, ['question', 'read'], ['question', 'update']];
  const questionDeletes = () =>
    t.db
      .selectFrom('rolePermissions')
      .select('roleId')
      .where('module', '=', 'question')
      .where('action', '=', 'delete')
      .execute();

  it('refuses a role holding a permission the caller lacks, on create and on update, audited', async () => {
    const limited = await signedIn({ permissions: LIMITED });
    const create = await call(limited.token, 'POST', '/api/role/create/', {
      name: 'Deleters',
      permissions: { question: { read: true, delete: true } },
    });
    await expectRefused(create, limited, 'role.create', 'You cannot grant permissions you do not have');
    expect(await t.db.selectFrom('staffRoles').select('id').where('name', '=', 'Deleters').execute()).toEqual(
      [],
    );

    const ok = await call(limited.token, 'POST', '/api/role/create/', {
      name: 'Readers',
      permissions: { question: { read: true } },
    });
    expect(ok.statusCode).toBe(201);
    const roleId = ok.json().data._id;
    const widen = await call(limited.token, 'POST', `/api/role/update/?id=${roleId}`, {
      permissions: { question: { read: true, delete: true } },
    });
    expect(widen.statusCode).toBe(403);
    const ownWiden = await call(limited.token, 'POST', `/api/role/update/?id=${limited.roleId}`, {
      permissions: { users: { read: true, update: true }, question: { delete: true } },
    });
    expect(ownWiden.statusCode).toBe(403);
    expect(await auditRows('role.update.refused')).toEqual([
      expect.objectContaining({ actorId: limited.id, targetId: roleId }),
      expect.objectContaining({ actorId: limited.id, targetId: limited.roleId }),
    ]);
    expect(await questionDeletes()).toEqual([]);
  });

  it('refuses to change or delete a role holding a permission the caller lacks, even to take it away', async () => {
    const limited = await signedIn({ permissions: LIMITED });
    const bigger = await makeRole('Bigger', [
      ['question', 'read'],
      ['question', 'delete'],
    ]);
    const strip = await call(limited.token, 'POST', `/api/role/update/?id=${bigger}`, {
      permissions: { question: { read: true } },
    });
    await expectRefused(
      strip,
      limited,
      'role.update',
      'You cannot change or delete a role that has permissions you do not have',
    );
    const rename = await call(limited.token, 'POST', `/api/role/update/?id=${bigger}`, { name: 'Smaller' });
    expect(rename.statusCode).toBe(403);
    const del = await call(limited.token, 'DELETE', `/api/role/delete/?id=${bigger}`);
    await expectRefused(
      del,
      limited,
      'role.delete',
      'You cannot change or delete a role that has permissions you do not have',
    );
    const role = await t.db
      .selectFrom('staffRoles')
      .select('name')
      .where('id', '=', bigger)
      .executeTakeFirst();
    expect(role).toEqual({ name: 'Bigger' });
    expect(await questionDeletes()).toEqual([{ roleId: bigger }]);
  });

  it('refuses to change their own role, even to one they could grant', async () => {
    const limited = await signedIn({ permissions: LIMITED });
    const smaller = await makeRole('Smaller', [['users', 'read']]);
    const res = await call(limited.token, 'POST', `/api/staffUser/update/?id=${limited.id}`, {
      roleId: smaller,
    });
    await expectRefused(res, limited, 'staffUser.update', 'You cannot change your own role');
    expect((await staffState(limited.id))?.roleId).toBe(limited.roleId);
    const same = await call(limited.token, 'POST', `/api/staffUser/update/?id=${limited.id}`, {
      roleId: limited.roleId,
      username: 'Still me',
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses a Super Admin their own role change too', async () => {
    await makeStaff(t.db, { superAdmin: true });
    const admin = await signedIn({ superAdmin: true });
    const plain = await makeRole('Plain', [['users', 'read']]);
    const res = await call(admin.token, 'POST', `/api/staffUser/update/?id=${admin.id}`, { roleId: plain });
    await expectRefused(res, admin, 'staffUser.update', 'You cannot change your own role');
    expect((await staffState(admin.id))?.roleId).toBe(admin.roleId);
  });

  it('refuses to assign a role with more permissions, or a Super Admin role, to anyone', async () => {
    const limited = await signedIn({ permissions: LIMITED });
    const bigger = await makeRole('Bigger', [['question', 'delete']]);
    const superRole = await makeRole('Supers', [], true);
    const member = await makeStaff(t.db);
    const before = await staffState(member.id);
    for (const [roleId, message] of [
      [bigger, 'You cannot grant permissions you do not have'],
      [superRole, 'Only a Super Admin can give the Super Admin role'],
    ] as const) {
      const email = `x-${roleId.slice(0, 8)}@example.com`;
      const create = await call(limited.token, 'POST', '/api/staffUser/create/', {
        email,
        username: 'X',
        password: 'long enough password',
        roleId,
        isActive: true,
      });
      await expectRefused(create, limited, 'staffUser.create', message);
      expect(await t.db.selectFrom('staffUsers').select('id').where('email', '=', email).execute()).toEqual(
        [],
      );
      const assign = await call(limited.token, 'POST', `/api/staffUser/update/?id=${member.id}`, { roleId });
      await expectRefused(assign, limited, 'staffUser.update', message);
    }
    expect(await staffState(member.id)).toEqual(before);
    const superRoleCreate = await call(limited.token, 'POST', '/api/role/create/', {
      name: 'My supers',
      permissions: {},
      isSuperAdmin: true,
    });
    await expectRefused(
      superRoleCreate,
      limited,
      'role.create',
      'Only a Super Admin can create a Super Admin role',
    );
  });

  it('refuses to set the password of a staff member with more permissions', async () => {
    const limited = await signedIn({ permissions: LIMITED });
    const boss = await makeStaff(t.db, { superAdmin: true });
    const res = await call(limited.token, 'POST', `/api/staffUser/update/?id=${boss.id}`, {
      password: 'i own you now 123',
    });
    expect(res.statusCode).toBe(403);
    await expect(loginStaff(t.app, boss)).resolves.toHaveProperty('accessToken');
    expect(JSON.stringify(await auditRows('staffUser.update.refused'))).not.toMatch(/i own you/);
  });
});

describe('sessions and permission changes', () => {
  it('revokes refresh tokens on deactivation, so the old cookie fails even after reactivation', async () => {
    const admin = await signedIn({ superAdmin: true });
    const member = await signedIn({ permissions: [['grade', 'read']] });
    const off = await call(admin.token, 'POST', `/api/staffUser/update/?id=${member.id}`, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    const tokens = await t.db
      .selectFrom('sessions')
      .select('revokedAt')
      .where('staffUserId', '=', member.id)
      .execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await refresh(member.refreshCookie)).statusCode).toBe(401);

    await call(admin.token, 'POST', `/api/staffUser/update/?id=${member.id}`, { isActive: true });
    expect((await refresh(member.refreshCookie)).statusCode).toBe(401);
  });

  it('revokes refresh tokens when the password changes; the new password signs in', async () => {
    const admin = await signedIn({ superAdmin: true });
    const member = await signedIn({ permissions: [['grade', 'read']] });
    const res = await call(admin.token, 'POST', `/api/staffUser/update/?id=${member.id}`, {
      password: 'brand new password',
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(member.refreshCookie)).statusCode).toBe(401);
    await expect(loginStaff(t.app, { ...member, password: 'brand new password' })).resolves.toHaveProperty(
      'accessToken',
    );
    const [audit] = await auditRows('staffUser.update');
    expect(audit?.details).toMatchObject({ passwordChanged: true });
    expect(JSON.stringify(audit?.details)).not.toMatch(/brand new|argon/);
  });

  it('applies a role permission change to the very next request of its holders', async () => {
    const admin = await signedIn({ superAdmin: true });
    const reader = await signedIn({ permissions: [['users', 'read']] });
    expect((await call(reader.token, 'GET', '/api/role/detail/')).statusCode).toBe(200);

    const res = await call(admin.token, 'POST', `/api/role/update/?id=${reader.roleId}`, {
      permissions: { grade: { read: true } },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(reader.token, 'GET', '/api/role/detail/')).statusCode).toBe(403);
    expect((await call(reader.token, 'GET', '/api/user/me')).json().permissions).toEqual({
      grade: { read: true },
    });
  });
});
