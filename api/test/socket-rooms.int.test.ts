import { randomUUID } from 'node:crypto';
import { type Leaderboard, rooms } from '@riyazi/api/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeGrade,
  makePhase,
  nextEvent,
  resetDatabase,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import { SOCKET_LIMITS } from '../src/realtime/socket-limits.js';
import { disconnected, join, joinPolitely, roomsOnNode, socketOf } from './sockets.fixtures.js';

// Which rooms a client may hold (issue #29): a board's only when its phase and grade exist, 32 at
// most, never the server's own rooms for it.

const t = useTestContext();
let admin: Awaited<ReturnType<typeof signedInStaff>>;
const REFUSED = { ok: false, message: 'You cannot join this room' };

beforeAll(async () => {
  await resetDatabase(t.db);
  admin = await signedInStaff(t, { superAdmin: true });
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin.token}` }, payload });

describe('board rooms', () => {
  it('are refused for a phase or grade that does not exist, and open at once for one created', async () => {
    const guest = await socketOf(t.app);
    const madeUp = rooms.leaderboard(randomUUID(), randomUUID());
    expect(await join(guest, madeUp)).toEqual(REFUSED);

    // Created through the api after this node read its list: the cache bus tells it.
    const phase = await post('/api/phase/create/', {
      name: 'Qualifier',
      number: 1,
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'ACTIVE',
    });
    const grade = await post('/api/grade/create/', { title: 'Grade 4', sortOrder: 4 });
    expect([phase.statusCode, grade.statusCode]).toEqual([201, 201]);
    const [phaseId, gradeId] = [phase.json().data._id as string, grade.json().data._id as string];

    expect(await join(guest, rooms.leaderboard(phaseId, randomUUID()))).toEqual(REFUSED);
    expect(await join(guest, rooms.leaderboard(randomUUID(), gradeId))).toEqual(REFUSED);
    expect(await join(guest, rooms.leaderboard(phaseId, gradeId).toUpperCase())).toEqual(REFUSED);
    expect(await join(guest, rooms.leaderboard(phaseId, gradeId))).toEqual({ ok: true });
    expect(roomsOnNode(t.app).has(madeUp)).toBe(false);

    // A real board reaches the room.
    const pushed = nextEvent<Leaderboard>(guest, 'leaderboard:updated');
    expect((await post('/api/admin/ranking/freeze/', { phaseId })).statusCode).toBe(200);
    expect(await pushed).toMatchObject({ phaseId, gradeId, frozen: true });

    // Deleted, it is refused again.
    await t.db.deleteFrom('boardFreezes').execute();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/phase/delete/?id=${phaseId}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const other = await socketOf(t.app);
    expect(await join(other, rooms.leaderboard(phaseId, gradeId))).toEqual(REFUSED);
  });
});

describe('rooms per socket', () => {
  it(`are ${SOCKET_LIMITS.roomsPerSocket} at most; one left makes room for another`, async () => {
    const phases = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => makePhase(t.db, 10 + n)));
    const grades = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => makeGrade(t.db, 10 + n)));
    const boards = phases.flatMap((p) => grades.map((g) => rooms.leaderboard(p.id, g.id)));
    const guest = await socketOf(t.app);
    const [first, ...more] = boards;
    const within = [first!, ...more.slice(0, SOCKET_LIMITS.roomsPerSocket - 2), 'champions'];
    for (const room of within) {
      expect(await joinPolitely(guest, room), room).toEqual({ ok: true });
    }
    const next = boards[SOCKET_LIMITS.roomsPerSocket]!;
    const tooMany = await joinPolitely(guest, next);
    expect(tooMany).toEqual({
      ok: false,
      message: `A connection may be in ${SOCKET_LIMITS.roomsPerSocket} rooms at most: leave one first`,
    });
    expect(await joinPolitely(guest, first!)).toEqual({ ok: true });
    const sid = guest.id!;
    const held = [...roomsOnNode(t.app)].filter(([, members]) => members.has(sid)).map(([room]) => room);
    expect(held.sort()).toEqual([...within, sid].sort());

    guest.emit('room:leave', first!);
    expect(await joinPolitely(guest, next)).toEqual({ ok: true });
  });
});

describe('the server’s own rooms for a socket', () => {
  it('cannot be left: a logout still drops a socket that tried', async () => {
    const staff = await signedInStaff(t, { superAdmin: true });
    const socket = await socketOf(t.app, undefined, staff.token);
    const { sid } = JSON.parse(Buffer.from(staff.token.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    socket.emit('room:leave', rooms.session(sid));
    socket.emit('room:leave', rooms.staff());
    expect(await join(socket, rooms.session(sid))).toEqual(REFUSED);
    const dropped = disconnected(socket);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { authorization: `Bearer ${staff.token}` },
      cookies: { riyazi_staff_rt: staff.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    const stillThere = new Promise((resolve) => setTimeout(() => resolve('still connected'), 5000));
    expect(await Promise.race([dropped, stillThere])).toBe('io server disconnect');
  });
});
