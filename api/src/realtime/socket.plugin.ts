import type { Db } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { RevocationChannel } from '../auth/revocations.js';
import type { AccessTokens } from '../auth/tokens.js';
import { rooms } from '../contracts/socket.js';
import type { LiveSessions } from '../plugins/auth.js';
import { createSocketServer, type SocketData, type TypedServer } from './adapter.js';
import { findJobRequester } from './rooms.repository.js';

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
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PUBLIC_ROOM = new RegExp(`^(leaderboard:${UUID}:${UUID}|champions)$`, 'i');
const JOB_ROOM = new RegExp(`^job:(${UUID})$`, 'i');

/**
 * Public boards are open to anyone. A job's room (its progress, a file of children's data in the
 * making) only to the staff member who started the job, or a Super Admin, both read now.
 */
export async function mayJoin(
  db: Db,
  liveSessions: LiveSessions,
  room: string,
  data: SocketData,
): Promise<boolean> {
  if (PUBLIC_ROOM.test(room)) {
    return true;
  }
  const jobId = JOB_ROOM.exec(room)?.[1];
  if (jobId === undefined || data.role !== 'staff' || data.claims === null) {
    return false;
  }
  const [staff, requester] = await Promise.all([
    liveSessions.staff(data.claims),
    findJobRequester(db, jobId.toLowerCase()),
  ]);
  return staff !== null && requester !== undefined && (staff.isSuperAdmin || requester === staff.id);
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

async function socketPlugin(app: FastifyInstance, opts: SocketPluginOptions): Promise<void> {
  const io = createSocketServer(opts.redis, opts.redisPrefix, {
    path: '/socket.io',
    serveClient: false,
    cors: opts.allowedOrigins.length ? { origin: [...opts.allowedOrigins], credentials: true } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });

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
    if (socket.data.claims) {
      void socket.join(rooms.session(socket.data.claims.sid));
    }
    if (socket.data.role === 'staff') {
      void socket.join(rooms.staff());
    }
    socket.on('room:join', (room, ack) => {
      const answer = (result: { ok: boolean; message?: string }) => {
        if (typeof ack === 'function') {
          ack(result);
        }
      };
      const allowed =
        typeof room === 'string'
          ? mayJoin(opts.db, app.liveSessions, room, socket.data)
          : Promise.resolve(false);
      void allowed.then(
        async (ok) => {
          if (!ok) {
            answer({ ok: false, message: 'You cannot join this room' });
            return;
          }
          await socket.join(room);
          answer({ ok: true });
        },
        (err: unknown) => {
          app.log.warn({ err }, 'room join check failed');
          answer({ ok: false, message: 'You cannot join this room' });
        },
      );
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

export default fp(socketPlugin, { name: 'socket', dependencies: ['auth'] });
