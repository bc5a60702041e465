import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';

export async function findStoredFlags(
  db: Executor,
): Promise<{ flags: Record<string, unknown>; updatedAt: Date } | null> {
  const row = await db
    .selectFrom('systemFlags')
    .select(['flags', 'updatedAt'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const flags =
    typeof row.flags === 'object' && row.flags !== null && !Array.isArray(row.flags) ? row.flags : {};
  return { flags, updatedAt: row.updatedAt };
}

export async function upsertFlags(
  db: Executor,
  flags: Record<string, unknown>,
  staffId: string,
): Promise<Date> {
  const row = await db
    .insertInto('systemFlags')
    .values({ id: 1, flags: JSON.stringify(flags), updatedBy: staffId, updatedAt: new Date() })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        flags: eb.ref('excluded.flags'),
        updatedBy: eb.ref('excluded.updatedBy'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .returning('updatedAt')
    .executeTakeFirstOrThrow();
  return row.updatedAt;
}

export function countPhases(db: Executor, ids: string[]) {
  return db
    .selectFrom('phases')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
}

export function listPresets(db: Executor) {
  return db.selectFrom('flagPresets').select(['id', 'name', 'updatedAt']).orderBy('name').execute();
}

export function findPreset(db: Executor, idOrName: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrName);
  return db
    .selectFrom('flagPresets')
    .select(['id', 'name', 'flags'])
    .where((eb) =>
      isUuid ? eb('id', '=', idOrName) : eb(eb.fn('lower', ['name']), '=', idOrName.toLowerCase()),
    )
    .executeTakeFirst();
}

export function upsertPreset(db: Executor, name: string, flags: Record<string, unknown>, staffId: string) {
  return db
    .insertInto('flagPresets')
    .values({ name, flags: JSON.stringify(flags), createdBy: staffId })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(name)`)
        .doUpdateSet((eb) => ({ flags: eb.ref('excluded.flags'), updatedAt: new Date() })),
    )
    .returning(['id', 'name', 'flags'])
    .executeTakeFirstOrThrow();
}
