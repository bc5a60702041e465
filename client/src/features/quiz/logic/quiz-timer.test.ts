import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';
import {
  clearPlayTimers,
  formatClock,
  monotonicNow,
  pauseTimer,
  remainingAt,
  type ServerTiming,
  serverTimeIsUp,
  type TimerState,
  timeAnnouncement,
  timerFromServer,
  timeTakenMs,
} from './quiz-timer';

const LIMIT = 180_000;
const NOW = 1_000_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('timerFromServer', () => {
  const timing: ServerTiming = {
    deadline: '2026-01-01T10:03:00.000Z',
    serverTime: '2026-01-01T10:00:11.000Z',
    remainingMs: 169_000,
    pausedRemainingMs: null,
  };

  it('runs out the server’s time left from the middle of the round trip, on the page’s monotonic clock', () => {
    const state = timerFromServer(timing, NOW - 200, NOW + 200, LIMIT);
    expect(state).toEqual({ endTime: NOW + 169_000, remaining: null });
    expect(remainingAt(state, NOW + 200)).toBe(168_800);
    expect(remainingAt(state, NOW + 60_000)).toBe(109_000);
  });

  it('never runs longer than the question’s time, nor ends before the answer arrived', () => {
    expect(remainingAt(timerFromServer({ ...timing, remainingMs: 500_000 }, NOW, NOW, LIMIT), NOW)).toBe(
      LIMIT,
    );
    const late = timerFromServer({ ...timing, remainingMs: 0 }, NOW - 5_000, NOW, LIMIT);
    expect(late.endTime).toBe(NOW);
    expect(remainingAt(late, NOW)).toBe(0);
  });

  it('reads no device clock: the same answer on a phone whose clock is 3 minutes fast or slow', () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const before = timerFromServer(timing, monotonicNow(), monotonicNow(), LIMIT);
    const startedAt = monotonicNow();
    vi.setSystemTime(Date.now() + 3 * 60_000);
    expect(monotonicNow()).toBe(startedAt);
    expect(timerFromServer(timing, monotonicNow(), monotonicNow(), LIMIT)).toEqual(before);
    expect(remainingAt(before, monotonicNow())).toBe(169_000);
    vi.setSystemTime(Date.now() - 6 * 60_000);
    expect(remainingAt(before, monotonicNow())).toBe(169_000);
    // Time that really passes still counts.
    vi.advanceTimersByTime(9_000);
    expect(remainingAt(before, monotonicNow())).toBe(160_000);
  });

  it('is paused with the server’s time left when the question was paused, on any device', () => {
    const paused = timerFromServer({ ...timing, pausedRemainingMs: 95_000 }, NOW, NOW, LIMIT);
    expect(paused.remaining).toBe(95_000);
    expect(remainingAt(paused, NOW + 60_000)).toBe(95_000);
  });
});

describe('serverTimeIsUp', () => {
  const timing: ServerTiming = {
    deadline: '2026-01-01T10:03:00.000Z',
    serverTime: '2026-01-01T10:03:01.000Z',
    remainingMs: 0,
    pausedRemainingMs: null,
  };

  it('only when the server says no time is left by its own clock', () => {
    expect(serverTimeIsUp(timing)).toBe(true);
    expect(serverTimeIsUp({ ...timing, remainingMs: 1 })).toBe(false);
    // A paused practice question keeps its time.
    expect(serverTimeIsUp({ ...timing, pausedRemainingMs: 0 })).toBe(false);
  });
});

describe('pauseTimer', () => {
  it('freezes the time left at once', () => {
    const running: TimerState = { endTime: NOW + 100_000, remaining: null };
    const paused = pauseTimer(running, NOW);
    expect(remainingAt(paused, NOW + 30_000)).toBe(100_000);
    expect(pauseTimer(paused, NOW + 40_000)).toBe(paused);
  });
});

describe('timer helpers', () => {
  it('time taken is the question time minus what remains', () => {
    expect(timeTakenMs(LIMIT, 150_000)).toBe(30_000);
    expect(timeTakenMs(LIMIT, 0)).toBe(LIMIT);
    expect(timeTakenMs(LIMIT, 200_000)).toBe(0);
  });

  it('formats mm:ss rounding up', () => {
    expect(formatClock(180_000)).toBe('3:00');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(9_000)).toBe('0:09');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5)).toBe('0:00');
  });

  it('announces 60, 30 and 10 seconds once each', () => {
    expect(timeAnnouncement(60_400, 59_900)).toBe(60);
    expect(timeAnnouncement(59_900, 59_400)).toBeNull();
    expect(timeAnnouncement(30_100, 29_900)).toBe(30);
    expect(timeAnnouncement(10_100, 10_000)).toBe(10);
    expect(timeAnnouncement(120_000, 90_000)).toBeNull();
  });
});

describe('stored timers of earlier versions', () => {
  it('clears every timer of one play and no other', () => {
    const storage = memoryStorage();
    storage.setItem('riyazi-quiz-timer:p1:q1', '{}');
    storage.setItem('riyazi-quiz-timer:p1:q2', '{}');
    storage.setItem('riyazi-quiz-timer:p2:q1', '{}');
    storage.setItem('other', 'x');
    clearPlayTimers(storage, 'p1');
    expect([...storage.map.keys()].sort()).toEqual(['other', 'riyazi-quiz-timer:p2:q1']);
  });
});
