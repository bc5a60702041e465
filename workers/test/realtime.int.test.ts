import type { AddressInfo } from 'node:net';
import type { FlagsUpdatedEvent } from '@riyazi/api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  loginStaff,
  makeStaff,
  resetDatabase,
  type TestContext,
} from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../src/runtime.js';

let nodeA: TestContext;
let nodeB: TestContext;
let workers: RunningWorkers;
const sockets: Socket[] = [];

async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

function client(url: string, auth: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], auth, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const nextFlags = (socket: Socket) =>
  new Promise<FlagsUpdatedEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no flags:updated within 10 s')), 10_000);
    socket.once('flags:updated', (event: FlagsUpdatedEvent) => {
      clearTimeout(timer);
      resolve(event);
    });
  });

beforeAll(async () => {
  nodeA = await createTestContext();
  nodeB = await createTestContext();
  await resetDatabase(nodeA.db);
  workers = await startTestWorkers(nodeA);
});

afterAll(async () => {
  for (const s of sockets) {
    s.disconnect();
  }
  await workers.close();
  await nodeA.close();
  await nodeB.close();
});

describe('realtime path', () => {
  it('delivers flags:updated from a worker, through Redis, to clients of two api nodes', async () => {
    const [urlA, urlB] = [await listen(nodeA), await listen(nodeB)];
    const [onA, onB] = [await client(urlA), await client(urlB)];
    const staff = await makeStaff(nodeA.db, { superAdmin: true });
    const { accessToken } = await loginStaff(nodeA.app, staff);

    const received = Promise.all([nextFlags(onA), nextFlags(onB)]);
    // Saved through node A: the worker emits, node B's client must hear it too.
    const res = await nodeA.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { isLeaderBoardDisplayed: true },
    });
    expect(res.statusCode).toBe(200);
    const [eventA, eventB] = await received;
    expect(eventA.flags.isLeaderBoardDisplayed).toBe(true);
    expect(eventB.flags).toEqual(eventA.flags);
  });

  it('refuses a socket that presents an invalid token', async () => {
    const [url] = [`http://127.0.0.1:${(nodeA.app.server.address() as AddressInfo).port}`];
    await expect(client(url, { token: 'not-a-token' })).rejects.toThrow(/unauthorized/);
  });

  it('lets only staff join job rooms (the job must exist)', async () => {
    const url = `http://127.0.0.1:${(nodeA.app.server.address() as AddressInfo).port}`;
    const staff = await makeStaff(nodeA.db, { superAdmin: true });
    const job = await nodeA.db
      .insertInto('backgroundJobs')
      .values({ kind: 'STUDENT_EXPORT', requestedBy: staff.id, params: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const room = `job:${job.id}`;
    const guest = await client(url);
    const guestJoin = await guest.emitWithAck('room:join', room);
    expect(guestJoin).toEqual({ ok: false, message: 'You cannot join this room' });
    const { accessToken } = await loginStaff(nodeA.app, staff);
    const staffSocket = await client(url, { token: accessToken });
    expect(await staffSocket.emitWithAck('room:join', room)).toEqual({ ok: true });
    expect(await staffSocket.emitWithAck('room:join', 'job:00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      message: 'You cannot join this room',
    });
  });
});
