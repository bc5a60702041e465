import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';
import { OUTBOX_ROUTES, type OutboxEventType } from '../contracts/jobs.js';
import type { Queues } from './queues.js';

export interface OutboxEvent {
  id: string;
  type: OutboxEventType;
  payload: Record<string, unknown>;
}

/** Written in the same transaction as the domain row it describes. */
export async function insertOutboxEvent(
  trx: Transaction<Database> | Db,
  type: OutboxEventType,
  payload: Record<string, unknown>,
): Promise<OutboxEvent> {
  const row = await trx
    .insertInto('outboxEvents')
    .values({ type, payload: JSON.stringify(payload) })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, type, payload };
}

/**
 * Enqueues the event's job (jobId = event id, so a replay is a no-op) and marks it enqueued,
 * unless the job itself marks it (`markEnqueued: false`, the hot answer path: one write fewer).
 */
export async function dispatchOutboxEvent(
  db: Db,
  queues: Queues,
  event: OutboxEvent,
  options: { markEnqueued?: boolean } = {},
): Promise<void> {
  const route = OUTBOX_ROUTES[event.type];
  await queues[route.queue].add(route.job, { eventId: event.id, ...event.payload }, { jobId: event.id });
  if (options.markEnqueued === false) {
    return;
  }
  await db
    .updateTable('outboxEvents')
    .set({ enqueuedAt: new Date() })
    .where('id', '=', event.id)
    .where('enqueuedAt', 'is', null)
    .execute();
}

export function isOutboxEventType(type: string): type is OutboxEventType {
  return Object.hasOwn(OUTBOX_ROUTES, type);
}

export interface DispatchDeps {
  db: Db;
  queues: Queues;
  log: { warn: (obj: object, msg: string) => void };
}

/** After commit: enqueue now if Redis answers; otherwise the outbox relay in workers does it. */
export async function dispatchAfterCommit(
  { db, queues, log }: DispatchDeps,
  events: OutboxEvent[],
  options: { markEnqueued?: boolean } = {},
): Promise<void> {
  for (const event of events) {
    try {
      await dispatchOutboxEvent(db, queues, event, options);
    } catch (err) {
      log.warn({ err, eventId: event.id }, 'enqueue after commit failed; the outbox relay will retry');
    }
  }
}
