import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthAnswer } from './health-server.js';
import { watchLiveness } from './health.js';

const ok: HealthAnswer = { ok: true, body: { status: 'ok' } };
const stale: HealthAnswer = { ok: false, body: { status: 'stale', message: 'no heartbeat for 31 s' } };

describe('watchLiveness', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up only after the liveness check has failed without a break for the whole period', () => {
    let answer: HealthAnswer = ok;
    const onDead = vi.fn();
    watchLiveness({ live: () => answer, afterMs: 60_000, everyMs: 5_000, now: Date.now, onDead });
    answer = stale;
    vi.advanceTimersByTime(50_000);
    answer = ok; // a heartbeat went through: the count starts again
    vi.advanceTimersByTime(5_000);
    answer = stale;
    vi.advanceTimersByTime(55_000);
    expect(onDead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onDead).toHaveBeenCalledTimes(1);
    expect(onDead).toHaveBeenCalledWith(stale);
    vi.advanceTimersByTime(60_000);
    expect(onDead).toHaveBeenCalledTimes(1);
  });

  it('never fires while the process stays live, and stops when told', () => {
    const onDead = vi.fn();
    const stop = watchLiveness({ live: () => stale, afterMs: 20_000, everyMs: 5_000, onDead });
    vi.advanceTimersByTime(10_000);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(onDead).not.toHaveBeenCalled();
    const live = vi.fn(() => ok);
    watchLiveness({ live, afterMs: 20_000, everyMs: 5_000, onDead });
    vi.advanceTimersByTime(120_000);
    expect(live).toHaveBeenCalledTimes(24);
    expect(onDead).not.toHaveBeenCalled();
  });
});
