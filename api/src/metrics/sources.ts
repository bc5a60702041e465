import { type Db, poolOf } from '@riyazi/db';
import type { Queue } from 'bullmq';
import { oldestWaitingMs } from '../queue/queues.js';

// What the scrape-time gauges read: each process registers its queues, pools and Socket.IO
// server once, and removes them when it closes (tests build many apps in one process).

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

const queues = new Set<Queue>();
const dbs = new Set<Db>();
const socketServers = new Set<{ engine: { clientsCount: number } }>();

function watch<T>(set: Set<T>, items: T[]): () => void {
  for (const item of items) {
    set.add(item);
  }
  return () => {
    for (const item of items) {
      set.delete(item);
    }
  };
}

/** Returns the function that stops watching them. */
export const watchQueues = (list: Queue[]) => watch(queues, list);
export const watchPool = (db: Db) => watch(dbs, [db]);
export const watchSockets = (io: { engine: { clientsCount: number } }) => watch(socketServers, [io]);

/** One Redis call per queue; two Queue objects of one name and prefix are counted once. */
export async function queueDepths(): Promise<{ queue: string; state: string; count: number }[]> {
  const unique = new Map<string, Queue>();
  for (const queue of queues) {
    unique.set(`${queue.opts.prefix}:${queue.name}`, queue);
  }
  const counts = await Promise.all(
    [...unique.values()].map(async (queue) => ({ queue, counts: await queue.getJobCounts(...QUEUE_STATES) })),
  );
  const depths = new Map<string, number>();
  for (const { queue, counts: byState } of counts) {
    for (const state of QUEUE_STATES) {
      const key = `${queue.name}\u0000${state}`;
      depths.set(key, (depths.get(key) ?? 0) + (byState[state] ?? 0));
    }
  }
  return [...depths].map(([key, count]) => {
    const [queue = '', state = ''] = key.split('\u0000');
    return { queue, state, count };
  });
}

/** Per queue, how long its oldest waiting job has waited (0: none waiting). */
export async function queueOldestWaiting(now = Date.now()): Promise<{ queue: string; seconds: number }[]> {
  const unique = new Map<string, Queue>();
  for (const queue of queues) {
    unique.set(`${queue.opts.prefix}:${queue.name}`, queue);
  }
  const ages = new Map<string, number>();
  for (const queue of unique.values()) {
    const ms = await oldestWaitingMs(queue, now);
    ages.set(queue.name, Math.max(ages.get(queue.name) ?? 0, ms / 1000));
  }
  return [...ages].map(([queue, seconds]) => ({ queue, seconds }));
}

export function socketCounts(): number {
  let total = 0;
  for (const io of socketServers) {
    total += io.engine.clientsCount;
  }
  return total;
}

export function poolCounts(): { pool: string; total: number; idle: number; waiting: number }[] {
  const byName = new Map<string, { pool: string; total: number; idle: number; waiting: number }>();
  for (const db of dbs) {
    const pool = poolOf(db);
    if (!pool) {
      continue;
    }
    const name = (pool.options as { application_name?: string }).application_name ?? 'riyazi';
    const counts = byName.get(name) ?? { pool: name, total: 0, idle: 0, waiting: 0 };
    counts.total += pool.totalCount;
    counts.idle += pool.idleCount;
    counts.waiting += pool.waitingCount;
    byName.set(name, counts);
  }
  return [...byName.values()];
}
