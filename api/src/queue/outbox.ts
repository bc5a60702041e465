import type { Db } from '@riyazi/db';
import { OUTBOX_ROUTES, type OutboxEventType } from '../contracts/jobs.js';
import type { Executor } from '../lib/db.js';
import { markOutboxEnqueued, type OutboxEvent } from './outbox.repository.js';
import type { Queues } from './queues.js';

export {
  insertOutboxEvent,
  insertOutboxEventsSelect,
  markOutboxEnqueued,
  markOutboxEnqueuedSql,
  type OutboxEvent,
  outboxRow,
} from './outbox.repository.js';

/**
 * Enqueues the event's job (jobId = event id, so a replay is a no-op) and marks it enqueued,
 * unless the job itself marks it (`markEnqueued: false`, the hot answer path: one write fewer).
 */
export async function dispatchOutboxEvent(
  db: Executor,
  queues: Queues,
  event: OutboxEvent,
  options: { markEnqueued?: boolean } = {},
): Promise<void> {
  const route = OUTBOX_ROUTES[event.type];
  await queues[route.queue].add(route.job, { eventId: event.id, ...event.payload }, { jobId: event.id });
  if (options.markEnqueued === false) {
    return;
  }
  await markOutboxEnqueued(db, [event.id]);
}

export function isOutboxEventType(type: string): type is OutboxEventType {
  return Object.hasOwn(OUTBOX_ROUTES, type);
}

/** A stored row as its event, or null for a type with no route; its payload is what outboxRow wrote. */
export function outboxEventOf(row: { id: string; type: string; payload: unknown }): OutboxEvent | null {
  if (!isOutboxEventType(row.type)) {
    return null;
  }
  const payload =
    typeof row.payload === 'object' && row.payload !== null && !Array.isArray(row.payload) ? row.payload : {};
  return { id: row.id, type: row.type, payload } as OutboxEvent;
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
