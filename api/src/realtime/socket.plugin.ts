import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AccessTokens } from '../auth/tokens.js';
import { rooms } from '../contracts/socket.js';
import { createSocketServer, type SocketData, type TypedServer } from './adapter.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: TypedServer;
  }
}

export interface SocketPluginOptions {
  redis: Redis;
  redisPrefix: string;
  tokens: AccessTokens;
  allowedOrigins: readonly string[];
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PUBLIC_ROOM = new RegExp(`^(leaderboard:${UUID}:${UUID}|champions)$`, 'i');
const STAFF_ROOM = new RegExp(`^job:${UUID}$`, 'i');

export function mayJoin(room: string, data: SocketData): boolean {
  return PUBLIC_ROOM.test(room) || (data.role === 'staff' && STAFF_ROOM.test(room));
}

function identify(token: unknown, tokens: AccessTokens): SocketData | null {
  if (token === undefined || token === null || token === '') {
    return { role: 'guest', userId: null };
  }
  if (typeof token !== 'string') {
    return null;
  }
  const staffId = tokens.verify('staff', token);
  if (staffId) {
    return { role: 'staff', userId: staffId };
  }
  const studentId = tokens.verify('student', token);
  return studentId ? { role: 'student', userId: studentId } : null;
}

async function socketPlugin(app: FastifyInstance, opts: SocketPluginOptions): Promise<void> {
  const io = createSocketServer(opts.redis, opts.redisPrefix, {
    path: '/socket.io',
    serveClient: false,
    cors: opts.allowedOrigins.length ? { origin: [...opts.allowedOrigins], credentials: true } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });

  // Anyone may watch public boards; a token, when sent, must be valid.
  io.use((socket, next) => {
    const data = identify(socket.handshake.auth?.token, opts.tokens);
    if (!data) {
      next(new Error('unauthorized'));
      return;
    }
    socket.data = data;
    next();
  });

  io.on('connection', (socket) => {
    if (socket.data.role === 'staff') {
      void socket.join(rooms.staff());
    }
    socket.on('room:join', (room, ack) => {
      if (typeof room !== 'string' || !mayJoin(room, socket.data)) {
        if (typeof ack === 'function') {
          ack({ ok: false, message: 'You cannot join this room' });
        }
        return;
      }
      void socket.join(room);
      if (typeof ack === 'function') {
        ack({ ok: true });
      }
    });
    socket.on('room:leave', (room) => {
      if (typeof room === 'string') {
        void socket.leave(room);
      }
    });
  });

  io.attach(app.server);
  app.decorate('io', io);
  // Before the HTTP server closes: open websockets would otherwise keep it waiting.
  app.addHook('preClose', async () => {
    await io.close();
  });
}

export default fp(socketPlugin, { name: 'socket' });
