import { randomUUID } from 'node:crypto';
import { type RoomJoinResult, rooms } from '@riyazi/api/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { listeningUrl, useTestContext } from '../../test/helpers.js';
import { SOCKET_LIMITS } from '../src/realtime/socket-limits.js';
import { disconnected, join, joinPolitely, roomsOnNode, socketOf } from './sockets.fixtures.js';

// A guest's socket cannot run a node out of memory or time (issue #29): events per socket and per
// network, and connections per network, are capped. Each test speaks from a network of its own
// (X-Forwarded-For, honoured as the app honours it with TRUST_PROXY).

const CONNECTIONS = 30;
const t = useTestContext({
  env: { TRUST_PROXY: 'true', SOCKET_CONNECTIONS_PER_NETWORK: String(CONNECTIONS) },
});
const BUSY = { ok: false, message: 'Too many requests: try again shortly' };
const madeUpBoard = () => rooms.leaderboard(randomUUID(), randomUUID());

async function sockets(network: string, count: number): Promise<Socket[]> {
  const opened: Socket[] = [];
  for (let i = 0; i < count; i += 1) {
    opened.push(await socketOf(t.app, network));
  }
  return opened;
}

async function healthy(): Promise<number> {
  const res = await fetch(`${await listeningUrl(t.app)}/api/health`);
  return res.status;
}

const isBusy = (result: RoomJoinResult) =>
  result.ok === false &&
  result.message === BUSY.message &&
  typeof result.retryAfterMs === 'number' &&
  result.retryAfterMs > 0;

describe('events per socket', () => {
  it('past its rate are refused with the wait, and a socket that keeps sending is dropped', async () => {
    const [guest] = await sockets('198.51.100.1', 1);
    const answers = await Promise.all(Array.from({ length: 60 }, () => join(guest!, 'champions')));
    const through = answers.filter((a) => a.ok).length;
    expect(through).toBeGreaterThanOrEqual(SOCKET_LIMITS.socket.burst);
    expect(through).toBeLessThan(45);
    expect(answers.filter((a) => !a.ok).every(isBusy)).toBe(true);

    const dropped = disconnected(guest!);
    for (let i = 0; i < SOCKET_LIMITS.socketAbuse * 2; i += 1) {
      guest!.emit('room:join', madeUpBoard());
    }
    expect(await healthy()).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});

describe('events per network', () => {
  it('let a crowd that joins together through, and refuse many sockets each within its own rate', async () => {
    const crowd = await sockets('198.51.100.2', CONNECTIONS);
    const joined = await Promise.all(
      crowd.flatMap((s) => ['champions', madeUpBoard(), 'champions'].map((room) => join(s, room))),
    );
    expect(joined.filter((a) => isBusy(a))).toEqual([]);

    // Each sends 20 more at once, 23 in all within its own burst of 30; together they are far past
    // the network's (200 + 10 a connection: 500, less the 90 above).
    const answers = await Promise.all(
      crowd.flatMap((s) => Array.from({ length: 20 }, () => join(s, 'champions'))),
    );
    const busy = answers.filter((a) => !a.ok);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every(isBusy)).toBe(true);
    expect(crowd.every((s) => s.connected)).toBe(true);

    // Waiting as asked gets every one of them in.
    const later = await Promise.all(crowd.map((s) => joinPolitely(s, 'champions')));
    expect(later.every((a) => a.ok)).toBe(true);
  });
});

describe('connections per network', () => {
  it(`are ${CONNECTIONS} on a node; another network is not held back, and one closed frees a place`, async () => {
    const full = await sockets('198.51.100.3', CONNECTIONS);
    await expect(socketOf(t.app, '198.51.100.3')).rejects.toThrow();
    expect((await sockets('198.51.100.4', 1))[0]!.connected).toBe(true);

    full[0]!.disconnect();
    for (let tries = 0; ; tries += 1) {
      const again = await socketOf(t.app, '198.51.100.3').catch(() => null);
      if (again) {
        break;
      }
      expect(tries).toBeLessThan(20);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('a flood of made-up board rooms', () => {
  it('leaves the node holding no more rooms, answering its health check meanwhile', async () => {
    const before = roomsOnNode(t.app).size;
    const flood = await sockets('198.51.100.5', 10);
    const gone = Promise.all(flood.map(disconnected));
    for (let i = 0; i < 1000; i += 1) {
      for (const socket of flood) {
        socket.emit('room:join', madeUpBoard());
      }
      if (i % 250 === 0) {
        expect(await healthy()).toBe(200);
      }
    }
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
    expect(await healthy()).toBe(200);
    const boards = [...roomsOnNode(t.app).keys()].filter((room) => room.startsWith('leaderboard:'));
    expect(boards).toEqual([]);
    // Past their allowance the sockets were dropped, and their rooms with them.
    expect(flood.filter((s) => s.connected)).toEqual([]);
    expect(roomsOnNode(t.app).size).toBeLessThanOrEqual(before);
  });
});
