import { randomBytes } from 'node:crypto';
import { type Db, hashPassword, verifyPassword } from '@riyazi/db';
import type { AccessClaims } from '../../auth/tokens.js';
import type { StaffLoginResponse } from '../../contracts/auth.js';
import { allPermissions, isAction, isModule, type Permissions } from '../../contracts/permissions.js';
import * as repo from './staff-auth.repository.js';

export interface StaffIdentity {
  id: string;
  email: string;
  username: string;
  role: string;
  isSuperAdmin: boolean;
  permissions: Permissions;
}

// Verifying against a real hash keeps an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
};

async function permissionsFor(db: Db, roleId: string, isSuperAdmin: boolean): Promise<Permissions> {
  if (isSuperAdmin) {
    return allPermissions();
  }
  const permissions: Permissions = {};
  for (const { module, action } of await repo.findRolePermissions(db, roleId)) {
    if (isModule(module) && isAction(action)) {
      permissions[module] = { ...permissions[module], [action]: true };
    }
  }
  return permissions;
}

export type LoginOutcome =
  | { ok: true; staff: StaffIdentity; sessionVersion: number }
  | { ok: false; reason: 'invalid' | 'inactive'; staffId?: string };

export async function verifyStaffCredentials(db: Db, email: string, password: string): Promise<LoginOutcome> {
  const row = await repo.findStaffByEmail(db, email);
  const passwordOk = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), password);
  if (!row || !passwordOk) {
    return { ok: false, reason: 'invalid', ...(row ? { staffId: row.id } : {}) };
  }
  if (!row.isActive) {
    return { ok: false, reason: 'inactive', staffId: row.id };
  }
  await repo.touchLastLogin(db, row.id);
  return { ok: true, staff: await identityOf(db, row), sessionVersion: row.sessionVersion };
}

async function identityOf(
  db: Db,
  row: {
    id: string;
    email: string;
    username: string;
    roleId: string;
    roleName: string;
    isSuperAdmin: boolean;
  },
): Promise<StaffIdentity> {
  return {
    id: row.id,
    email: row.email,
    username: row.username || 'Admin',
    role: row.roleName,
    isSuperAdmin: row.isSuperAdmin,
    permissions: await permissionsFor(db, row.roleId, row.isSuperAdmin),
  };
}

/** Read on every request, so a permission change or an ended session applies to the very next call. */
export async function loadStaffSession(db: Db, claims: AccessClaims): Promise<StaffIdentity | null> {
  const row = await repo.findStaffBySession(db, claims);
  return row ? identityOf(db, row) : null;
}

export async function loadActiveStaff(db: Db, id: string): Promise<StaffIdentity | null> {
  const row = await repo.findStaffById(db, id);
  return row?.isActive ? identityOf(db, row) : null;
}

export function toAuthState(staff: StaffIdentity): Omit<StaffLoginResponse, 'accessToken'> {
  return {
    permissions: staff.permissions,
    role: staff.role,
    isSuperAdmin: staff.isSuperAdmin,
    username: staff.username,
    email: staff.email,
  };
}
