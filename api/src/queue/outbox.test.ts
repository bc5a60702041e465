import type { Db } from '@riyazi/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPATCH_WAIT_MS, dispatchAfterCommit, type OutboxEvent } from './outbox.js';
import type { Queues } from './queues.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

const events = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ({ id: `event-${i}`, type: 'flags.updated', payload: {} }) as OutboxEvent,
  );

/** Queues whose every add does `add`, and a log that keeps its warnings. */
function deps(add: () => Promise<unknown>) {
  const queue = { add: vi.fn(add) };
  const queues = new Proxy({}, { get: () => queue }) as unknown as Queues;
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => warnings.push(msg) };
  // markEnqueued: false below, so the database is never reached.
  return { queue, warnings, deps: { db: {} as Db, queues, log } };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dispatchAfterCommit while Redis cannot be reached', () => {
  it('holds its request at most DISPATCH_WAIT_MS when an enqueue never answers, and leaves the rest to the relay', async () => {
    vi.useFakeTimers();
    const { queue, deps: d } = deps(() => new Promise(() => {}));
    let done = false;
    const dispatched = dispatchAfterCommit(d, events(3), { markEnqueued: false }).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(DISPATCH_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await dispatched;
    expect(done).toBe(true);
    expect(queue.add).toHaveBeenCalledTimes(1);
  });

  it('stops at the first lost connection without a warning per event (the connection watcher logs the outage)', async () => {
    const { queue, warnings, deps: d } = deps(() => Promise.reject(refused()));
    await dispatchAfterCommit(d, events(50), { markEnqueued: false });
    expect(queue.add).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual([]);
  });

  it('warns about any other failure and goes on with the next event', async () => {
    const { queue, warnings, deps: d } = deps(() => Promise.reject(new Error('ERR unknown command')));
    await dispatchAfterCommit(d, events(2), { markEnqueued: false });
    expect(queue.add).toHaveBeenCalledTimes(2);
    expect(warnings).toEqual([
      'enqueue after commit failed; the outbox relay will retry',
      'enqueue after commit failed; the outbox relay will retry',
    ]);
  });
});
