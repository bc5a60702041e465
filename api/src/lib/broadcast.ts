import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Called for every message from any node (this one included), or with null when some may have been missed. */
export type BroadcastListener<T> = (message: T | null) => void;

export interface Broadcast<T> {
  /** After the commit: applies here at once, then tells every node and waits until Redis has. */
  announce(message: T): Promise<void>;
  on(listener: BroadcastListener<T>): void;
  /** While false (subscription down), a node may miss messages: it must not trust what it remembers. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface BroadcastOptions<T> {
  /** The full Redis channel name (under REDIS_PREFIX). */
  channel: string;
  /** Names the subscriber connection in CLIENT LIST and the log lines. */
  name: string;
  /** The message from its parsed JSON, or null when it is not one (ignored with a warning). */
  parse: (value: Record<string, unknown>) => T | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** How long an announcing request waits for its own message to come back through Redis. */
const ECHO_TIMEOUT_MS = 1000;

function readEnvelope<T>(text: string, parse: (value: Record<string, unknown>) => T | null) {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return null;
    }
    const { id, ...rest } = value as Record<string, unknown>;
    const message = typeof id === 'string' ? parse(rest) : null;
    return message === null ? null : { id: id as string, message };
  } catch {
    return null;
  }
}

/**
 * A Redis pub/sub channel every node listens to on a subscriber connection of its own: the one
 * cross-node path for "forget what you remember about X" (sessions, caches). PostgreSQL stays the
 * truth; a lost message costs what the listener's time to live allows, and listeners hear null
 * when the subscription drops (they may have missed messages).
 */
export async function openBroadcast<T extends object>(
  redis: Redis,
  { channel, name, parse, log }: BroadcastOptions<T>,
): Promise<Broadcast<T>> {
  const subscriber = redis.duplicate({ connectionName: `riyazi-${name}` });
  const listeners: BroadcastListener<T>[] = [];
  const echoes = new Map<string, () => void>();
  let live = false;
  let closing = false;

  const emit = (message: T | null) => {
    for (const listener of listeners) {
      listener(message);
    }
  };
  const subscribe = async () => {
    await subscriber.subscribe(channel);
    live = !closing;
  };

  subscriber.on('message', (_channel: string, text: string) => {
    const envelope = readEnvelope(text, parse);
    if (!envelope) {
      log.warn(`unreadable ${name} message ignored`);
      return;
    }
    emit(envelope.message);
    echoes.get(envelope.id)?.();
  });
  subscriber.on('close', () => {
    if (live) {
      live = false;
      emit(null);
    }
  });
  subscriber.on('ready', () => {
    if (!closing) {
      subscribe().catch((err: unknown) => log.warn({ err }, `${name}: resubscribe failed`));
    }
  });
  subscriber.on('error', (err: Error) => {
    log.warn({ err }, `${name} subscriber error`);
  });
  await subscribe();

  return {
    get live() {
      return live;
    },
    on(listener) {
      listeners.push(listener);
    },
    async announce(message) {
      emit(message);
      const id = randomUUID();
      const published = redis.publish(channel, JSON.stringify({ ...message, id })).then(
        () => true,
        (err: unknown) => {
          log.warn({ err }, `${name} message not published; other nodes catch up within their time to live`);
          return false;
        },
      );
      if (!live) {
        return;
      }
      // Redis writes to every subscriber in one pass: our own copy back means the others have theirs.
      let timer: NodeJS.Timeout | undefined;
      const echoed = new Promise<boolean>((resolve) => {
        echoes.set(id, () => resolve(true));
        timer = setTimeout(() => resolve(false), ECHO_TIMEOUT_MS);
      });
      try {
        if (!(await Promise.race([echoed, published.then((ok) => ok && echoed)]))) {
          log.warn(`${name} message not confirmed by Redis in time`);
        }
      } finally {
        clearTimeout(timer);
        echoes.delete(id);
      }
    },
    async close() {
      closing = true;
      live = false;
      subscriber.disconnect();
    },
  };
}
