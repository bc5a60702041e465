import type { Db } from '@riyazi/db';
import { type RawBuilder, sql } from 'kysely';
import {
  OUTBOX_RECORD_TYPES,
  type OutboxEventType,
  type OutboxPayload,
  type OutboxPayloadOf,
  type OutboxType,
} from '../contracts/jobs.js';
import type { Executor } from '../lib/db.js';

/** An outbox row as written: its type decides its payload. */
export type OutboxEvent<T extends OutboxEventType = OutboxEventType> = T extends OutboxEventType
  ? { id: string; type: T; payload: OutboxPayload<T> }
  : never;

/** A record type (OutboxRecordMap) is born enqueued: nothing relays it. */
const bornEnqueued = (type: OutboxType): boolean => Object.hasOwn(OUTBOX_RECORD_TYPES, type);

/** The values of one outbox row, for a Kysely insert of one or many events. */
export function outboxRow<T extends OutboxType>(type: T, payload: OutboxPayloadOf<T>) {
  return {
    type,
    payload: JSON.stringify(payload),
    ...(bornEnqueued(type) ? { enqueuedAt: sql<Date>`now()` } : {}),
  };
}

/** The SQL expression of each payload field, typed as the field it fills. */
export type OutboxColumns<T extends OutboxType> = {
  [K in keyof OutboxPayloadOf<T>]-?: RawBuilder<OutboxPayloadOf<T>[K]>;
};

/**
 * The batched form of outboxRow, for a statement that writes many events of one type: `INSERT INTO
 * outbox_events … SELECT <type>, <payload>` from `columns`; the caller goes on with `FROM …`
 * (and any WHERE or RETURNING). Type and field names are literals, so the text never varies.
 */
export function insertOutboxEventsSelect<T extends OutboxType>(
  type: T,
  columns: OutboxColumns<T>,
): RawBuilder<unknown> {
  const fields = Object.entries(columns as Record<string, RawBuilder<unknown>>).map(
    ([name, value]) => sql`${sql.lit(name)}, ${value}`,
  );
  const payload = sql`jsonb_build_object(${sql.join(fields)})`;
  return bornEnqueued(type)
    ? sql`INSERT INTO outbox_events (type, payload, enqueued_at) SELECT ${sql.lit(type)}, ${payload}, now()`
    : sql`INSERT INTO outbox_events (type, payload) SELECT ${sql.lit(type)}, ${payload}`;
}

/** The batched form of markOutboxEnqueued, as one statement of the caller's (a CTE). */
export const markOutboxEnqueuedSql = (eventIds: string[]): RawBuilder<unknown> =>
  sql`UPDATE outbox_events SET enqueued_at = now() WHERE id = ANY(${eventIds}::uuid[]) AND enqueued_at IS NULL`;

/** Written in the same transaction as the domain row it describes. */
export async function insertOutboxEvent<T extends OutboxEventType>(
  trx: Executor,
  type: T,
  payload: OutboxPayloadOf<T>,
): Promise<OutboxEvent<T>> {
  const row = await trx
    .insertInto('outboxEvents')
    .values(outboxRow(type, payload))
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, type, payload } as OutboxEvent<T>;
}

/** Marks events enqueued (their job is on its queue); an event already marked keeps its time. */
export async function markOutboxEnqueued(db: Executor, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) {
    return;
  }
  await db
    .updateTable('outboxEvents')
    .set({ enqueuedAt: new Date() })
    .where('id', 'in', eventIds)
    .where('enqueuedAt', 'is', null)
    .execute();
}

/**
 * Events committed more than `graceMs` ago and never enqueued, oldest first, locked for the
 * caller's transaction (SKIP LOCKED: several relays take different events).
 */
export function lockPendingOutboxEvents(trx: Executor, graceMs: number, limit: number) {
  return trx
    .selectFrom('outboxEvents')
    .select(['id', 'type', 'payload'])
    .where('enqueuedAt', 'is', null)
    .where('createdAt', '<', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
    .orderBy('createdAt')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function countRelayAttempt(trx: Executor, eventId: string): Promise<void> {
  await trx
    .updateTable('outboxEvents')
    .set({ relayAttempts: sql`relay_attempts + 1` })
    .where('id', '=', eventId)
    .execute();
}

/**
 * Deletes up to `limit` events enqueued more than `olderThanMs` ago (their job has long been handed
 * to its queue); an event never enqueued is never deleted. Returns how many went.
 */
export async function deleteEnqueuedOutboxEvents(
  db: Db,
  olderThanMs: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('outboxEvents')
    .where('id', 'in', (q) =>
      q
        .selectFrom('outboxEvents')
        .select('id')
        .where('enqueuedAt', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
