import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, resetDatabase, type TestContext } from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../src/runtime.js';

export interface TwoNodes {
  nodeA: TestContext;
  nodeB: TestContext;
  workers: RunningWorkers;
}

/**
 * Two api nodes on one database and Redis, with the workers beside node A (set in a beforeAll, so
 * read the fields inside hooks and tests); the sockets opened with `socketTo` are closed after.
 */
export function useTwoNodes(): TwoNodes {
  const nodes = {} as TwoNodes;
  beforeAll(async () => {
    nodes.nodeA = await createTestContext();
    nodes.nodeB = await createTestContext();
    await resetDatabase(nodes.nodeA.db);
    nodes.workers = await startTestWorkers(nodes.nodeA);
  });
  afterAll(async () => {
    for (const s of sockets) {
      s.disconnect();
    }
    await nodes.workers.close();
    await nodes.nodeA.close();
    await nodes.nodeB.close();
  });
  return nodes;
}

const sockets: Socket[] = [];

export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** A connected Socket.IO client of the api at `url` (websocket only, no reconnection). */
export function socketTo(url: string, auth: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], auth, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
