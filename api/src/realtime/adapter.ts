import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type { AccessClaims } from '../auth/tokens.js';
import type { ClientToServerEvents, ServerToClientEvents } from '../contracts/socket.js';

export interface SocketData {
  role: 'guest' | 'staff' | 'student';
  userId: string | null;
  /** The access token's claims the connection was opened with (null for a guest). */
  claims: AccessClaims | null;
}

export type TypedServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type TypedSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Every api node and every worker shares rooms through this Redis Streams adapter. */
export function streamsAdapter(redis: Redis, redisPrefix: string) {
  return createAdapter(redis, {
    streamName: `${redisPrefix}:socket.io`,
    channelPrefix: `${redisPrefix}:socket.io`,
    sessionKeyPrefix: `${redisPrefix}:sio:session:`,
    // Short blocking reads let a node shut down within a second.
    blockTimeInMs: 1000,
    onlyPlaintext: true,
  });
}

export function createSocketServer(
  redis: Redis,
  redisPrefix: string,
  options: Partial<ServerOptions> = {},
): TypedServer {
  return new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>({
    ...options,
    adapter: streamsAdapter(redis, redisPrefix),
  });
}

/**
 * For workers: a Socket.IO node with no HTTP listener. What it emits travels through the adapter's
 * stream to every api node, which delivers it to their clients.
 */
export function createSocketEmitter(redis: Redis, redisPrefix: string): TypedServer {
  return createSocketServer(redis, redisPrefix, { serveClient: false });
}

/** An emitter has no engine to close: stopping its adapter ends the stream reader. */
export async function closeSocketEmitter(io: TypedServer): Promise<void> {
  await io.of('/').adapter.close();
}
