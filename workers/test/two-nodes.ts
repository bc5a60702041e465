import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import {
  createTestContext,
  listeningUrl,
  openSocket,
  resetDatabase,
  type TestContext,
} from '../../test/helpers.js';
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

export const listen = (ctx: TestContext): Promise<string> => listeningUrl(ctx.app);

/** A connected Socket.IO client of the api at `url`, closed after the file's tests. */
export async function socketTo(url: string, auth: Record<string, string> = {}): Promise<Socket> {
  const socket = await openSocket(url, auth);
  sockets.push(socket);
  return socket;
}
