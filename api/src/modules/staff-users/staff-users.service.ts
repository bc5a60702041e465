import { type Db, hashPassword } from '@riyazi/db';
import type { Redis } from 'ioredis';
import { queueStaffResetLink } from '#modules/staff-auth';
import { enforceLimits } from '../../auth/auth-limits.js';
import type { Revocation } from '../../auth/revocations.js';
import { endEverySession, type SessionDeps } from '../../auth/sessions.service.js';
import type { Config } from '../../config.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { isPgError, PG } from '../../lib/pg-errors.js';
import { type DispatchDeps, dispatchAfterCommit } from '../../queue/outbox.js';
import {
  type Actor,
  assertMayAssignRole,
  assertMayManageStaff,
  assertMaySetPassword,
  auditRefusal,
  REFUSED,
  RefusedChange,
} from './grants.js';
import * as repo from './staff-users.repository.js';
import type {
  CreateStaffBody,
  ListStaffQuery,
  StaffUserDto,
  UpdateStaffBody,
} from './staff-users.schemas.js';

function toStaffDto(row: repo.StaffRow): StaffUserDto {
  return {
    _id: row.id,
    email: row.email,
    username: row.username,
    role: { _id: row.roleId, name: row.roleName, isSuperAdmin: row.isSuperAdmin },
    isActive: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function staffDto(db: Db, id: string): Promise<StaffUserDto> {
  const row = await repo.findStaff(db, id);
  if (!row) {
    throw notFound('Staff member not found');
  }
  return toStaffDto(row);
}

export async function listStaff(db: Db, { page, limit, ...filter }: ListStaffQuery) {
  return pageOf(
    { page, limit },
    (l, o) => repo.listStaff(db, filter, l, o),
    () => repo.countStaff(db, filter),
    toStaffDto,
  );
}

export async function createStaff(db: Db, actor: Actor, body: CreateStaffBody): Promise<StaffUserDto> {
  const passwordHash = await hashPassword(body.password);
  const { email, username, roleId, isActive } = body;
  const attempt = {
    action: 'staffUser.create',
    targetType: 'staffUser',
    details: { email, username, roleId, isActive },
  } as const;
  const id = await auditRefusal(db, actor, attempt, () =>
    db.transaction().execute(async (trx) => {
      const role = await repo.shareLockRole(trx, roleId);
      if (!role) {
        throw badRequest('roleId: the chosen role does not exist');
      }
      await assertMayAssignRole(trx, actor, role);
      const created = await repo
        .insertStaff(trx, { email, username, passwordHash, roleId, isActive })
        .catch((error: unknown) => {
          throw isPgError(error, PG.uniqueViolation)
            ? conflict('A staff member with this e-mail already exists')
            : error;
        });
      await audit(trx, actor, 'staffUser.create', 'staffUser', created.id, {
        email,
        username,
        role: { id: role.id, name: role.name },
        isActive,
      });
      return created.id;
    }),
  );
  return staffDto(db, id);
}

type Change<T> = { from: T; to: T };
type RoleRef = { id: string; name: string; isSuperAdmin: boolean };

/** What an update asks for, as its audit row of a refusal records it (never the password). */
const requested = (body: UpdateStaffBody) => ({
  ...(body.username === undefined ? {} : { username: body.username }),
  ...(body.roleId === undefined ? {} : { roleId: body.roleId }),
  ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
  passwordChange: body.password !== undefined,
});

export async function updateStaff(
  { db, revocations }: SessionDeps,
  actor: Actor,
  id: string,
  body: UpdateStaffBody,
): Promise<StaffUserDto> {
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const attempt = {
    action: 'staffUser.update',
    targetType: 'staffUser',
    targetId: id,
    details: requested(body),
  } as const;
  const revocation = await auditRefusal(db, actor, attempt, () =>
    db.transaction().execute(async (trx): Promise<Revocation | null> => {
      // Super Admins first, then the target, then the role: every writer locks in the same order.
      const mayReduceSuperAdmins = body.isActive === false || body.roleId !== undefined;
      const superAdminIds = mayReduceSuperAdmins ? await repo.lockActiveSuperAdminIds(trx) : [];
      const target = await repo.lockStaff(trx, id);
      if (!target) {
        throw notFound('Staff member not found');
      }
      await assertMayManageStaff(trx, actor, target);
      let newRole: RoleRef | undefined;
      if (body.roleId !== undefined && body.roleId !== target.roleId) {
        newRole = await repo.shareLockRole(trx, body.roleId);
        if (!newRole) {
          throw badRequest('roleId: the chosen role does not exist');
        }
      }
      const deactivating = body.isActive === false && target.isActive;

      const staysActiveSuperAdmin =
        (body.isActive ?? target.isActive) && (newRole?.isSuperAdmin ?? target.isSuperAdmin);
      if (target.isActive && target.isSuperAdmin && !staysActiveSuperAdmin) {
        if (superAdminIds.every((other) => other === id)) {
          throw new RefusedChange(
            `${REFUSED.lastSuperAdmin} ${deactivating ? 'deactivated' : 'moved to a role without Super Admin rights'}`,
          );
        }
      }
      if (newRole && id === actor.id) {
        throw new RefusedChange(REFUSED.ownRole);
      }
      if (deactivating && id === actor.id) {
        throw new RefusedChange(REFUSED.deactivateSelf);
      }
      if (newRole) {
        await assertMayAssignRole(trx, actor, newRole);
      }
      if (body.password !== undefined) {
        await assertMaySetPassword(trx, actor, target);
        if (body.password.toLowerCase() === target.email.toLowerCase()) {
          throw badRequest('password: must not be the e-mail address');
        }
      }

      const changes: Record<string, Change<unknown>> = {};
      if (newRole) {
        changes.role = {
          from: { id: target.roleId, name: target.roleName },
          to: { id: newRole.id, name: newRole.name },
        };
      }
      if (body.isActive !== undefined && body.isActive !== target.isActive) {
        changes.isActive = { from: target.isActive, to: body.isActive };
      }
      if (body.username !== undefined && body.username !== target.username) {
        changes.username = { from: target.username, to: body.username };
      }
      if (Object.keys(changes).length === 0 && passwordHash === undefined) {
        return null;
      }
      await repo.updateStaff(trx, id, {
        username: changes.username ? body.username : undefined,
        roleId: newRole?.id,
        isActive: changes.isActive ? body.isActive : undefined,
        passwordHash,
      });
      await audit(trx, actor, deactivating ? 'staffUser.deactivate' : 'staffUser.update', 'staffUser', id, {
        email: target.email,
        changes,
        passwordChanged: passwordHash !== undefined,
      });
      return deactivating || passwordHash !== undefined ? endEverySession(trx, 'staff', id) : null;
    }),
  );
  if (revocation) {
    await revocations.announce(revocation);
  }
  return staffDto(db, id);
}

export async function deleteStaff({ db, revocations }: SessionDeps, actor: Actor, id: string): Promise<void> {
  const attempt = { action: 'staffUser.delete', targetType: 'staffUser', targetId: id, details: {} } as const;
  const revocation = await auditRefusal(db, actor, attempt, () =>
    db.transaction().execute(async (trx) => {
      const superAdminIds = await repo.lockActiveSuperAdminIds(trx);
      const target = await repo.lockStaff(trx, id);
      if (!target) {
        throw notFound('Staff member not found');
      }
      await assertMayManageStaff(trx, actor, target);
      if (target.isActive && target.isSuperAdmin && superAdminIds.every((other) => other === id)) {
        throw new RefusedChange(`${REFUSED.lastSuperAdmin} deleted`);
      }
      if (id === actor.id) {
        throw new RefusedChange(REFUSED.deleteSelf);
      }
      // Sessions go with the row (ON DELETE CASCADE); ending them first names them to other nodes.
      const ended = await endEverySession(trx, 'staff', id);
      await repo.deleteStaff(trx, id).catch((error: unknown) => {
        throw isPgError(error, PG.foreignKeyViolation)
          ? conflict('This staff member is still referenced by other records. Deactivate them instead.')
          : error;
      });
      await audit(trx, actor, 'staffUser.delete', 'staffUser', id, {
        email: target.email,
        username: target.username,
        role: { id: target.roleId, name: target.roleName },
      });
      return ended;
    }),
  );
  await revocations.announce(revocation);
}

/** Reset links one staff member may be sent by colleagues in an hour (each voids the one before). */
export const RESET_LINKS_PER_HOUR = 3;

export interface ResetLinkDeps extends DispatchDeps {
  redis: Redis;
  config: Readonly<Config>;
}

/**
 * E-mails a colleague a link to set their own password (any colleague, above or below: the link goes
 * to their address and changes nothing until they use it), audited as `staffUser.sendResetLink`.
 */
export async function sendResetLink(deps: ResetLinkDeps, actor: Actor, id: string): Promise<string> {
  const { db, redis, config } = deps;
  const target = await repo.findStaff(db, id);
  if (!target) {
    throw notFound('Staff member not found');
  }
  if (!target.isActive) {
    throw conflict('This staff member is inactive. Activate them before sending a reset link.');
  }
  await enforceLimits(
    redis,
    [
      {
        key: `${config.REDIS_PREFIX}:rl:staff-reset-link:${id}`,
        window: { limit: RESET_LINKS_PER_HOUR, windowSeconds: 60 * 60 },
      },
    ],
    (wait) =>
      `${target.username} has been sent ${RESET_LINKS_PER_HOUR} reset links this hour. Try again in ${wait}.`,
  );
  const event = await db.transaction().execute(async (trx) => {
    const queued = await queueStaffResetLink(trx, config, target);
    await audit(trx, actor, 'staffUser.sendResetLink', 'staffUser', id, { email: target.email });
    return queued;
  });
  await dispatchAfterCommit(deps, [event]);
  return target.email;
}
