import { verifyPassword } from '@riyazi/db';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../test/helpers.js';
import {
  auditRows,
  call,
  expectRefused,
  makeRole,
  type StaffBody,
  signedIn,
  staffState,
  t,
} from './staff-users.fixtures.js';

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
