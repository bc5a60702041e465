import { outboxPruned } from '@riyazi/api/metrics';
import { outboxRepository } from '@riyazi/api/queue';
import type { Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { everyIntervalOnOneNode } from './schedule.js';

export interface PruneOptions {
  /** config OUTBOX_RETENTION_HOURS: events enqueued longer ago than this are deleted. */
  retentionMs: number;
  /** Rows per DELETE: a huge table is pruned in short statements, never one long lock. */
  batchSize: number;
  intervalMs: number;
}

export const DEFAULT_PRUNE_OPTIONS: PruneOptions = {
  retentionMs: 24 * 3_600_000,
  batchSize: 5000,
  intervalMs: 600_000,
};

/** One pass: deletes enqueued events older than the retention, a batch at a time; never a pending one. */
export async function pruneOutbox(db: Db, options: Pick<PruneOptions, 'retentionMs' | 'batchSize'>) {
  let pruned = 0;
  for (;;) {
    const deleted = await outboxRepository.deleteEnqueuedOutboxEvents(
      db,
      options.retentionMs,
      options.batchSize,
    );
    pruned += deleted;
    if (deleted < options.batchSize) {
      break;
    }
  }
  outboxPruned.inc(pruned);
  return pruned;
}

export interface PruneDeps {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  log: Logger;
}

/** Runs `pruneOutbox` every interval on one worker node at a time. */
export function startOutboxPrune(deps: PruneDeps, options: PruneOptions) {
  return everyIntervalOnOneNode({
    redis: deps.redis,
    lockKey: `${deps.redisPrefix}:lock:outbox-prune`,
    intervalMs: options.intervalMs,
    log: deps.log,
    failure: 'outbox pruning failed',
    pass: async () => {
      const pruned = await pruneOutbox(deps.db, options);
      if (pruned > 0) {
        deps.log.info({ pruned, retentionMs: options.retentionMs }, 'consumed outbox events pruned');
      }
    },
  });
}
