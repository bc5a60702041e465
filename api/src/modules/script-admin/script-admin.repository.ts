import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';

const stuckFor = (minutes: number) => sql<Date>`now() - make_interval(mins => ${minutes})`;

/** Outbox events never enqueued and older than `minutes`, oldest first. */
export function findStuckOutboxEvents(db: Executor, minutes: number, limit: number) {
  return db
    .selectFrom('outboxEvents')
    .select(['id', 'type', 'payload', 'createdAt'])
    .where('enqueuedAt', 'is', null)
    .where('createdAt', '<', stuckFor(minutes))
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

/** The same events, locked for the caller's transaction (a relay pass takes others meanwhile). */
export function lockStuckOutboxEvents(trx: Executor, minutes: number, limit: number) {
  return trx
    .selectFrom('outboxEvents')
    .select(['id', 'type', 'payload'])
    .where('enqueuedAt', 'is', null)
    .where('createdAt', '<', stuckFor(minutes))
    .orderBy('createdAt')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function countStuckOutboxEvents(db: Executor, minutes: number): Promise<number> {
  const row = await db
    .selectFrom('outboxEvents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enqueuedAt', 'is', null)
    .where('createdAt', '<', stuckFor(minutes))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each grade's title by id, for naming grades in a result. */
export async function gradeTitles(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db.selectFrom('grades').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((g) => [g.id, g.title]));
}
