import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { openBroadcast } from '../lib/broadcast.js';
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

function parseRevocation({ audience, ownerId, sessionIds, everySession }: Record<string, unknown>) {
  const ok =
    AUDIENCES.includes(audience as Audience) &&
    typeof ownerId === 'string' &&
    Array.isArray(sessionIds) &&
    sessionIds.every((s) => typeof s === 'string') &&
    typeof everySession === 'boolean';
  return ok ? { audience: audience as Audience, ownerId, sessionIds, everySession } : null;
}

/**
 * The cross-node invalidation path for sessions: a message per revocation on the shared broadcast
 * (lib/broadcast.ts). A lost message costs at most the node cache's few seconds, and while the
 * subscription is down nodes cache nothing.
 */
export async function openRevocationChannel(
  redis: Redis,
  redisPrefix: string,
  log: FastifyBaseLogger,
): Promise<RevocationChannel> {
  const broadcast = await openBroadcast<Revocation>(redis, {
    channel: `${redisPrefix}:sessions:revoked`,
    name: 'revocations',
    parse: parseRevocation,
    log,
  });
  return {
    get live() {
      return broadcast.live;
    },
    onRevoked: (listener) => broadcast.on(listener),
    async announce(revocation) {
      if (revocation.sessionIds.length === 0 && !revocation.everySession) {
        return;
      }
      await broadcast.announce(revocation);
    },
    close: () => broadcast.close(),
  };
}
