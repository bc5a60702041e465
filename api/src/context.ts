import type { Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import type { RevocationChannel } from './auth/revocations.js';
import type { AccessTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Engine } from './engine.js';
import type { FileStorage } from './lib/storage/index.js';
import type { Queues } from './queue/queues.js';

/** What route plugins receive: the process's shared resources, created once by the caller. */
export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  redis: Redis;
  queues: Queues;
  tokens: AccessTokens;
  /** Tells every api node that sessions ended (after the commit). */
  revocations: RevocationChannel;
  allowedOrigins: readonly string[];
  /** Uploads, student documents and exports (local disk or an S3 bucket, from config). */
  storage: FileStorage;
  /** This node's caches and batchers (engine.ts), made with the context. */
  engine: Engine;
}
