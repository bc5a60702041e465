import type { Db } from '@riyazi/db';
import type { AccessClaims } from '../../auth/tokens.js';
import type { Executor } from '../../lib/db.js';

/** A staff member with their role, as sign-in and the session read them. */
const staffWithRole = (db: Db) =>
  db
    .selectFrom('staffUsers')
    .innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId')
    .select([
      'staffUsers.id',
      'staffUsers.email',
      'staffUsers.username',
      'staffUsers.roleId',
      'staffRoles.name as roleName',
      'staffRoles.isSuperAdmin',
    ]);

export function findStaffByEmail(db: Db, email: string) {
  return staffWithRole(db)
    .select(['staffUsers.passwordHash', 'staffUsers.isActive', 'staffUsers.sessionVersion'])
    .where((eb) => eb(eb.fn('lower', ['staffUsers.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** The staff member behind a token, if active at its version and its session is open. */
export function findStaffBySession(db: Db, { sub, sid, ver }: AccessClaims) {
  return staffWithRole(db)
    .innerJoin('sessions', 'sessions.staffUserId', 'staffUsers.id')
    .where('staffUsers.id', '=', sub)
    .where('staffUsers.isActive', '=', true)
    .where('staffUsers.sessionVersion', '=', ver)
    .where('sessions.id', '=', sid)
    .where('sessions.revokedAt', 'is', null)
    .executeTakeFirst();
}

export function findStaffById(db: Db, id: string) {
  return staffWithRole(db).select('staffUsers.isActive').where('staffUsers.id', '=', id).executeTakeFirst();
}

export function findRolePermissions(db: Db, roleId: string) {
  return db.selectFrom('rolePermissions').select(['module', 'action']).where('roleId', '=', roleId).execute();
}

export function touchLastLogin(db: Db, id: string) {
  return db.updateTable('staffUsers').set({ lastLoginAt: new Date() }).where('id', '=', id).execute();
}

export async function setStaffPassword(trx: Executor, id: string, passwordHash: string) {
  await trx
    .updateTable('staffUsers')
    .set({ passwordHash, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}
