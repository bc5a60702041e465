import type {
  JobMap,
  JobName,
  JobPayload,
  OUTBOX_ROUTES,
  OutboxEventType,
  QueueName,
} from '@riyazi/api/contracts';
import type { Engine } from '@riyazi/api/engine';
import type { Queues } from '@riyazi/api/queue';
import type { TypedServer } from '@riyazi/api/realtime';
import type { FileStorage, StorageSettings } from '@riyazi/api/storage';
import type { Db } from '@riyazi/db';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';

export interface WorkerContext {
  db: Db;
  queues: Queues;
  /** This process's batchers (the scoring one) and caches, as the api's (api/src/engine.ts). */
  engine: Engine;
  io: TypedServer;
  log: Logger;
  encryptionKey: string;
  isProduction: boolean;
  /** Where exports are written (local disk or an S3 bucket, from config). */
  storage: FileStorage;
  /** What `storage` was built from, for the export process to build its own. */
  storageSettings: StorageSettings;
  /**
   * The database the workers use (config DATABASE_URL). When set, each student export runs in a
   * process of its own on it (see runExportProcess); unset, in this process.
   */
  databaseUrl?: string;
  /**
   * config DATABASE_READ_URL: a student export reads its rows there when the read rules allow
   * (engine.reads: the replica is usable and no student was marked written since its position).
   */
  readDatabaseUrl?: string;
}

export type JobHandler<Q extends QueueName, J extends JobName<Q>> = (
  payload: JobPayload<Q, J>,
  job: Job<JobPayload<Q, J>>,
  ctx: WorkerContext,
) => Promise<void>;

/** The compiler makes this exhaustive: a job in JobMap without a handler does not build. */
export type Handlers = { [Q in QueueName]: { [J in keyof JobMap[Q] & string]: JobHandler<Q, J> } };

type RouteHandler<T extends OutboxEventType> = (typeof OUTBOX_ROUTES)[T] extends {
  queue: infer Q extends QueueName;
  job: infer J;
}
  ? J extends keyof Handlers[Q]
    ? Handlers[Q][J]
    : never
  : never;
type UnhandledEventType = {
  [T in OutboxEventType]: [RouteHandler<T>] extends [never] ? T : never;
}[OutboxEventType];
/** The compiler checks every outbox event type too: one whose route has no handler does not build. */
export const everyOutboxEventHandled: [UnhandledEventType] extends [never] ? true : UnhandledEventType = true;
