import type { Action, Module } from '@riyazi/api/contracts';
import { beforeEach, expect } from 'vitest';
import {
  authorizedCall,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the staff-users-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const USERS_ALL: [Module, Action][] = [
  ['users', 'read'],
  ['users', 'create'],
  ['users', 'update'],
  ['users', 'delete'],
];

export const signedIn = (options: StaffFactoryOptions = {}) => signedInStaff(t, options);

export const call = authorizedCall(t);

export const refresh = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/refresh', cookies: { riyazi_staff_rt: cookie } });

export async function makeRole(name: string, permissions: [Module, Action][] = [], isSuperAdmin = false) {
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

export const auditRows = (action: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['actorId', 'targetId', 'details'])
    .where('action', '=', action)
    .execute();

/** Audit rows up to this id have been looked at by expectRefused. */
export let seenAuditId = 0;
beforeEach(() => {
  seenAuditId = 0;
});

/** A refused try: 403 with its message, and exactly one new audit row of it naming the actor and the reason. */
export async function expectRefused(
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
export const staffState = (id: string) =>
  t.db
    .selectFrom('staffUsers')
    .select(['id', 'email', 'username', 'roleId', 'isActive', 'passwordHash'])
    .where('id', '=', id)
    .executeTakeFirst();

export const activeSuperAdmins = () =>
  t.db
    .selectFrom('staffUsers')
    .innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId')
    .select('staffUsers.id')
    .where('staffUsers.isActive', '=', true)
    .where('staffRoles.isSuperAdmin', '=', true)
    .execute();

export interface StaffBody {
  data: {
    _id: string;
    email: string;
    username: string;
    role: { _id: string; name: string; isSuperAdmin: boolean };
    isActive: boolean;
  };
}
