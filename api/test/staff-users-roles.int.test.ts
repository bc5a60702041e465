import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../test/helpers.js';
import { auditRows, call, makeRole, signedIn, t } from './staff-users.fixtures.js';

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
    expect(roles[1].permissions.integrity).toEqual({ read: false, update: false });
    expect(roles[1].permissions.certificate).toEqual({ read: false, update: false });
    expect(roles[1].permissions.code).toEqual({
      read: false,
      create: false,
      update: false,
      delete: false,
      export: false,
    });
    expect(Object.keys(roles[1].permissions)).toHaveLength(25);
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
