import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage';
import {
  clearPlayTimers,
  clockOffsetMs,
  formatClock,
  localDeadline,
  pauseTimer,
  readTimer,
  remainingAt,
  restoreTimer,
  type TimerState,
  timeAnnouncement,
  timerFromServer,
  timerKey,
  timeTakenMs,
  writeTimer,
} from './quiz-timer';

const LIMIT = 180_000;
const NOW = 1_000_000;

describe('clockOffsetMs', () => {
  it('measures the server clock against the middle of the round trip', () => {
    const server = Date.parse('2026-01-01T10:00:00.000Z');
    // Sent at server - 5 min + 0 ms, received 400 ms later: the phone is 5 minutes slow.
    expect(clockOffsetMs('2026-01-01T10:00:00.000Z', server - 300_200, server - 299_800)).toBe(300_000);
  });

  it('is null for an unreadable server time', () => {
    expect(clockOffsetMs('not a date', 0, 10)).toBeNull();
  });
});

describe('localDeadline', () => {
  const timing = {
    deadline: '2026-01-01T10:03:00.000Z',
    serverTime: '2026-01-01T10:01:00.000Z',
    remainingMs: 120_000,
  };
  const serverNow = Date.parse(timing.serverTime);

  it('shows the same seconds left on a phone whose clock is minutes fast, slow or right', () => {
    for (const skew of [-7 * 60_000, -90_000, 0, 45_000, 11 * 60_000]) {
      const sentAt = serverNow + skew - 150;
      const receivedAt = serverNow + skew + 150;
      const end = localDeadline(timing, sentAt, receivedAt);
      // Read on the phone's own clock at receipt: 120 s less half the trip.
      expect(end - receivedAt).toBe(119_850);
    }
  });

  it('counts down with the phone clock afterwards: 30 s later, 30 s less', () => {
    const skew = -4 * 60_000;
    const receivedAt = serverNow + skew;
    const end = localDeadline(timing, receivedAt, receivedAt);
    expect(end - (receivedAt + 30_000)).toBe(90_000);
  });

  it('never gives a deadline before receipt', () => {
    const late = {
      deadline: '2026-01-01T10:00:00.000Z',
      serverTime: '2026-01-01T10:00:05.000Z',
      remainingMs: 0,
    };
    expect(localDeadline(late, 5_000, 5_000)).toBe(5_000);
  });

  it('falls back on the time left from receipt when the server time cannot be read', () => {
    expect(localDeadline({ ...timing, serverTime: '' }, 1_000, 2_000)).toBe(122_000);
  });
});

describe('timerFromServer', () => {
  const timing = {
    deadline: new Date(NOW + 120_000).toISOString(),
    serverTime: new Date(NOW).toISOString(),
    remainingMs: 120_000,
    pausedRemainingMs: null,
  };

  it('runs to the server deadline, never longer than the question time', () => {
    expect(timerFromServer(timing, NOW, NOW, LIMIT)).toEqual({ endTime: NOW + 120_000, remaining: null });
    const far = { ...timing, deadline: new Date(NOW + 500_000).toISOString() };
    expect(remainingAt(timerFromServer(far, NOW, NOW, LIMIT), NOW)).toBe(LIMIT);
  });

  it('is paused with the server’s time left when the question was paused, on any device', () => {
    const paused = timerFromServer({ ...timing, pausedRemainingMs: 95_000 }, NOW, NOW, LIMIT);
    expect(paused.remaining).toBe(95_000);
    expect(remainingAt(paused, NOW + 60_000)).toBe(95_000);
  });
});

describe('restoreTimer', () => {
  const server: TimerState = { endTime: NOW + 120_000, remaining: null };

  it('starts at the server deadline when nothing is stored', () => {
    expect(restoreTimer({ stored: null, server, practice: false })).toEqual(server);
  });

  it('a reload of a contest never gives more time than the server deadline', () => {
    const stored: TimerState = { endTime: NOW + 170_000, remaining: null };
    expect(remainingAt(restoreTimer({ stored, server, practice: false }), NOW)).toBe(120_000);
  });

  it('keeps a stored contest end time that is earlier than the server deadline', () => {
    const stored: TimerState = { endTime: NOW + 90_000, remaining: null };
    expect(remainingAt(restoreTimer({ stored, server, practice: false }), NOW)).toBe(90_000);
  });

  it('an end time that has passed reads 0', () => {
    const stored: TimerState = { endTime: NOW - 1, remaining: null };
    expect(remainingAt(restoreTimer({ stored, server, practice: false }), NOW)).toBe(0);
  });

  it('a stored remaining time is ignored in a contest (a contest never pauses)', () => {
    const stored: TimerState = { endTime: NOW + 150_000, remaining: 150_000 };
    const state = restoreTimer({ stored, server, practice: false });
    expect(state.remaining).toBeNull();
    expect(remainingAt(state, NOW)).toBe(120_000);
  });

  it('practice follows the server: paused elsewhere is paused here, resumed elsewhere runs here', () => {
    const pausedThere: TimerState = { endTime: NOW + 100_000, remaining: 100_000 };
    const runningHere: TimerState = { endTime: NOW + 30_000, remaining: null };
    expect(restoreTimer({ stored: runningHere, server: pausedThere, practice: true })).toEqual(pausedThere);
    const pausedHere: TimerState = { endTime: NOW + 50_000, remaining: 50_000 };
    expect(restoreTimer({ stored: pausedHere, server, practice: true })).toEqual(server);
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

describe('timer storage', () => {
  it('stores per play and question and reads it back', () => {
    const storage = memoryStorage();
    const state: TimerState = { endTime: 123, remaining: 45 };
    writeTimer(storage, 'p1', 'q1', state);
    expect(readTimer(storage, 'p1', 'q1')).toEqual(state);
    expect(readTimer(storage, 'p1', 'q2')).toBeNull();
  });

  it('ignores damaged entries', () => {
    const storage = memoryStorage();
    storage.setItem(timerKey('p1', 'q1'), '{not json');
    storage.setItem(timerKey('p1', 'q2'), JSON.stringify({ endTime: 'soon', remaining: null }));
    expect(readTimer(storage, 'p1', 'q1')).toBeNull();
    expect(readTimer(storage, 'p1', 'q2')).toBeNull();
  });

  it('clears every timer of one play and no other', () => {
    const storage = memoryStorage();
    const state: TimerState = { endTime: 1, remaining: null };
    writeTimer(storage, 'p1', 'q1', state);
    writeTimer(storage, 'p1', 'q2', state);
    writeTimer(storage, 'p2', 'q1', state);
    storage.setItem('other', 'x');
    clearPlayTimers(storage, 'p1');
    expect([...storage.map.keys()].sort()).toEqual([timerKey('p2', 'q1'), 'other'].sort());
  });
});
