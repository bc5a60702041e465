import { type Executor, escapeLike, type Trx } from '../../lib/db.js';

export interface StaffFilter {
  search?: string;
  roleId?: string;
  isActive?: boolean;
}

const STAFF_COLUMNS = [
  'staffUsers.id',
  'staffUsers.email',
  'staffUsers.username',
  'staffUsers.isActive',
  'staffUsers.roleId',
  'staffUsers.lastLoginAt',
  'staffUsers.createdAt',
  'staffRoles.name as roleName',
  'staffRoles.isSuperAdmin',
] as const;

function filteredStaff(db: Executor, { search, roleId, isActive }: StaffFilter) {
  let query = db.selectFrom('staffUsers').innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId');
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      eb.or([eb('staffUsers.email', 'ilike', pattern), eb('staffUsers.username', 'ilike', pattern)]),
    );
  }
  if (roleId) {
    query = query.where('staffUsers.roleId', '=', roleId);
  }
  if (isActive !== undefined) {
    query = query.where('staffUsers.isActive', '=', isActive);
  }
  return query;
}

export function listStaff(db: Executor, filter: StaffFilter, limit: number, offset: number) {
  return filteredStaff(db, filter)
    .select(STAFF_COLUMNS)
    .orderBy('staffUsers.createdAt', 'desc')
    .orderBy('staffUsers.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countStaff(db: Executor, filter: StaffFilter): Promise<number> {
  const row = await filteredStaff(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findStaff(db: Executor, id: string) {
  return db
    .selectFrom('staffUsers')
    .innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId')
    .select(STAFF_COLUMNS)
    .where('staffUsers.id', '=', id)
    .executeTakeFirst();
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaff>>>;

export function lockStaff(trx: Trx, id: string) {
  return trx
    .selectFrom('staffUsers')
    .innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId')
    .select(STAFF_COLUMNS)
    .where('staffUsers.id', '=', id)
    .forUpdate('staffUsers')
    .executeTakeFirst();
}

/**
 * Locks every active Super Admin, in id order so concurrent callers queue instead of deadlocking.
 * A row changed by a transaction we waited for is re-checked, so the ids are the committed truth.
 */
export async function lockActiveSuperAdminIds(trx: Trx): Promise<string[]> {
  const rows = await trx
    .selectFrom('staffUsers')
    .innerJoin('staffRoles', 'staffRoles.id', 'staffUsers.roleId')
    .select('staffUsers.id')
    .where('staffUsers.isActive', '=', true)
    .where('staffRoles.isSuperAdmin', '=', true)
    .orderBy('staffUsers.id')
    .forUpdate('staffUsers')
    .execute();
  return rows.map((r) => r.id);
}

export function insertStaff(
  trx: Trx,
  values: { email: string; username: string; passwordHash: string; roleId: string; isActive: boolean },
) {
  return trx.insertInto('staffUsers').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateStaff(
  trx: Trx,
  id: string,
  changes: { username?: string; roleId?: string; isActive?: boolean; passwordHash?: string },
) {
  return trx
    .updateTable('staffUsers')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteStaff(trx: Trx, id: string) {
  return trx.deleteFrom('staffUsers').where('id', '=', id).execute();
}

export function listRoles(db: Executor) {
  return db
    .selectFrom('staffRoles')
    .leftJoin('staffUsers', 'staffUsers.roleId', 'staffRoles.id')
    .select((eb) => [
      'staffRoles.id',
      'staffRoles.name',
      'staffRoles.isSuperAdmin',
      eb.fn.count<number>('staffUsers.id').as('userCount'),
    ])
    .groupBy('staffRoles.id')
    .orderBy('staffRoles.isSuperAdmin', 'desc')
    .orderBy('staffRoles.name')
    .execute();
}

export function findRolePermissionRows(db: Executor, roleIds: string[]) {
  if (roleIds.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('rolePermissions')
    .select(['roleId', 'module', 'action'])
    .where('roleId', 'in', roleIds)
    .execute();
}

/** FOR SHARE: the role cannot be deleted or have its permissions changed until we commit. */
export function shareLockRole(trx: Trx, id: string) {
  return trx
    .selectFrom('staffRoles')
    .select(['id', 'name', 'isSuperAdmin'])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
}

export function lockRole(trx: Trx, id: string) {
  return trx
    .selectFrom('staffRoles')
    .select(['id', 'name', 'isSuperAdmin'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function countRoleUsers(db: Executor, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('staffUsers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('roleId', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertRole(trx: Trx, values: { name: string; isSuperAdmin: boolean }) {
  return trx
    .insertInto('staffRoles')
    .values(values)
    .returning(['id', 'name', 'isSuperAdmin'])
    .executeTakeFirstOrThrow();
}

export function updateRole(trx: Trx, id: string, changes: { name?: string; isSuperAdmin?: boolean }) {
  return trx
    .updateTable('staffRoles')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function replaceRolePermissions(
  trx: Trx,
  roleId: string,
  pairs: { module: string; action: string }[],
): Promise<void> {
  await trx.deleteFrom('rolePermissions').where('roleId', '=', roleId).execute();
  if (pairs.length > 0) {
    await trx
      .insertInto('rolePermissions')
      .values(pairs.map((p) => ({ roleId, ...p })))
      .execute();
  }
}

export function deleteRole(trx: Trx, id: string) {
  return trx.deleteFrom('staffRoles').where('id', '=', id).execute();
}
