import type { FlagsUpdatedEvent } from '@riyazi/api/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { loginStaff, makeStaff, nextEvent } from '../../test/helpers.js';
import { listen, socketTo, useTwoNodes } from './two-nodes.js';

const nodes = useTwoNodes();

const nextFlags = (socket: Socket) => nextEvent<FlagsUpdatedEvent>(socket, 'flags:updated');

describe('realtime path', () => {
  it('delivers flags:updated from a worker, through Redis, to clients of two api nodes', async () => {
    const [urlA, urlB] = [await listen(nodes.nodeA), await listen(nodes.nodeB)];
    const [onA, onB] = [await socketTo(urlA), await socketTo(urlB)];
    const staff = await makeStaff(nodes.nodeA.db, { superAdmin: true });
    const { accessToken } = await loginStaff(nodes.nodeA.app, staff);

    const received = Promise.all([nextFlags(onA), nextFlags(onB)]);
    // Saved through node A: the worker emits, node B's client must hear it too.
    const res = await nodes.nodeA.app.inject({
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
    const url = await listen(nodes.nodeA);
    await expect(socketTo(url, { token: 'not-a-token' })).rejects.toThrow(/unauthorized/);
  });

  it('lets only staff join job rooms (the job must exist)', async () => {
    const url = await listen(nodes.nodeA);
    const staff = await makeStaff(nodes.nodeA.db, { superAdmin: true });
    const job = await nodes.nodeA.db
      .insertInto('backgroundJobs')
      .values({ kind: 'STUDENT_EXPORT', requestedBy: staff.id, params: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const room = `job:${job.id}`;
    const guest = await socketTo(url);
    const guestJoin = await guest.emitWithAck('room:join', room);
    expect(guestJoin).toEqual({ ok: false, message: 'You cannot join this room' });
    const { accessToken } = await loginStaff(nodes.nodeA.app, staff);
    const staffSocket = await socketTo(url, { token: accessToken });
    expect(await staffSocket.emitWithAck('room:join', room)).toEqual({ ok: true });
    expect(await staffSocket.emitWithAck('room:join', 'job:00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      message: 'You cannot join this room',
    });
  });
});
