import { dispatchOutboxEvent, outboxEventOf, outboxRepository, type Queues } from '@riyazi/api/queue';
import type { Db } from '@riyazi/db';
import type { Logger } from 'pino';

export interface RelayOptions {
  /** How old an unenqueued event must be before the relay takes it (the api normally enqueues at once). */
  graceMs: number;
  intervalMs: number;
  batchSize: number;
}

export const DEFAULT_RELAY_OPTIONS: RelayOptions = { graceMs: 3000, intervalMs: 2000, batchSize: 200 };

/**
 * One pass: events committed but never enqueued (the api died between commit and enqueue) are
 * enqueued with jobId = event id. SKIP LOCKED lets several worker nodes relay side by side.
 */
export async function relayOutboxOnce(db: Db, queues: Queues, log: Logger, options = DEFAULT_RELAY_OPTIONS) {
  return db.transaction().execute(async (trx) => {
    const pending = await outboxRepository.lockPendingOutboxEvents(trx, options.graceMs, options.batchSize);
    let relayed = 0;
    for (const row of pending) {
      const event = outboxEventOf(row);
      if (!event) {
        log.error({ eventId: row.id, type: row.type }, 'outbox event of unknown type left pending');
        continue;
      }
      await outboxRepository.countRelayAttempt(trx, event.id);
      await dispatchOutboxEvent(trx, queues, event);
      relayed += 1;
    }
    if (relayed) {
      log.info({ relayed }, 'outbox relay enqueued events the api had not');
    }
    return relayed;
  });
}

export function startOutboxRelay(db: Db, queues: Queues, log: Logger, options = DEFAULT_RELAY_OPTIONS) {
  let stopped = false;
  let busy = false;
  let running: Promise<unknown> = Promise.resolve();
  // A failed pass (the database or Redis unreachable) is logged and the next one runs on time; a
  // pass still waiting for a connection is not overlapped.
  const timer = setInterval(() => {
    if (stopped || busy) {
      return;
    }
    busy = true;
    running = relayOutboxOnce(db, queues, log, options)
      .catch((err: unknown) => {
        log.error({ err }, 'outbox relay pass failed');
      })
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
