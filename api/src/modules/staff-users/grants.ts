import type { Db } from '@riyazi/db';
import type { StaffIdentity } from '#modules/staff-auth';
import {
  type Action,
  actionsOf,
  isAction,
  isModule,
  MODULES,
  type Module,
  type Permissions,
} from '../../contracts/permissions.js';
import { standingOf } from '../../contracts/staff-standing.js';
import { writeAudit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import * as repo from './staff-users.repository.js';

/** Who is acting: read from the database on this request, so permission changes apply at once. */
export type Actor = Pick<StaffIdentity, 'id' | 'isSuperAdmin' | 'permissions'> & { ip: string };

export type Grant = `${Module}:${Action}`;

/** A change to staff or roles the actor may not make: 403, and an audit row of the try. */
export class RefusedChange extends HttpError {
  constructor(message: string) {
    super(403, message);
    this.name = 'RefusedChange';
  }
}

export const REFUSED = {
  grant: 'You cannot grant permissions you do not have',
  giveSuperAdmin: 'Only a Super Admin can give the Super Admin role',
  createSuperAdminRole: 'Only a Super Admin can create a Super Admin role',
  superAdminTarget: 'Only a Super Admin can change, deactivate or delete a Super Admin',
  staffAboveYou: 'You cannot change or delete a staff member who has permissions you do not have',
  roleAboveYou: 'You cannot change or delete a role that has permissions you do not have',
  ownRole: 'You cannot change your own role',
  deactivateSelf: 'You cannot deactivate your own account',
  deleteSelf: 'You cannot delete your own account',
  lastSuperAdmin: 'The last active Super Admin cannot be',
  passwordNotBelow:
    'You can set the password only of staff below you (fewer permissions than yours). Send them a reset link instead.',
  ownPassword: 'You cannot set your own password here. Send yourself a reset link instead.',
} as const;

export interface AttemptedChange {
  /** The audited action of the change, e.g. staffUser.update; a refusal is `<action>.refused`. */
  action: string;
  targetType: 'staffUser' | 'staffRole';
  targetId?: string;
  /** What was asked for (never a password). */
  details: Record<string, unknown>;
}

/**
 * Runs a change; when it is refused (RefusedChange), writes an audit row of the try after its
 * transaction has rolled back, then passes the refusal on.
 */
export async function auditRefusal<T>(
  db: Db,
  actor: Actor,
  attempt: AttemptedChange,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof RefusedChange) {
      await writeAudit(db, {
        actorType: 'staff',
        actorId: actor.id,
        action: `${attempt.action}.refused`,
        targetType: attempt.targetType,
        ...(attempt.targetId === undefined ? {} : { targetId: attempt.targetId }),
        ip: actor.ip,
        details: { reason: error.message, ...attempt.details },
      });
    }
    throw error;
  }
}

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
  if (role.isSuperAdmin) {
    throw new RefusedChange(REFUSED.giveSuperAdmin);
  }
  if (missingGrants(actor, await roleGrants(trx, role.id)).length > 0) {
    throw new RefusedChange(REFUSED.grant);
  }
}

/**
 * Whether the actor may change or delete this staff member at all: a Super Admin only by a Super
 * Admin, anyone else only by someone holding every permission they hold (renaming, deactivating,
 * deleting, demoting or setting the password of someone who can do more is a way past one's role).
 */
export async function assertMayManageStaff(trx: Trx, actor: Actor, target: repo.StaffRow) {
  if (actor.isSuperAdmin) {
    return;
  }
  if (target.isSuperAdmin) {
    throw new RefusedChange(REFUSED.superAdminTarget);
  }
  if (missingGrants(actor, await roleGrants(trx, target.roleId)).length > 0) {
    throw new RefusedChange(REFUSED.staffAboveYou);
  }
}

/** Changing or deleting a role is changing its holders: only within what the actor holds. */
export function assertMayManageRole(actor: Actor, grants: Grant[]) {
  if (missingGrants(actor, grants).length > 0) {
    throw new RefusedChange(REFUSED.roleAboveYou);
  }
}

/**
 * Setting someone's password lets the actor sign in as them, and the audit trail would then name
 * the wrong person: only for staff strictly below the actor (standingOf); anyone else, the actor
 * included, gets a reset link to their own address.
 */
export async function assertMaySetPassword(trx: Trx, actor: Actor, target: repo.StaffRow) {
  if (target.id === actor.id) {
    throw new RefusedChange(REFUSED.ownPassword);
  }
  const permissions = permissionsOf(false, await roleGrants(trx, target.roleId));
  if (standingOf(actor, { isSuperAdmin: target.isSuperAdmin, permissions }) !== 'below') {
    throw new RefusedChange(REFUSED.passwordNotBelow);
  }
}
