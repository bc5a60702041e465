import { afterEach, describe, expect, it, vi } from 'vitest';
import { monotonicNow } from './quiz-timer';
import { createServerClock } from './server-clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('the server clock on this page', () => {
  it('is unknown until a response carried the server’s time', () => {
    expect(createServerClock(() => 0).now()).toBeNull();
  });

  it('reads the server’s time at the middle of the round trip, plus the monotonic time since', () => {
    let at = 5_000;
    const clock = createServerClock(() => at);
    clock.note('2026-01-01T10:00:00.000Z', 4_800, 5_000);
    const server = Date.parse('2026-01-01T10:00:00.000Z');
    expect(clock.now()).toBe(server + 100);
    at = 65_000;
    expect(clock.now()).toBe(server + 60_100);
    // An unreadable time leaves the last reading as it was.
    clock.note('not a date', 0, 1);
    expect(clock.now()).toBe(server + 60_100);
  });

  it('does not move when the device’s clock jumps, either way', () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const clock = createServerClock(monotonicNow);
    clock.note('2026-01-01T10:00:00.000Z', monotonicNow(), monotonicNow());
    const server = Date.parse('2026-01-01T10:00:00.000Z');
    vi.setSystemTime(Date.now() + 3 * 60_000);
    expect(clock.now()).toBe(server);
    vi.setSystemTime(Date.now() - 10 * 60_000);
    expect(clock.now()).toBe(server);
    vi.advanceTimersByTime(4_000);
    expect(clock.now()).toBe(server + 4_000);
  });
});
