import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AUDIENCES, type Audience } from './tokens.js';

/** Sessions that just ended (committed in PostgreSQL), as told to every api node. */
export interface Revocation {
  audience: Audience;
  ownerId: string;
  sessionIds: string[];
  /** Every session of the owner ended (their version was raised): forget the owner altogether. */
  everySession: boolean;
}

/** Called for every revocation from any node, or with null when some may have been missed. */
export type RevocationListener = (revocation: Revocation | null) => void;

export interface RevocationChannel {
  /** After the commit: applies here at once, then tells every node and waits until Redis has. */
  announce(revocation: Revocation): Promise<void>;
  onRevoked(listener: RevocationListener): void;
  /** While false (subscription down), a node must not remember live sessions: it could miss a revocation. */
  readonly live: boolean;
  close(): Promise<void>;
}

/** How long a revoking request waits for its own message to come back through Redis. */
const ECHO_TIMEOUT_MS = 1000;

function parseMessage(text: string): { id: string; revocation: Revocation } | null {
  try {
    const { id, audience, ownerId, sessionIds, everySession } = JSON.parse(text) as Record<string, unknown>;
    const ok =
      typeof id === 'string' &&
      AUDIENCES.includes(audience as Audience) &&
      typeof ownerId === 'string' &&
      Array.isArray(sessionIds) &&
      sessionIds.every((s) => typeof s === 'string') &&
      typeof everySession === 'boolean';
    return ok
      ? { id, revocation: { audience: audience as Audience, ownerId, sessionIds, everySession } }
      : null;
  } catch {
    return null;
  }
}

/**
 * The one cross-node invalidation path for sessions: a Redis pub/sub message per revocation, on a
 * subscriber connection of its own. PostgreSQL stays the truth; a lost message costs at most the
 * node cache's few seconds, and while the subscription is down nodes cache nothing.
 */
export async function openRevocationChannel(
  redis: Redis,
  redisPrefix: string,
  log: FastifyBaseLogger,
): Promise<RevocationChannel> {
  const channel = `${redisPrefix}:sessions:revoked`;
  const subscriber = redis.duplicate({ connectionName: 'riyazi-revocations' });
  const listeners: RevocationListener[] = [];
  const echoes = new Map<string, () => void>();
  let live = false;
  let closing = false;

  const emit = (revocation: Revocation | null) => {
    for (const listener of listeners) {
      listener(revocation);
    }
  };
  const subscribe = async () => {
    await subscriber.subscribe(channel);
    live = !closing;
  };

  subscriber.on('message', (_channel: string, text: string) => {
    const message = parseMessage(text);
    if (!message) {
      log.warn('unreadable session revocation message ignored');
      return;
    }
    emit(message.revocation);
    echoes.get(message.id)?.();
  });
  subscriber.on('close', () => {
    if (live) {
      live = false;
      emit(null);
    }
  });
  subscriber.on('ready', () => {
    if (!closing) {
      subscribe().catch((err: unknown) => log.warn({ err }, 'session revocations: resubscribe failed'));
    }
  });
  subscriber.on('error', (err: Error) => {
    log.warn({ err }, 'session revocations subscriber error');
  });
  await subscribe();

  return {
    get live() {
      return live;
    },
    onRevoked(listener) {
      listeners.push(listener);
    },
    async announce(revocation) {
      if (revocation.sessionIds.length === 0 && !revocation.everySession) {
        return;
      }
      emit(revocation);
      const id = randomUUID();
      const published = redis.publish(channel, JSON.stringify({ id, ...revocation })).then(
        () => true,
        (err: unknown) => {
          log.warn({ err }, 'session revocation not published; other nodes forget it within seconds');
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
        const outcome = await Promise.race([echoed, published.then((ok) => ok && echoed)]);
        if (!outcome) {
          log.warn({ ownerId: revocation.ownerId }, 'session revocation not confirmed by Redis in time');
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
