import type { Action, Module } from '@riyazi/api/contracts';
import { verifyPassword } from '@riyazi/db';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  authorizedCall,
  loginStaff,
  makeStaff,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const USERS_ALL: [Module, Action][] = [
  ['users', 'read'],
  ['users', 'create'],
  ['users', 'update'],
  ['users', 'delete'],
];

const signedIn = (options: StaffFactoryOptions = {}) => signedInStaff(t, options);

const call = authorizedCall(t);

const refresh = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/refresh', cookies: { riyazi_staff_rt: cookie } });

async function makeRole(name: string, permissions: [Module, Action][] = [], isSuperAdmin = false) {
  const role = await t.db
    .insertInto('staffRoles')
    .values({ name, isSuperAdmin })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (permissions.length > 0) {
    await t.db
      .insertInto('rolePermissions')
      .values(permissions.map(([module, action]) => ({ roleId: role.id, module, action })))
      .execute();
  }
  return role.id;
}

const auditRows = (action: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['actorId', 'targetId', 'details'])
    .where('action', '=', action)
    .execute();

/** Audit rows up to this id have been looked at by expectRefused. */
let seenAuditId = 0;
beforeEach(() => {
  seenAuditId = 0;
});

/** A refused try: 403 with its message, and exactly one new audit row of it naming the actor and the reason. */
async function expectRefused(
  res: { statusCode: number; body: string; json: () => unknown },
  by: { id: string },
  action: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ message });
  const rows = await t.db
    .selectFrom('auditLog')
    .select(['id', 'actorId', 'details'])
    .where('action', '=', `${action}.refused`)
    .where('id', '>', seenAuditId)
    .execute();
  expect(rows).toEqual([
    expect.objectContaining({ actorId: by.id, details: expect.objectContaining({ reason: message }) }),
  ]);
  seenAuditId = Math.max(seenAuditId, ...rows.map((row) => row.id));
}

/** What a refused change must leave as it was. */
const staffState = (id: string) =>
  t.db
    .selectFrom('staffUsers')
    .select(['id', 'email', 'username', 'roleId', 'isActive', 'passwordHash'])
    .where('id', '=', id)
    .executeTakeFirst();

const activeSuperAdmins = () =>
  t.db
    .selectFrom('staffUsers')
    .innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId')
    .select('staffUsers.id')
    .where('staffUsers.isActive', '=', true)
    .where('staffRoles.isSuperAdmin', '=', true)
    .execute();

interface StaffBody {
  data: {
    _id: string;
    email: string;
    username: string;
    role: { _id: string; name: string; isSuperAdmin: boolean };
    isActive: boolean;
  };
}

describe('GET /api/staffUser/detail/', () => {
  it('lists staff in the spec envelope with their role, filtered by search, role and status', async () => {
    const admin = await signedIn({ permissions: [['users', 'read']] });
    const other = await makeStaff(t.db, { isActive: false });
    const all = await call(admin.token, 'GET', '/api/staffUser/detail/');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ total: 2, currentPage: 1, totalPages: 1, itemsPerPage: 50 });
    expect(body.data[0]).toEqual({
      _id: other.id,
      email: other.email,
      username: expect.any(String),
      role: { _id: other.roleId, name: expect.stringMatching(/^Role /), isSuperAdmin: false },
      isActive: false,
      lastLoginAt: null,
      createdAt: expect.any(String),
    });
    expect(body.data[1]).toMatchObject({ _id: admin.id, lastLoginAt: expect.any(String) });

    const search = await call(
      admin.token,
      'GET',
      `/api/staffUser/detail/?search=${other.email.slice(0, 14)}`,
    );
    expect(search.json().data.map((s: { _id: string }) => s._id)).toEqual([other.id]);
    const byRole = await call(admin.token, 'GET', `/api/staffUser/detail/?roleId=${admin.roleId}`);
    expect(byRole.json().data.map((s: { _id: string }) => s._id)).toEqual([admin.id]);
    const active = await call(admin.token, 'GET', '/api/staffUser/detail/?isActive=true');
    expect(active.json()).toMatchObject({ total: 1, data: [{ _id: admin.id }] });
    const page2 = await call(admin.token, 'GET', '/api/staffUser/detail/?page=2&limit=1');
    expect(page2.json()).toMatchObject({ total: 2, currentPage: 2, totalPages: 2, itemsPerPage: 1 });
    expect(page2.json().data).toHaveLength(1);
  });

  it('refuses a page size above 100', async () => {
    const admin = await signedIn({ permissions: [['users', 'read']] });
    const res = await call(admin.token, 'GET', '/api/staffUser/detail/?limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/limit/);
  });
});

describe('POST /api/staffUser/create/', () => {
  it('adds a staff member with a hashed password who can then sign in, and audits it', async () => {
    const admin = await signedIn({ superAdmin: true });
    const roleId = await makeRole('Verifier', [['studentVerification', 'read']]);
    const res = await call(admin.token, 'POST', '/api/staffUser/create/', {
      email: 'New.Person@Example.com',
      username: 'New Person',
      password: 'a long secret 123',
      roleId,
      isActive: true,
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json<StaffBody>();
    expect(data).toMatchObject({
      email: 'New.Person@Example.com',
      username: 'New Person',
      role: { _id: roleId, name: 'Verifier', isSuperAdmin: false },
      isActive: true,
    });
    const row = await t.db
      .selectFrom('staffUsers')
      .select('passwordHash')
      .where('id', '=', data._id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toContain('a long secret');
    expect(await verifyPassword(row.passwordHash, 'a long secret 123')).toBe(true);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'new.person@example.com', password: 'a long secret 123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().permissions).toEqual({ studentVerification: { read: true } });

    const [audit] = await auditRows('staffUser.create');
    expect(audit).toMatchObject({ actorId: admin.id, targetId: data._id });
    expect(JSON.stringify(audit?.details)).not.toMatch(/argon|secret|password/i);
  });

  it('refuses an e-mail already in use, whatever its case, with 409', async () => {
    const admin = await signedIn({ superAdmin: true });
    const existing = await makeStaff(t.db);
    const res = await call(admin.token, 'POST', '/api/staffUser/create/', {
      email: existing.email.toUpperCase(),
      username: 'Copy',
      password: 'another long one',
      roleId: existing.roleId,
      isActive: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A staff member with this e-mail already exists' });
  });

  it('refuses a password shorter than 10 characters or equal to the e-mail', async () => {
    const admin = await signedIn({ superAdmin: true });
    const base = { email: 'someone@example.com', username: 'Someone', roleId: admin.roleId, isActive: true };
    const short = await call(admin.token, 'POST', '/api/staffUser/create/', { ...base, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^password: .*10/);
    const same = await call(admin.token, 'POST', '/api/staffUser/create/', {
      ...base,
      password: 'SOMEONE@example.com',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/^password: /);
  });
});

describe('POST /api/staffUser/update/ and DELETE /api/staffUser/delete/', () => {
  it('changes username, role and status, and audits what changed', async () => {
    const admin = await signedIn({ superAdmin: true });
    const member = await makeStaff(t.db, { permissions: [['grade', 'read']] });
    const roleId = await makeRole('Graders', [['grade', 'read']]);
    const res = await call(admin.token, 'POST', `/api/staffUser/update/?id=${member.id}`, {
      username: 'Renamed',
      roleId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffBody>().data).toMatchObject({
      username: 'Renamed',
      role: { _id: roleId, name: 'Graders' },
      isActive: true,
    });
    const [audit] = await auditRows('staffUser.update');
    expect(audit?.details).toMatchObject({
      changes: {
        username: { to: 'Renamed' },
        role: { from: { id: member.roleId }, to: { id: roleId, name: 'Graders' } },
      },
      passwordChanged: false,
    });

    const off = await call(admin.token, 'POST', `/api/staffUser/update/?id=${member.id}`, {
      isActive: false,
    });
    expect(off.json<StaffBody>().data.isActive).toBe(false);
    expect(await auditRows('staffUser.deactivate')).toHaveLength(1);
  });

  it('deletes a staff member and audits it', async () => {
    const admin = await signedIn({ permissions: [['users', 'delete']] });
    const member = await makeStaff(t.db);
    const res = await call(admin.token, 'DELETE', `/api/staffUser/delete/?id=${member.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Staff member deleted' });
    const left = await t.db.selectFrom('staffUsers').select('id').where('id', '=', member.id).execute();
    expect(left).toEqual([]);
    expect(await auditRows('staffUser.delete')).toMatchObject([
      { actorId: admin.id, targetId: member.id, details: { email: member.email } },
    ]);
    const again = await call(admin.token, 'DELETE', `/api/staffUser/delete/?id=${member.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('does not let staff delete or deactivate themselves (403, audited)', async () => {
    await makeStaff(t.db, { superAdmin: true });
    const admin = await signedIn({ superAdmin: true });
    const before = await staffState(admin.id);
    const del = await call(admin.token, 'DELETE', `/api/staffUser/delete/?id=${admin.id}`);
    await expectRefused(del, admin, 'staffUser.delete', 'You cannot delete your own account');
    const off = await call(admin.token, 'POST', `/api/staffUser/update/?id=${admin.id}`, { isActive: false });
    await expectRefused(off, admin, 'staffUser.update', 'You cannot deactivate your own account');
    expect(await staffState(admin.id)).toEqual(before);
  });
});

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

    expect(
      (await update(boss.id, { username: 'Renamed boss', password: 'a fresh password 1' })).statusCode,
    ).toBe(200);
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

describe('roles', () => {
  it('lists every role with its full permission grid and user count', async () => {
    const admin = await signedIn({ superAdmin: true });
    await makeStaff(t.db, { permissions: [['grade', 'read']] });
    const res = await call(admin.token, 'GET', '/api/role/detail/');
    expect(res.statusCode).toBe(200);
    const roles = res.json().data;
    expect(roles).toHaveLength(2);
    expect(roles[0]).toMatchObject({ _id: admin.roleId, isSuperAdmin: true, userCount: 1 });
    expect(roles[0].permissions.question).toEqual({ read: true, create: true, update: true, delete: true });
    expect(roles[1].permissions.grade).toEqual({ read: true, create: false, update: false, delete: false });
    expect(roles[1].permissions.queues).toEqual({ read: false, update: false });
    expect(Object.keys(roles[1].permissions)).toHaveLength(23);
  });

  it('creates, updates and deletes a role, auditing each permission change', async () => {
    const admin = await signedIn({ superAdmin: true });
    const created = await call(admin.token, 'POST', '/api/role/create/', {
      name: 'Content',
      permissions: { faqManagement: { read: true, update: true } },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'Content', isSuperAdmin: false, userCount: 0 });
    expect(role.permissions.faqManagement).toEqual({
      read: true,
      create: false,
      update: true,
      delete: false,
    });

    const updated = await call(admin.token, 'POST', `/api/role/update/?id=${role._id}`, {
      name: 'Content team',
      permissions: { faqManagement: { read: true }, photoGallery: { read: true } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Content team' });

    const deleted = await call(admin.token, 'DELETE', `/api/role/delete/?id=${role._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Role deleted' });

    expect((await auditRows('role.create'))[0]?.details).toMatchObject({
      name: 'Content',
      permissions: ['faqManagement:read', 'faqManagement:update'],
    });
    expect((await auditRows('role.update'))[0]?.details).toMatchObject({
      name: { from: 'Content', to: 'Content team' },
      permissions: { added: ['photoGallery:read'], removed: ['faqManagement:update'] },
    });
    expect((await auditRows('role.delete'))[0]).toMatchObject({ actorId: admin.id, targetId: role._id });
  });

  it('refuses a duplicate role name with 409', async () => {
    const admin = await signedIn({ superAdmin: true });
    await makeRole('Editors');
    const res = await call(admin.token, 'POST', '/api/role/create/', { name: 'editors', permissions: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A role with this name already exists' });
  });

  it('refuses to delete a role that staff still hold, saying how many', async () => {
    const admin = await signedIn({ superAdmin: true });
    const member = await makeStaff(t.db);
    await makeStaff(t.db).then((other) =>
      t.db.updateTable('staffUsers').set({ roleId: member.roleId }).where('id', '=', other.id).execute(),
    );
    const res = await call(admin.token, 'DELETE', `/api/role/delete/?id=${member.roleId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/held by 2 staff members/);
  });

  it('never edits or deletes the Super Admin role', async () => {
    const admin = await signedIn({ superAdmin: true });
    const edit = await call(admin.token, 'POST', `/api/role/update/?id=${admin.roleId}`, { name: 'Renamed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: 'The Super Admin role cannot be edited' });
    const del = await call(admin.token, 'DELETE', `/api/role/delete/?id=${admin.roleId}`);
    expect(del.statusCode).toBe(409);
  });

  it('lets a Super Admin create a Super Admin role', async () => {
    const admin = await signedIn({ superAdmin: true });
    const res = await call(admin.token, 'POST', '/api/role/create/', {
      name: 'Owners',
      permissions: {},
      isSuperAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ isSuperAdmin: true, permissions: { users: { delete: true } } });
  });
});

describe('API reference', () => {
  it('documents every staff user and role route with its responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    for (const [url, method] of [
      ['/api/staffUser/detail/', 'get'],
      ['/api/staffUser/create/', 'post'],
      ['/api/staffUser/update/', 'post'],
      ['/api/staffUser/delete/', 'delete'],
      ['/api/role/detail/', 'get'],
      ['/api/role/create/', 'post'],
      ['/api/role/update/', 'post'],
      ['/api/role/delete/', 'delete'],
    ] as const) {
      expect(Object.keys(paths[url]?.[method]?.responses ?? {}), `${method} ${url}`).toContain('403');
    }
  });
});
