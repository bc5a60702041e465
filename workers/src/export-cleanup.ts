import { DEFAULT_JOB_OPTIONS } from '@riyazi/api/contracts';
import { enqueue } from '@riyazi/api/queue';
import { exportKeyOf, exportJobs as jobs } from '@riyazi/api/student-export';
import type { Redis } from 'ioredis';
import type { WorkerContext } from './handlers.js';
import { everyIntervalOnOneNode } from './schedule.js';

export interface ExportCleanupDeps extends Pick<WorkerContext, 'db' | 'queues' | 'log' | 'storage'> {
  redis: Redis;
  redisPrefix: string;
}

const BATCH = 500;

/** One pass: deletes expired export files, and enqueues again unfinished exports whose job may be lost. */
export async function cleanUpExports(
  deps: ExportCleanupDeps,
): Promise<{ deleted: number; requeued: number }> {
  let deleted = 0;
  for (;;) {
    const expired = await jobs.findExpiredExportFiles(deps.db, BATCH);
    for (const job of expired) {
      await deps.storage.delete(exportKeyOf(job.id));
      await jobs.clearExportFile(deps.db, job.id);
      deleted += 1;
    }
    if (expired.length < BATCH) {
      break;
    }
  }
  const stale = await jobs.findStaleQueuedExports(deps.db, 60, BATCH);
  for (const { id } of stale) {
    // Same jobId: BullMQ ignores the add while the original job still exists.
    await enqueue(
      deps.queues,
      'exports',
      'students.export',
      { jobId: id },
      { ...DEFAULT_JOB_OPTIONS, jobId: id },
    );
  }
  return { deleted, requeued: stale.length };
}

/** Runs `cleanUpExports` every interval on one worker node at a time (a Redis lock). */
export function startExportCleanup(deps: ExportCleanupDeps, intervalMs: number) {
  return everyIntervalOnOneNode({
    redis: deps.redis,
    lockKey: `${deps.redisPrefix}:lock:export-cleanup`,
    intervalMs,
    log: deps.log,
    failure: 'export cleanup failed',
    pass: async () => {
      const { deleted, requeued } = await cleanUpExports(deps);
      if (deleted > 0 || requeued > 0) {
        deps.log.info({ deleted, requeued }, 'student exports cleaned up');
      }
    },
  });
}
