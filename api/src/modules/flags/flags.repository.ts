import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

export interface StoredFlags {
  flags: Record<string, unknown>;
  version: number;
  updatedAt: Date;
}

const asFlagsObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export async function findStoredFlags(db: Executor): Promise<StoredFlags | null> {
  const row = await db
    .selectFrom('systemFlags')
    .select(['flags', 'version', 'updatedAt'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? { ...row, flags: asFlagsObject(row.flags) } : null;
}

/** The flags row locked for this transaction's save; created empty (version 0) when missing. */
export async function lockStoredFlags(trx: Trx): Promise<StoredFlags> {
  await trx
    .insertInto('systemFlags')
    .values({ id: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('systemFlags')
    .select(['flags', 'version', 'updatedAt'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { ...row, flags: asFlagsObject(row.flags) };
}

/** Writes the locked row's flags and raises its version by one. */
export async function writeFlags(
  trx: Trx,
  flags: Record<string, unknown>,
  staffId: string,
): Promise<{ version: number; updatedAt: Date }> {
  return trx
    .updateTable('systemFlags')
    .set((eb) => ({
      flags: JSON.stringify(flags),
      version: eb('version', '+', 1),
      updatedBy: staffId,
      updatedAt: new Date(),
    }))
    .where('id', '=', 1)
    .returning(['version', 'updatedAt'])
    .executeTakeFirstOrThrow();
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
