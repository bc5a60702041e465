// What two-nodes.ts listens and probes with: Socket.IO clients watching a leaderboard room on either
// node, the control for nginx's affinity cookie, and where a login through nginx was counted.
import http from 'node:http';
import type { Leaderboard } from '@riyazi/api/contracts';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { sleep } from './own-stack.js';

export interface Watcher {
  name: string;
  socket: Socket;
  boards: { at: number; board: Leaderboard }[];
  disconnects: number;
}

export async function watch(name: string, url: string, room: string, transport: 'websocket' | 'polling') {
  const socket = connect(url, {
    transports: [transport],
    forceNew: true,
    reconnection: false,
    // Node's client keeps cookies only with this: nginx's affinity cookie for long-polling.
    withCredentials: true,
  });
  const watcher: Watcher = { name, socket, boards: [], disconnects: 0 };
  socket.on('leaderboard:updated', (board: Leaderboard) => watcher.boards.push({ at: Date.now(), board }));
  socket.on('disconnect', () => {
    watcher.disconnects += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(10_000).emitWithAck('room:join', room)) as { ok: boolean };
  if (!ack.ok) {
    throw new Error(`${name}: could not join ${room}`);
  }
  return watcher;
}

/**
 * The control for nginx's affinity cookie: a long-polling client that drops cookies has each request
 * hashed anew, so one lands on the node without its session within a few requests. Milliseconds
 * until it broke, or null when it held for 10 s (each request is a coin toss: rare, not impossible).
 */
export async function pollingWithoutCookie(nginxUrl: string, room: string): Promise<number | null> {
  const t0 = Date.now();
  const socket = connect(nginxUrl, { transports: ['polling'], forceNew: true, reconnection: false });
  const broke = new Promise<number>((resolve) => {
    socket.once('connect_error', () => resolve(Date.now() - t0));
    socket.once('disconnect', () => resolve(Date.now() - t0));
  });
  socket.once('connect', () => {
    socket.timeout(10_000).emit('room:join', room, () => {});
  });
  const result = await Promise.race([broke, sleep(10_000).then(() => null)]);
  socket.disconnect();
  return result;
}

/**
 * Which client address the api counted a failed login against, for a login sent to nginx from
 * 127.0.0.2 with a made-up X-Forwarded-For: 127.0.0.2 when nginx replaces the header and the api
 * trusts it (TRUST_PROXY), 127.0.0.1 (nginx itself) when it does not trust it, the made-up one when
 * a client could choose its address.
 */
export async function loginCountedAgainst(
  nginxUrl: string,
  redisUrl: string,
  redisPrefix: string,
): Promise<string[]> {
  const body = JSON.stringify({ email: 'nobody@loadtest.invalid', password: 'not-the-password-1' });
  await new Promise<void>((resolve) => {
    const req = http.request(
      `${nginxUrl}/api/student/login`,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', () => resolve());
    req.end(body);
  });
  const redis = new Redis(redisUrl);
  const prefix = `${redisPrefix}:rl:student-login:fail:net:`;
  const keys = await redis.keys(`${prefix}*`);
  redis.disconnect();
  return keys.map((key) => key.slice(prefix.length));
}

/** The first board after `since` ranking `count` students, or null after `ms`. */
export async function boardRanking(watcher: Watcher, since: number, count: number, ms = 15_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const found = watcher.boards.find((b) => b.at >= since && b.board.rankedCount === count);
    if (found) {
      return found;
    }
    await sleep(20);
  }
  return null;
}
