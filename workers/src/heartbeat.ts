import { hostname } from 'node:os';
import { isConnectionLoss } from '@riyazi/api/connections';
import { bullPrefix } from '@riyazi/api/queue';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A job added every `intervalMs` to a queue of this process's own, taken by a Worker built like the
 * others: live while one went through BullMQ's path (add, blocking fetch, process) within `staleAfterMs`.
 */
export interface HeartbeatOptions {
  intervalMs: number;
  staleAfterMs: number;
}

/** N = 5 s, M = 30 s: six beats missed; longer than a Sentinel failover's usual reconnect (README "Workers health"). */
export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 5_000, staleAfterMs: 30_000 };

export type Liveness =
  | { live: true; lastBeatMsAgo: number | null }
  | { live: false; status: 'stale' | 'stopped' | 'closing'; message: string };

export interface Heartbeat {
  /** Live, or why not: no beat processed within staleAfterMs, or a Worker no longer running. */
  liveness(workers: readonly Worker[]): Liveness;
  /** At least one beat went through since the start. */
  readonly beaten: boolean;
  close(): Promise<void>;
}

export interface HeartbeatDeps {
  redis: Redis;
  redisPrefix: string;
  log: Logger;
  /** Names this process's queue; unique per workers process (default host name, pid and a counter). */
  nodeId?: string;
  options?: Partial<HeartbeatOptions>;
  now?: () => number;
}

const CLOSE_WAIT_MS = 2_000;

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** BullMQ queue names cannot hold ':'; host names and pids never need more than these characters. */
export function heartbeatQueueName(nodeId: string): string {
  return `heartbeat-${nodeId.replace(/[^\w.-]/g, '_')}`;
}

let heartbeatsStarted = 0;

export function startHeartbeat(deps: HeartbeatDeps): Heartbeat {
  const { intervalMs, staleAfterMs } = { ...DEFAULT_HEARTBEAT, ...deps.options };
  const now = deps.now ?? Date.now;
  heartbeatsStarted += 1;
  // The counter: two runtimes in one process (tests) never take each other's beats.
  const name = heartbeatQueueName(deps.nodeId ?? `${hostname()}-${process.pid}-${heartbeatsStarted}`);
  const prefix = bullPrefix(deps.redisPrefix);
  const startedAt = now();
  let lastBeatAt: number | null = null;
  let lastAddError: string | null = null;
  let adding = false;
  let closing = false;

  const queue = new Queue(name, {
    connection: deps.redis,
    prefix,
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true, attempts: 1 },
  });
  const connection = deps.redis.duplicate();
  const worker = new Worker(
    name,
    async () => {
      lastBeatAt = now();
    },
    { connection, prefix, concurrency: 1 },
  );
  const heard = (err: Error) => {
    if (!isConnectionLoss(err)) {
      deps.log.warn({ err, queue: name }, 'heartbeat error');
    }
  };
  queue.on('error', heard);
  worker.on('error', heard);

  const beat = async () => {
    // One add at a time: while Redis does not answer, adds would pile up in ioredis' offline queue.
    if (adding || closing) {
      return;
    }
    adding = true;
    try {
      await queue.add('beat', { at: now() });
      lastAddError = null;
    } catch (err) {
      lastAddError = err instanceof Error ? err.message : String(err);
    } finally {
      adding = false;
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), intervalMs);
  timer.unref();

  return {
    get beaten() {
      return lastBeatAt !== null;
    },
    liveness(workers) {
      if (closing) {
        return { live: false, status: 'closing', message: 'Shutting down' };
      }
      const stopped = [worker, ...workers].filter((w) => !w.isRunning()).map((w) => w.name);
      if (stopped.length) {
        return { live: false, status: 'stopped', message: `Workers not running: ${stopped.join(', ')}` };
      }
      const at = now();
      // The first beat gets staleAfterMs from the start, like every later one.
      const since = lastBeatAt ?? startedAt;
      if (at - since > staleAfterMs) {
        const seconds = Math.round((at - since) / 1000);
        const why = lastAddError
          ? `adding one fails: ${lastAddError}`
          : adding
            ? 'adding one gets no answer from Redis'
            : 'adding works but no worker takes it (its Redis connection is dead)';
        return {
          live: false,
          status: 'stale',
          message: `No heartbeat processed for ${seconds} s: ${why}`,
        };
      }
      return { live: true, lastBeatMsAgo: lastBeatAt === null ? null : at - lastBeatAt };
    },
    async close() {
      closing = true;
      clearInterval(timer);
      await withinMs(worker.close(), CLOSE_WAIT_MS).catch(() => undefined);
      // Its few keys go with it (a crashed process leaves them: a meta hash, an id counter); a Redis
      // that does not answer must not hold the shutdown.
      await withinMs(queue.obliterate({ force: true }), CLOSE_WAIT_MS).catch(() => undefined);
      await withinMs(queue.close(), CLOSE_WAIT_MS).catch(() => undefined);
      connection.disconnect();
    },
  };
}
