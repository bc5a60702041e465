import type { Db } from '@riyazi/db';
import type { Action, Module } from '../../contracts/permissions.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isPgError, PG } from '../../lib/pg-errors.js';
import {
  type Actor,
  assertMayManageRole,
  auditRefusal,
  type Grant,
  grantsFromRows,
  grantsOf,
  missingGrants,
  permissionsOf,
  REFUSED,
  RefusedChange,
  roleGrants,
} from './grants.js';
import * as repo from './staff-users.repository.js';
import type { CreateRoleBody, RoleDto, UpdateRoleBody } from './staff-users.schemas.js';

export async function listRoles(db: Db): Promise<RoleDto[]> {
  const roles = await repo.listRoles(db);
  const rows = await repo.findRolePermissionRows(
    db,
    roles.map((r) => r.id),
  );
  return roles.map((role) => ({
    _id: role.id,
    name: role.name,
    isSuperAdmin: role.isSuperAdmin,
    permissions: permissionsOf(role.isSuperAdmin, grantsFromRows(rows.filter((r) => r.roleId === role.id))),
    userCount: Number(role.userCount),
  }));
}

async function roleDto(db: Db, id: string): Promise<RoleDto> {
  const role = (await listRoles(db)).find((r) => r._id === id);
  if (!role) {
    throw notFound('Role not found');
  }
  return role;
}

const toPairs = (grants: Grant[]) =>
  grants.map((g) => {
    const [module, action] = g.split(':') as [Module, Action];
    return { module, action };
  });

const ROLE_NAME_TAKEN = 'A role with this name already exists';

export async function createRole(db: Db, actor: Actor, body: CreateRoleBody): Promise<RoleDto> {
  // A Super Admin role holds everything by its flag; it keeps no permission rows.
  const grants = body.isSuperAdmin ? [] : grantsOf(body.permissions);
  const attempt = {
    action: 'role.create',
    targetType: 'staffRole',
    details: { name: body.name, isSuperAdmin: body.isSuperAdmin, permissions: grantsOf(body.permissions) },
  } as const;
  const id = await auditRefusal(db, actor, attempt, async () => {
    if (body.isSuperAdmin && !actor.isSuperAdmin) {
      throw new RefusedChange(REFUSED.createSuperAdminRole);
    }
    if (missingGrants(actor, grants).length > 0) {
      throw new RefusedChange(REFUSED.grant);
    }
    return db.transaction().execute(async (trx) => {
      const role = await repo
        .insertRole(trx, { name: body.name, isSuperAdmin: body.isSuperAdmin })
        .catch((error: unknown) => {
          throw isPgError(error, PG.uniqueViolation) ? conflict(ROLE_NAME_TAKEN) : error;
        });
      await repo.replaceRolePermissions(trx, role.id, toPairs(grants));
      await audit(trx, actor, 'role.create', 'staffRole', role.id, {
        name: role.name,
        isSuperAdmin: role.isSuperAdmin,
        permissions: grants,
      });
      return role.id;
    });
  });
  return roleDto(db, id);
}

/** The role, locked; the Super Admin role is never edited or deleted. */
async function lockChangeableRole(trx: Trx, id: string, verb: 'edited' | 'deleted') {
  const role = await repo.lockRole(trx, id);
  if (!role) {
    throw notFound('Role not found');
  }
  if (role.isSuperAdmin) {
    throw conflict(`The Super Admin role cannot be ${verb}`);
  }
  return role;
}

export async function updateRole(db: Db, actor: Actor, id: string, body: UpdateRoleBody): Promise<RoleDto> {
  const attempt = {
    action: 'role.update',
    targetType: 'staffRole',
    targetId: id,
    details: {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.isSuperAdmin === undefined ? {} : { isSuperAdmin: body.isSuperAdmin }),
      ...(body.permissions === undefined ? {} : { permissions: grantsOf(body.permissions) }),
    },
  } as const;
  await auditRefusal(db, actor, attempt, () =>
    db.transaction().execute(async (trx) => {
      const role = await lockChangeableRole(trx, id, 'edited');
      const makeSuperAdmin = body.isSuperAdmin === true;
      if (makeSuperAdmin && !actor.isSuperAdmin) {
        throw new RefusedChange(REFUSED.createSuperAdminRole);
      }
      const current = await roleGrants(trx, id);
      assertMayManageRole(actor, current);
      const next = makeSuperAdmin ? [] : body.permissions ? grantsOf(body.permissions) : current;
      if (missingGrants(actor, next).length > 0) {
        throw new RefusedChange(REFUSED.grant);
      }
      const name = body.name ?? role.name;
      const added = next.filter((g) => !current.includes(g));
      const removed = current.filter((g) => !next.includes(g));
      if (name === role.name && !makeSuperAdmin && added.length === 0 && removed.length === 0) {
        return;
      }
      await repo.updateRole(trx, id, { name, isSuperAdmin: makeSuperAdmin }).catch((error: unknown) => {
        throw isPgError(error, PG.uniqueViolation) ? conflict(ROLE_NAME_TAKEN) : error;
      });
      await repo.replaceRolePermissions(trx, id, toPairs(next));
      await audit(trx, actor, 'role.update', 'staffRole', id, {
        name: name === role.name ? name : { from: role.name, to: name },
        ...(makeSuperAdmin ? { isSuperAdmin: { from: false, to: true } } : {}),
        permissions: { added, removed },
      });
    }),
  );
  return roleDto(db, id);
}

export async function deleteRole(db: Db, actor: Actor, id: string): Promise<void> {
  const attempt = { action: 'role.delete', targetType: 'staffRole', targetId: id, details: {} } as const;
  await auditRefusal(db, actor, attempt, () =>
    db.transaction().execute(async (trx) => {
      const role = await lockChangeableRole(trx, id, 'deleted');
      const grants = await roleGrants(trx, id);
      assertMayManageRole(actor, grants);
      const holders = await repo.countRoleUsers(trx, id);
      if (holders > 0) {
        throw conflict(
          `This role is held by ${holders} staff member${holders === 1 ? '' : 's'}. Move them to another role first.`,
        );
      }
      await repo.deleteRole(trx, id);
      await audit(trx, actor, 'role.delete', 'staffRole', id, { name: role.name, permissions: grants });
    }),
  );
}
