import type { Db } from '@riyazi/db';
import { OUTBOX_ROUTES, type OutboxEventType } from '../contracts/jobs.js';
import { isConnectionLoss } from '../lib/connection-loss.js';
import type { Executor } from '../lib/db.js';
import { REDIS_REQUEST_WAIT_MS } from '../lib/redis.js';
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

/**
 * The longest an after-commit enqueue holds its request: the queues' client gives up within
 * REDIS_REQUEST_WAIT_MS, and this also bounds a queue still waiting for its first connection.
 */
export const DISPATCH_WAIT_MS = REDIS_REQUEST_WAIT_MS + 500;

class DispatchTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

function withinDispatchWait(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DispatchTimeout('enqueue took too long')), DISPATCH_WAIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * An enqueue after commit that failed: the event is in the outbox, so the relay sends it. Redis
 * being away is logged once per outage by its connection watcher, not once per event.
 */
export function reportDispatchFailure(log: DispatchDeps['log'], err: unknown, eventId: string): void {
  if (!isConnectionLoss(err)) {
    log.warn({ err, eventId }, 'enqueue after commit failed; the outbox relay will retry');
  }
}

/**
 * After commit: enqueue now if Redis answers; otherwise the outbox relay in workers does it. While
 * Redis is unreachable the request waits at most DISPATCH_WAIT_MS and leaves the rest to the relay.
 */
export async function dispatchAfterCommit(
  { db, queues, log }: DispatchDeps,
  events: OutboxEvent[],
  options: { markEnqueued?: boolean } = {},
): Promise<void> {
  for (const event of events) {
    try {
      await withinDispatchWait(dispatchOutboxEvent(db, queues, event, options));
    } catch (err) {
      reportDispatchFailure(log, err, event.id);
      if (isConnectionLoss(err)) {
        return;
      }
    }
  }
}
