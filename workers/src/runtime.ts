import { openCacheBus } from '@riyazi/api/cache-bus';
import { isConnectionLoss } from '@riyazi/api/connections';
import { JOB_NAMES, QUEUE_NAMES, type QueueName } from '@riyazi/api/contracts';
import { createEngine } from '@riyazi/api/engine';
import { jobsCompleted, jobsFailed, watchPool, watchQueues } from '@riyazi/api/metrics';
import { bullPrefix, type Queues } from '@riyazi/api/queue';
import { closeSocketEmitter, createSocketEmitter } from '@riyazi/api/realtime';
import { createStorage, localStorageSettings, type StorageSettings } from '@riyazi/api/storage';
import type { ReadRouter } from '@riyazi/api/read-replica';
import type { Db } from '@riyazi/db';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { startDeadlineSweep } from './deadline-sweep.js';
import { startExportCleanup } from './export-cleanup.js';
import { queuesOf, type WorkerGroup } from './groups.js';
import { EXPORTS_AT_ONCE } from './connection-budget.js';
import type { Handlers, WorkerContext } from './handlers.js';
import type { Probed } from './health.js';
import { type HeartbeatOptions, startHeartbeat } from './heartbeat.js';
import { DEFAULT_PRUNE_OPTIONS, type PruneOptions, startOutboxPrune } from './outbox-prune.js';
import { DEFAULT_RELAY_OPTIONS, type RelayOptions, startOutboxRelay } from './outbox-relay.js';
import { startPaymentReconciliation } from './payment-reconciliation.js';
import { startQuestionStats } from './question-stats.js';
import { broadcastHandlers } from './processors/broadcast.js';
import { bulkUploadHandlers } from './processors/bulk-upload.js';
import { exportsHandlers } from './processors/exports.js';
import { integrityHandlers } from './processors/integrity.js';
import { mailHandlers } from './processors/mail.js';
import { rankingHandlers } from './processors/ranking.js';
import { scoringHandlers } from './processors/scoring.js';

export const handlers: Handlers = {
  broadcast: broadcastHandlers,
  mail: mailHandlers,
  scoring: scoringHandlers,
  ranking: rankingHandlers,
  exports: exportsHandlers,
  bulkUpload: bulkUploadHandlers,
  integrity: integrityHandlers,
};

/**
 * Scoring: the jobs running at once are scored in one statement (engine.scoreAnswer), so many at once
 * make big batches and a low lag. An export is a process of its own busy for seconds: two at a
 * time on two cores, the rest wait their turn.
 */
const CONCURRENCY: Partial<Record<QueueName, number>> = {
  scoring: 200,
  exports: EXPORTS_AT_ONCE,
  integrity: 2,
};
/**
 * A worker that dies mid-job leaves it locked until its lock expires; another worker's stall check
 * then puts it back. BullMQ's 30 s + 30 s default would hold a receipt for up to a minute.
 */
const STALL: Partial<Record<QueueName, { lockDuration: number; stalledInterval: number }>> = {
  mail: { lockDuration: 10_000, stalledInterval: 5_000 },
  // An admin watches these: a killed worker's export or upload resumes within seconds, not a minute.
  exports: { lockDuration: 10_000, stalledInterval: 5_000 },
  bulkUpload: { lockDuration: 10_000, stalledInterval: 5_000 },
};

export interface WorkerDeps {
  db: Db;
  redis: Redis;
  queues: Queues;
  redisPrefix: string;
  log: Logger;
  encryptionKey: string;
  isProduction: boolean;
  /** config PAYMENT_SANDBOX_IN_PRODUCTION (the reconciliation asks the sandbox only where it is allowed). */
  paymentSandboxInProduction?: boolean;
  relay?: RelayOptions;
  /** Deleting consumed outbox events (default: 24 h retention, 5,000 rows a statement, every 10 min). */
  outboxPrune?: Partial<PruneOptions>;
  concurrency?: number;
  /** config WORKER_GROUPS: the queues and periodic tasks this process runs (default: all). */
  groups?: readonly WorkerGroup[];
  /** How often overdue contest questions are closed as "no answer" (default 2 s). */
  sweepIntervalMs?: number;
  /** The site's address (the sandbox gateway is built from it); default http://localhost:3000. */
  publicUrl?: string;
  /** How often pending payments are checked with their gateway (default 60 s). */
  reconcileIntervalMs?: number;
  /** config STORAGE_DRIVER, UPLOAD_DIR, S3_* (default: local disk at var/uploads, as in the api config). */
  storage?: StorageSettings;
  /** config DATABASE_URL: given, student exports run in a process of their own (small and bounded). */
  databaseUrl?: string;
  /** config DATABASE_READ_URL, and the router that says when to read it (openReadRouter); none: the primary. */
  readDatabaseUrl?: string;
  reads?: ReadRouter;
  /** How often expired export files are deleted (default 1 h). */
  exportCleanupIntervalMs?: number;
  /** How often newly finished plays are counted for the quiz performance report (default 5 s). */
  questionStatsIntervalMs?: number;
  /** The liveness heartbeat (default every 5 s, stale after 30 s) and its queue's name (default host-pid). */
  heartbeat?: Partial<HeartbeatOptions>;
  nodeId?: string;
}

export interface RunningWorkers extends Probed {
  close(): Promise<void>;
}

/** Refuses to start when a job name has no handler (the type system should already prevent it). */
export function assertEveryJobHandled(all: Handlers): void {
  for (const queue of QUEUE_NAMES) {
    const missing = JOB_NAMES[queue].filter(
      (job) => typeof (all[queue] as Record<string, unknown>)[job] !== 'function',
    );
    if (missing.length) {
      throw new Error(`queue ${queue} has no handler for: ${missing.join(', ')}`);
    }
  }
}

function processorFor(queue: QueueName, ctx: WorkerContext) {
  const byName = handlers[queue] as Record<
    string,
    (payload: unknown, job: Job, c: WorkerContext) => Promise<void>
  >;
  return async (job: Job) => {
    const handler = byName[job.name];
    if (!handler) {
      throw new UnrecoverableError(`no handler for ${queue}/${job.name}`);
    }
    await handler(job.data, job, ctx);
  };
}

export async function startWorkers(deps: WorkerDeps): Promise<RunningWorkers> {
  assertEveryJobHandled(handlers);
  const io = createSocketEmitter(deps.redis, deps.redisPrefix);
  // Rankings change what the api nodes cache (boards): the workers tell them on the cache bus.
  const cacheBus = await openCacheBus(deps.db, deps.redis, deps.redisPrefix, deps.log);
  const storageSettings = deps.storage ?? localStorageSettings('var/uploads');
  const engine = createEngine({ db: deps.db, queues: deps.queues, reads: deps.reads });
  const ctx: WorkerContext = {
    db: deps.db,
    queues: deps.queues,
    engine,
    io,
    log: deps.log,
    encryptionKey: deps.encryptionKey,
    isProduction: deps.isProduction,
    storage: createStorage(storageSettings),
    storageSettings,
    databaseUrl: deps.databaseUrl,
    readDatabaseUrl: deps.readDatabaseUrl,
  };
  const groups = deps.groups ?? ['contest', 'background'];
  const runs = (group: WorkerGroup) => groups.includes(group);
  const queueNames = queuesOf(groups);
  const workers = queueNames.map((queue) => {
    const worker = new Worker(queue, processorFor(queue, ctx), {
      connection: deps.redis.duplicate(),
      prefix: bullPrefix(deps.redisPrefix),
      concurrency: deps.concurrency ?? CONCURRENCY[queue] ?? 4,
      ...STALL[queue],
    });
    jobsFailed.inc({ queue }, 0);
    jobsCompleted.inc({ queue }, 0);
    worker.on('completed', () => jobsCompleted.inc({ queue }));
    // A dropped connection is logged and counted by its watcher (@riyazi/api/redis); BullMQ reconnects.
    worker.on('error', (err) => {
      if (!isConnectionLoss(err)) {
        deps.log.error({ err, queue }, 'worker error');
      }
    });
    worker.on('failed', (job, err) => {
      jobsFailed.inc({ queue });
      deps.log.warn({ err, queue, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed');
    });
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  const heartbeat = startHeartbeat({
    redis: deps.redis,
    redisPrefix: deps.redisPrefix,
    log: deps.log,
    nodeId: deps.nodeId,
    options: deps.heartbeat,
  });
  const periodic = [
    ...(runs('contest') ? contestTasks(deps) : []),
    ...(runs('background') ? backgroundTasks(deps, ctx, engine.reads) : []),
  ];
  const unwatch = [watchQueues(Object.values(deps.queues)), watchPool(deps.db)];
  deps.log.info({ groups, queues: queueNames }, 'workers started');

  return {
    liveness: () => heartbeat.liveness(workers),
    get beaten() {
      return heartbeat.beaten;
    },
    async close() {
      await heartbeat.close();
      for (const task of periodic) {
        await task.stop();
      }
      await Promise.all(workers.map((w) => w.close()));
      await closeSocketEmitter(io);
      await cacheBus.close();
      engine.close();
      for (const stop of unwatch) {
        stop();
      }
    },
  };
}

interface PeriodicTask {
  stop(): Promise<void>;
}

/** What scoring depends on: answers reach their queue (relay), deadlines close (sweep). */
function contestTasks(deps: WorkerDeps): PeriodicTask[] {
  return [
    startOutboxRelay(deps.db, deps.queues, deps.log, deps.relay ?? DEFAULT_RELAY_OPTIONS),
    startDeadlineSweep(deps.db, deps.queues, deps.log, deps.sweepIntervalMs ?? 2000),
  ];
}

function backgroundTasks(deps: WorkerDeps, ctx: WorkerContext, reads: ReadRouter): PeriodicTask[] {
  const scheduled = { db: deps.db, redis: deps.redis, redisPrefix: deps.redisPrefix, log: deps.log };
  return [
    startPaymentReconciliation(
      {
        reads,
        db: deps.db,
        redis: deps.redis,
        queues: deps.queues,
        log: deps.log,
        config: {
          PUBLIC_URL: deps.publicUrl ?? 'http://localhost:3000',
          ENCRYPTION_KEY: deps.encryptionKey,
          REDIS_PREFIX: deps.redisPrefix,
          isProduction: deps.isProduction,
          PAYMENT_SANDBOX_IN_PRODUCTION: deps.paymentSandboxInProduction ?? false,
        },
      },
      deps.reconcileIntervalMs ?? 60_000,
    ),
    startExportCleanup(
      { ...ctx, redis: deps.redis, redisPrefix: deps.redisPrefix },
      deps.exportCleanupIntervalMs ?? 3_600_000,
    ),
    startOutboxPrune(scheduled, { ...DEFAULT_PRUNE_OPTIONS, ...deps.outboxPrune }),
    startQuestionStats(scheduled, deps.questionStatsIntervalMs ?? 5000),
  ];
}
