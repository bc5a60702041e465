import type { Db } from '@riyazi/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { replicaLag, replicaReads } from '../metrics/metrics.js';
import { describeConnectionError, isConnectionLoss } from './connection-loss.js';
import { type ReplicaSample, sampleReplica } from './replica.repository.js';

/**
 * Tables whose writes are marked in Redis (README "Read replica"): a routed read that names one
 * goes to the primary while the replica may not have that write yet. Only writes outside the
 * contest path are marked (one SET each); the tables the contest writes all day are never named.
 */
export const MARKED_TABLES = [
  'board_freezes',
  'public_display_settings',
  'winners',
  'payments',
  'students',
  'phases',
] as const;
export type MarkedTable = (typeof MARKED_TABLES)[number];

export type ReadSource = 'primary' | 'replica';

/** Why a routed read went to the primary (a label of riyazi_db_reads_total). */
export type PrimaryReason =
  | 'no-replica'
  | 'starting'
  | 'unreachable'
  | 'lagging'
  | 'unknown-lag'
  | 'stale-sample'
  | 'request-wrote'
  | 'recent-write'
  | 'marks-unavailable'
  | 'replica-refused';

/** The replica as the last probe saw it. */
export interface ReplicaHealth {
  usable: boolean;
  /** Why not, when not usable. */
  reason: PrimaryReason | null;
  /** How far its data is behind the primary, in ms (0 when it has replayed all it received). */
  lagMs: number | null;
  /** When the probe answered, on this node's clock (0 before any). */
  sampledAt: number;
}

/**
 * How far a replica is behind. Off recovery (a standalone copy, a logical replica) its data is
 * its own now. A streaming standby that has replayed everything it received is current however
 * old its last replayed commit is: the primary is idle, not the standby late (the guard that
 * `now() - pg_last_xact_replay_timestamp()` alone lacks). Otherwise the lag is the age of the last
 * commit it replayed; null when it has replayed none.
 */
export function replicaLagMs(sample: ReplicaSample): number | null {
  if (!sample.inRecovery || sample.caughtUp) {
    return 0;
  }
  if (sample.replayedAt === null) {
    return null;
  }
  return Math.max(0, sample.now.getTime() - sample.replayedAt.getTime());
}

/** The health a probe's answer gives: usable while its lag is known and within `maxLagMs`. */
export function judgeSample(sample: ReplicaSample, sampledAt: number, maxLagMs: number): ReplicaHealth {
  const lagMs = replicaLagMs(sample);
  if (lagMs === null) {
    return { usable: false, reason: 'unknown-lag', lagMs, sampledAt };
  }
  if (lagMs > maxLagMs) {
    return { usable: false, reason: 'lagging', lagMs, sampledAt };
  }
  return { usable: true, reason: null, lagMs, sampledAt };
}

export type ReadChoice = { source: 'replica'; asOf: number } | { source: 'primary'; reason: PrimaryReason };

export interface ChoiceInput {
  health: ReplicaHealth;
  now: number;
  /** When each table the read names was last written (ms), null when not within the mark's life. */
  writtenAt: readonly (number | null)[];
  requestWrote: boolean;
  toleranceMs: number;
  /** A probe answer older than this is not trusted (the probe itself may hang). */
  staleAfterMs: number;
}

/**
 * Where one read goes. The replica holds everything committed before `asOf` (the probe's time
 * minus the lag it saw): a table written after that, or within the tolerance (clock skew, a probe
 * between writes), is read on the primary, as is everything in a request that has written.
 */
export function chooseRead(input: ChoiceInput): ReadChoice {
  const { health, now } = input;
  if (input.requestWrote) {
    return { source: 'primary', reason: 'request-wrote' };
  }
  if (!health.usable || health.lagMs === null) {
    return { source: 'primary', reason: health.reason ?? 'unknown-lag' };
  }
  if (now - health.sampledAt > input.staleAfterMs) {
    return { source: 'primary', reason: 'stale-sample' };
  }
  const asOf = health.sampledAt - health.lagMs;
  for (const written of input.writtenAt) {
    if (written !== null && (written >= asOf || now - written < input.toleranceMs)) {
      return { source: 'primary', reason: 'recent-write' };
    }
  }
  return { source: 'replica', asOf };
}

/** A routed read's answer, where it came from and how old its data may be. */
export interface Read<T> {
  value: T;
  source: ReadSource;
  /** The data reflects every commit before this time. */
  asOf: Date;
}

/** What a request looks like to the router: its method, and whether it has written (noteWrite). */
export type RequestLike = { method: string };

export interface ReadRouter {
  /** Whether a replica is configured at all. */
  readonly hasReplica: boolean;
  /**
   * Runs `read` on the replica when the rules allow, else on the primary; a replica that fails
   * with a lost connection is retried on the primary (and marked down until a probe says it is up).
   * `request`: the HTTP request it serves (a request that is not a GET reads the primary).
   */
  read<T>(
    tables: readonly MarkedTable[],
    read: (db: Db, asOf: Date) => Promise<T>,
    request?: RequestLike,
  ): Promise<Read<T>>;
  /** After a commit that changed these tables: reads naming them go to the primary meanwhile. */
  markWritten(tables: readonly MarkedTable[], request?: RequestLike): Promise<void>;
  /** The last probe's view (for tests, health and metrics). */
  health(): ReplicaHealth;
  /** Probes the replica now (tests; the timer does it every probeIntervalMs). */
  probe(): Promise<ReplicaHealth>;
  close(): Promise<void>;
}

export interface ReadRouterOptions {
  primary: Db;
  /** The read-only database (config DATABASE_READ_URL); none: every read is the primary's. */
  replica?: Db;
  redis: Redis;
  redisPrefix: string;
  /** config DATABASE_READ_LAG_TOLERANCE_MS */
  toleranceMs: number;
  /** config DATABASE_READ_MAX_LAG_MS: a replica further behind is not read. */
  maxLagMs: number;
  probeIntervalMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

const PROBE_INTERVAL_MS = 1000;

/**
 * What a standby answers that the primary would not: a query cancelled because replay needed its
 * rows (hot standby conflict), or a table or column a migration just added and it has not replayed.
 * The read is run on the primary; the replica stays in use for the next.
 */
export function replicaCannotAnswer(err: unknown): boolean {
  const { code, message } = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (code === '42P01' || code === '42703') {
    return true;
  }
  return (
    (code === '40001' || code === '40P01') &&
    typeof message === 'string' &&
    message.includes('conflict with recovery')
  );
}
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export const writtenKey = (redisPrefix: string, table: MarkedTable) => `${redisPrefix}:db:written:${table}`;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the replica did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every read on the primary: no probe, no Redis, the data as of now. */
export function primaryReads(primary: Db): ReadRouter {
  const health: ReplicaHealth = { usable: false, reason: 'no-replica', lagMs: null, sampledAt: 0 };
  return {
    hasReplica: false,
    read: async (_tables, read) => {
      const asOf = new Date();
      return { value: await read(primary, asOf), source: 'primary', asOf };
    },
    markWritten: async () => {},
    health: () => health,
    probe: async () => health,
    close: async () => {},
  };
}

/** Requests that have written (noteWrite / markWritten with a request): primary for the rest of them. */
const wroteIn = new WeakSet<object>();

/** This request has written: its later routed reads go to the primary. */
export function noteWrite(request: RequestLike): void {
  wroteIn.add(request);
}

export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const { primary, replica, redis, redisPrefix, toleranceMs, maxLagMs, log } = options;
  if (!replica) {
    return primaryReads(primary);
  }
  const interval = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const staleAfterMs = interval * 3 + 1000;
  let health: ReplicaHealth = { usable: false, reason: 'starting', lagMs: null, sampledAt: 0 };
  let probing: Promise<ReplicaHealth> | null = null;
  let closed = false;

  const setHealth = (next: ReplicaHealth, err?: unknown) => {
    const was = health;
    health = next;
    replicaLag.set(next.lagMs === null ? -1 : next.lagMs / 1000);
    if (was.usable && !next.usable) {
      log?.warn(
        { reason: next.reason, lagMs: next.lagMs, ...(err ? { error: describeConnectionError(err) } : {}) },
        'read replica not used: reads go to the primary',
      );
    } else if (!was.usable && next.usable && was.reason !== 'starting') {
      log?.info({ lagMs: next.lagMs }, 'read replica back in use');
    } else if (was.reason === 'starting' && !next.usable) {
      log?.warn(
        { reason: next.reason, lagMs: next.lagMs },
        'read replica not usable yet: reads go to the primary',
      );
    }
  };

  const probe = (): Promise<ReplicaHealth> => {
    probing ??= withTimeout(sampleReplica(replica), Math.max(interval * 2, 2000))
      .then(
        (sample) => setHealth(judgeSample(sample, Date.now(), maxLagMs)),
        (err: unknown) =>
          setHealth({ usable: false, reason: 'unreachable', lagMs: null, sampledAt: Date.now() }, err),
      )
      .then(() => health)
      .finally(() => {
        probing = null;
      });
    return probing;
  };
  void probe();
  const timer = setInterval(() => void probe(), interval);
  timer.unref();

  const writtenAt = async (tables: readonly MarkedTable[]): Promise<(number | null)[]> => {
    if (tables.length === 0) {
      return [];
    }
    const values = await redis.mget(...tables.map((t) => writtenKey(redisPrefix, t)));
    return values.map((v) => (v === null ? null : Number(v)));
  };

  const choose = async (tables: readonly MarkedTable[], request?: RequestLike): Promise<ReadChoice> => {
    const requestWrote = request !== undefined && (!SAFE_METHODS.has(request.method) || wroteIn.has(request));
    const input = { health, now: Date.now(), requestWrote, toleranceMs, staleAfterMs, writtenAt: [] };
    // Decided without the marks first: a replica that is down costs no Redis round trip.
    const first = chooseRead(input);
    if (first.source === 'primary' || tables.length === 0) {
      return first;
    }
    try {
      return chooseRead({ ...input, writtenAt: await writtenAt(tables) });
    } catch {
      return { source: 'primary', reason: 'marks-unavailable' };
    }
  };

  const onPrimary = async <T>(
    read: (db: Db, asOf: Date) => Promise<T>,
    reason: PrimaryReason,
  ): Promise<Read<T>> => {
    replicaReads.inc({ source: 'primary', reason });
    const asOf = new Date();
    return { value: await read(primary, asOf), source: 'primary', asOf };
  };

  return {
    hasReplica: true,
    async read(tables, read, request) {
      const choice = await choose(tables, request);
      if (choice.source === 'primary') {
        return onPrimary(read, choice.reason);
      }
      try {
        const asOf = new Date(choice.asOf);
        const value = await read(replica, asOf);
        replicaReads.inc({ source: 'replica', reason: 'ok' });
        return { value, source: 'replica', asOf };
      } catch (err) {
        if (replicaCannotAnswer(err)) {
          return onPrimary(read, 'replica-refused');
        }
        if (!isConnectionLoss(err)) {
          throw err;
        }
        // Down since the last probe: the next probe that reaches it brings it back.
        setHealth({ usable: false, reason: 'unreachable', lagMs: null, sampledAt: Date.now() }, err);
        return onPrimary(read, 'unreachable');
      }
    },
    async markWritten(tables, request) {
      if (request) {
        noteWrite(request);
      }
      if (tables.length === 0) {
        return;
      }
      const now = String(Date.now());
      const pipeline = redis.pipeline();
      for (const table of tables) {
        pipeline.set(writtenKey(redisPrefix, table), now, 'PX', maxLagMs + toleranceMs);
      }
      try {
        await pipeline.exec();
      } catch (err) {
        // The write is committed; while Redis is away a read finds no marks and goes to the primary.
        log?.warn({ error: describeConnectionError(err), tables }, 'marking written tables failed');
      }
    },
    health: () => health,
    probe,
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      clearInterval(timer);
      await probing?.catch(() => {});
    },
  };
}

/**
 * Marks `tables` written after every request of `app`'s routes (this plugin and those inside it)
 * that may have written: not a GET or HEAD, and answered below 400. In onSend, so the mark is set
 * after the commit and before the answer leaves: the next request, on any node, sees it.
 */
export function marksWrites(app: FastifyInstance, reads: ReadRouter, tables: readonly MarkedTable[]): void {
  if (!reads.hasReplica) {
    return;
  }
  app.addHook('onSend', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
      await reads.markWritten(tables, request);
    }
  });
}
