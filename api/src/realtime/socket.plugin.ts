import type { Db } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { RevocationChannel } from '../auth/revocations.js';
import type { AccessTokens } from '../auth/tokens.js';
import { type RoomJoinResult, rooms } from '../contracts/socket.js';
import { socketRefusals } from '../metrics/metrics.js';
import type { LiveSessions } from '../plugins/auth.js';
import { createSocketServer, type SocketData, type TypedServer } from './adapter.js';
import type { BoardRooms } from './board-rooms.js';
import { clientRoomCount, isClientRoom, mayJoin } from './room-rules.js';
import { type SocketLimitOptions, socketLimits } from './socket-guard.js';
import { SOCKET_LIMITS } from './socket-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: TypedServer;
  }
}

export interface SocketPluginOptions {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  tokens: AccessTokens;
  revocations: RevocationChannel;
  allowedOrigins: readonly string[];
  boardRooms: BoardRooms;
  limits: SocketLimitOptions;
}

/** Who a handshake's token says it is, if its session is live; a guest without a token. */
async function identify(
  token: unknown,
  tokens: AccessTokens,
  liveSessions: LiveSessions,
): Promise<SocketData | null> {
  if (token === undefined || token === null || token === '') {
    return { role: 'guest', userId: null, claims: null };
  }
  if (typeof token !== 'string') {
    return null;
  }
  const staff = tokens.verify('staff', token);
  if (staff) {
    return (await liveSessions.staff(staff)) ? { role: 'staff', userId: staff.sub, claims: staff } : null;
  }
  const student = tokens.verify('student', token);
  return student && (await liveSessions.student(student))
    ? { role: 'student', userId: student.sub, claims: student }
    : null;
}

const CANNOT_JOIN: RoomJoinResult = { ok: false, message: 'You cannot join this room' };
const TOO_MANY_ROOMS: RoomJoinResult = {
  ok: false,
  message: `A connection may be in ${SOCKET_LIMITS.roomsPerSocket} rooms at most: leave one first`,
};

async function socketPlugin(app: FastifyInstance, opts: SocketPluginOptions): Promise<void> {
  const limits = socketLimits(opts.limits);
  const io = createSocketServer(opts.redis, opts.redisPrefix, {
    path: '/socket.io',
    serveClient: false,
    cors: opts.allowedOrigins.length ? { origin: [...opts.allowedOrigins], credentials: true } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    maxHttpBufferSize: SOCKET_LIMITS.maxMessageBytes,
    allowRequest: limits.allowRequest,
  });
  const roomRules = { db: opts.db, liveSessions: app.liveSessions, boardRooms: opts.boardRooms };

  // Anyone may watch public boards; a token, when sent, must be valid and its session live (checked
  // on every connect, reconnects and recovered connections included).
  io.use((socket, next) => {
    identify(socket.handshake.auth?.token, opts.tokens, app.liveSessions).then(
      (data) => {
        if (data) {
          socket.data = data;
        }
        next(data ? undefined : new Error('unauthorized'));
      },
      (err: unknown) => {
        app.log.warn({ err }, 'socket session check failed');
        next(new Error('unauthorized'));
      },
    );
  });

  // A session that ends anywhere drops its connections on this node (each node hears every revocation).
  opts.revocations.onRevoked((revocation) => {
    for (const sessionId of revocation?.sessionIds ?? []) {
      io.local.in(rooms.session(sessionId)).disconnectSockets(true);
    }
  });

  io.on('connection', (socket) => {
    limits.guard(socket);
    if (socket.data.claims) {
      void socket.join(rooms.session(socket.data.claims.sid));
    }
    if (socket.data.role === 'staff') {
      void socket.join(rooms.staff());
    }
    const hasRoomFor = (room: string) =>
      socket.rooms.has(room) || clientRoomCount(socket.rooms) < SOCKET_LIMITS.roomsPerSocket;
    socket.on('room:join', (room, ack) => {
      const answer = (result: RoomJoinResult) => {
        if (typeof ack === 'function') {
          ack(result);
        }
      };
      const refuse = (result: RoomJoinResult, reason: 'room' | 'rooms') => {
        socketRefusals.inc({ reason });
        answer(result);
      };
      if (typeof room !== 'string' || !isClientRoom(room)) {
        refuse(CANNOT_JOIN, 'room');
        return;
      }
      if (!hasRoomFor(room)) {
        refuse(TOO_MANY_ROOMS, 'rooms');
        return;
      }
      void mayJoin(roomRules, room, socket.data).then(
        async (ok) => {
          if (!ok) {
            refuse(CANNOT_JOIN, 'room');
          } else if (!hasRoomFor(room)) {
            refuse(TOO_MANY_ROOMS, 'rooms');
          } else {
            await socket.join(room);
            answer({ ok: true });
          }
        },
        (err: unknown) => {
          app.log.warn({ err }, 'room join check failed');
          answer(CANNOT_JOIN);
        },
      );
    });
    // Only rooms a client may join: leaving its session's room would keep it past a logout.
    socket.on('room:leave', (room) => {
      if (typeof room === 'string' && isClientRoom(room)) {
        void socket.leave(room);
      }
    });
  });

  io.attach(app.server);
  limits.watch(io);
  app.decorate('io', io);
  // Before the HTTP server closes: open websockets would otherwise keep it waiting.
  app.addHook('preClose', async () => {
    await io.close();
  });
}

export default fp(socketPlugin, { name: 'socket', dependencies: ['auth'] });
