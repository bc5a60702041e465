import type { Db } from '@riyazi/db';

const COLUMNS = ['id', 'name', 'number', 'startsAt', 'endsAt', 'status'] as const;

export function listPhases(db: Db) {
  return db.selectFrom('phases').select(COLUMNS).orderBy('number').execute();
}

export function findPhaseById(db: Db, id: string) {
  return db.selectFrom('phases').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** An ACTIVE phase whose window contains now; the lowest number wins if several do. */
export function findCurrentActivePhase(db: Db, now: Date) {
  return db
    .selectFrom('phases')
    .select(COLUMNS)
    .where('status', '=', 'ACTIVE')
    .where('startsAt', '<=', now)
    .where('endsAt', '>', now)
    .orderBy('number')
    .limit(1)
    .executeTakeFirst();
}
