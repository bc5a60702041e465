import type { RoomJoinResult } from '@riyazi/api/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeSocket } from './realtime';
import { attachRealtimeSocket, OFFLINE_RESYNC_MS, RETRY_JITTER_MS, subscribeRoom } from './rooms';

/** A socket that records what is emitted and answers every join with ok. */
function fakeSocket(connected: boolean) {
  const emitted: string[] = [];
  const socket = {
    connected,
    on: () => socket,
    off: () => socket,
    emit: (event: string, room: string, ack?: (result: { ok: boolean }) => void) => {
      emitted.push(`${event} ${room}`);
      ack?.({ ok: true });
    },
  };
  return { socket, emitted };
}

describe('room subscriptions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resyncs over REST every 30 s while the socket is down, and stops once it is up or nobody listens', () => {
    const { socket } = fakeSocket(false);
    attachRealtimeSocket(socket as unknown as RealtimeSocket);
    const resync = vi.fn();
    const stop = subscribeRoom('leaderboard:p:g', 'leaderboard:updated', () => {}, resync);
    expect(resync).not.toHaveBeenCalled();

    vi.advanceTimersByTime(OFFLINE_RESYNC_MS);
    expect(resync).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(OFFLINE_RESYNC_MS);
    expect(resync).toHaveBeenCalledTimes(2);

    socket.connected = true;
    vi.advanceTimersByTime(OFFLINE_RESYNC_MS * 3);
    expect(resync).toHaveBeenCalledTimes(2);

    socket.connected = false;
    stop();
    vi.advanceTimersByTime(OFFLINE_RESYNC_MS * 3);
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('joins at once on a connected socket, and that join is the resync', () => {
    const { socket, emitted } = fakeSocket(true);
    attachRealtimeSocket(socket as unknown as RealtimeSocket);
    const resync = vi.fn();
    const stop = subscribeRoom('champions', 'champions:updated', () => {}, resync);
    expect(emitted).toContain('room:join champions');
    expect(resync).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(OFFLINE_RESYNC_MS * 2);
    expect(resync).toHaveBeenCalledTimes(1);
    stop();
    expect(emitted).toContain('room:leave champions');
  });

  it('asks again after the wait a busy server names, and not for a room it refuses outright', () => {
    const emitted: string[] = [];
    const answers: RoomJoinResult[] = [
      { ok: false, message: 'busy', retryAfterMs: 500 },
      { ok: true },
      { ok: false, message: 'You cannot join this room' },
    ];
    const socket = {
      connected: true,
      on: () => socket,
      off: () => socket,
      emit: (event: string, room: string, ack?: (result: RoomJoinResult) => void) => {
        emitted.push(`${event} ${room}`);
        ack?.(answers.shift() ?? { ok: true });
      },
    };
    attachRealtimeSocket(socket as unknown as RealtimeSocket);
    const resync = vi.fn();
    subscribeRoom('leaderboard:p:g', 'leaderboard:updated', () => {}, resync);
    expect(resync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500 + RETRY_JITTER_MS);
    expect(emitted.filter((e) => e === 'room:join leaderboard:p:g')).toHaveLength(2);
    expect(resync).toHaveBeenCalledTimes(1);

    subscribeRoom('job:x', 'job:progress', () => {}, resync);
    vi.advanceTimersByTime(60_000);
    expect(emitted.filter((e) => e === 'room:join job:x')).toHaveLength(1);
  });
});
