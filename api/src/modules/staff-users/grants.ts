import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';
import {
  type Action,
  actionsOf,
  isAction,
  isModule,
  MODULES,
  type Module,
  type Permissions,
} from '../../contracts/permissions.js';
import { forbidden } from '../../lib/errors.js';
import type { StaffIdentity } from '../staff-auth/staff-auth.service.js';
import * as repo from './staff-users.repository.js';

export type Trx = Transaction<Database>;

/** Who is acting: read from the database on this request, so permission changes apply at once. */
export type Actor = Pick<StaffIdentity, 'id' | 'isSuperAdmin' | 'permissions'> & { ip: string };

export type Grant = `${Module}:${Action}`;

export const GRANT_REFUSED = 'You cannot grant permissions you do not have';

export function grantsOf(permissions: Permissions): Grant[] {
  return MODULES.flatMap((m) =>
    actionsOf(m)
      .filter((a) => permissions[m]?.[a] === true)
      .map((a): Grant => `${m}:${a}`),
  );
}

export function grantsFromRows(rows: { module: string; action: string }[]): Grant[] {
  const valid = rows.filter(
    (r) => isModule(r.module) && isAction(r.action) && actionsOf(r.module).includes(r.action),
  );
  return valid.map((r) => `${r.module}:${r.action}` as Grant).sort();
}

/** Every module with each action it offers spelled out, so a client can draw the grid as is. */
export function permissionsOf(isSuperAdmin: boolean, grants: Grant[]): Permissions {
  const held = new Set(grants);
  return Object.fromEntries(
    MODULES.map((m) => [
      m,
      Object.fromEntries(actionsOf(m).map((a) => [a, isSuperAdmin || held.has(`${m}:${a}`)])),
    ]),
  );
}

export function missingGrants(actor: Actor, grants: Grant[]): Grant[] {
  if (actor.isSuperAdmin) {
    return [];
  }
  const held = new Set(grantsOf(actor.permissions));
  return grants.filter((g) => !held.has(g));
}

export async function roleGrants(db: Db | Trx, roleId: string): Promise<Grant[]> {
  return grantsFromRows(await repo.findRolePermissionRows(db, [roleId]));
}

/** A Super Admin role holds every permission, so only a Super Admin may hand it out. */
export async function assertMayAssignRole(
  trx: Trx,
  actor: Actor,
  role: { id: string; isSuperAdmin: boolean },
) {
  if (actor.isSuperAdmin) {
    return;
  }
  if (role.isSuperAdmin || missingGrants(actor, await roleGrants(trx, role.id)).length > 0) {
    throw forbidden(GRANT_REFUSED);
  }
}

/** Setting the password of someone who can do more than you would be a way into their account. */
export async function assertMaySetPassword(trx: Trx, actor: Actor, target: repo.StaffRow) {
  if (actor.isSuperAdmin || actor.id === target.id) {
    return;
  }
  if (target.isSuperAdmin || missingGrants(actor, await roleGrants(trx, target.roleId)).length > 0) {
    throw forbidden('You cannot set the password of a staff member who has permissions you do not have');
  }
}

export function isViolation(error: unknown, code: '23505' | '23503'): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
