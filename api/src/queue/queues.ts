import { type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { describeConnectionError, isConnectionLoss } from '../lib/connection-loss.js';
import type { ConnectionLog } from '../lib/connection-watch.js';
import {
  DEFAULT_JOB_OPTIONS,
  type JobName,
  type JobPayload,
  QUEUE_NAMES,
  type QueueName,
} from '../contracts/jobs.js';

export type Queues = { [Q in QueueName]: Queue };

export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}:bull`;
}

/** A queue's errors are heard (never thrown); a dropped connection is logged by its watcher (connection-watch.ts). */
export function createQueues(connection: Redis, redisPrefix: string, log?: ConnectionLog): Queues {
  return Object.fromEntries(
    QUEUE_NAMES.map((name) => {
      const queue = new Queue(name, {
        connection,
        prefix: bullPrefix(redisPrefix),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      queue.on('error', (err: Error) => {
        if (!isConnectionLoss(err)) {
          log?.warn({ error: describeConnectionError(err), queue: name }, 'queue error');
        }
      });
      return [name, queue];
    }),
  ) as Queues;
}

export async function closeQueues(queues: Queues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}

/** Typed add(): queue, job name and payload must agree with the shared JobMap. */
export function enqueue<Q extends QueueName, J extends JobName<Q>>(
  queues: Queues,
  queue: Q,
  job: J,
  payload: JobPayload<Q, J>,
  options: JobsOptions & { jobId: string },
) {
  return queues[queue].add(job, payload, options);
}

/**
 * When the oldest job still to run (waiting, prioritized, delayed for a retry, or running) was
 * added, in epoch ms; null when the queue has none. One Redis call (the oldest of each state).
 */
export async function oldestUnfinishedJobAt(queue: Queue): Promise<number | null> {
  const jobs = await queue.getJobs(['waiting', 'prioritized', 'active', 'delayed'], 0, 0, true);
  const added = jobs.filter((job) => job !== undefined).map((job) => job.timestamp);
  return added.length ? Math.min(...added) : null;
}

/** How long the oldest job waiting to start (waiting or prioritized) has waited, in ms; 0 when none. */
export async function oldestWaitingMs(queue: Queue, now = Date.now()): Promise<number> {
  const jobs = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
  const added = jobs.filter((job) => job !== undefined).map((job) => job.timestamp);
  return added.length ? Math.max(0, now - Math.min(...added)) : 0;
}
