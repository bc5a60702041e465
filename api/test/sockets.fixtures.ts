import type { RoomJoinResult } from '@riyazi/api/contracts';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { listeningUrl, openSocket } from '../../test/helpers.js';

// Socket.IO clients for the realtime limits' tests, each closed after its test.

const open: Socket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) {
    socket.disconnect();
  }
});

/** A connected client, from `network` when given (the app runs with TRUST_PROXY). */
export async function socketOf(app: FastifyInstance, network?: string, token?: string): Promise<Socket> {
  const socket = await openSocket(
    await listeningUrl(app),
    token === undefined ? undefined : { token },
    network === undefined ? undefined : { 'x-forwarded-for': network },
  );
  open.push(socket);
  return socket;
}

export const join = (socket: Socket, room: string): Promise<RoomJoinResult> =>
  socket.timeout(10_000).emitWithAck('room:join', room);

/** Joins as the app's client does: when the server says it is busy, waits as long as it asks. */
export async function joinPolitely(socket: Socket, room: string): Promise<RoomJoinResult> {
  for (;;) {
    const result = await join(socket, room);
    if (result.retryAfterMs === undefined) {
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, result.retryAfterMs));
  }
}

/** The rooms this app's node holds (each socket's own id room among them). */
export const roomsOnNode = (app: FastifyInstance): ReadonlyMap<string, Set<string>> =>
  app.io.of('/').adapter.rooms;

/** Until the server has taken in what the client sent (its events are answered in order). */
export const settled = (socket: Socket) => join(socket, 'champions');

export const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) {
      resolve('already');
    }
    socket.once('disconnect', resolve);
  });
