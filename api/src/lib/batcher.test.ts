import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

function deferred() {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('createBatcher', () => {
  it('runs a lone call at once, in a batch of one', async () => {
    const batches: number[][] = [];
    const double = createBatcher<number, number>({
      run: async (items) => {
        batches.push(items);
        return items.map((n) => n * 2);
      },
    });
    expect(await double(21)).toBe(42);
    expect(batches).toEqual([[21]]);
  });

  it('groups the calls that arrive while batches are running, up to maxBatch each', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const echo = createBatcher<number, number>({
      maxBatch: 3,
      maxInFlight: 1,
      run: async (items) => {
        batches.push(items);
        await gate.promise;
        return items;
      },
    });
    const first = echo(0);
    await Promise.resolve();
    await Promise.resolve();
    const later = [1, 2, 3, 4, 5, 6, 7].map((n) => echo(n));
    gate.release();
    expect(await Promise.all([first, ...later])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
  });

  it('joins the calls of one turn of the event loop into one batch', async () => {
    const batches: number[][] = [];
    const echo = createBatcher<number, number>({
      run: async (items) => {
        batches.push(items);
        return items;
      },
    });
    await Promise.all([1, 2, 3].map((n) => echo(n)));
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('fails only the item whose result is an error', async () => {
    const check = createBatcher<number, number>({
      run: async (items) => items.map((n) => (n < 0 ? new Error(`negative ${n}`) : n)),
    });
    const results = await Promise.allSettled([check(1), check(-2), check(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('negative -2');
  });

  it('fails a lone item that throws, and keeps serving later calls', async () => {
    let calls = 0;
    const flaky = createBatcher<number, number>({
      run: async (items) => {
        calls += 1;
        if (calls === 1) {
          throw new Error('connection lost');
        }
        return items;
      },
    });
    await expect(flaky(1)).rejects.toThrow('connection lost');
    expect(await flaky(3)).toBe(3);
  });

  it('runs each item alone when a batch of several throws: only the bad one fails', async () => {
    const runs: number[][] = [];
    const careful = createBatcher<number, number>({
      run: async (items) => {
        runs.push(items);
        if (items.includes(-1)) {
          throw new Error('one bad item spoils the statement');
        }
        return items.map((n) => n * 10);
      },
    });
    const results = await Promise.allSettled([careful(1), careful(-1), careful(2)]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('one bad item spoils the statement') },
      { status: 'fulfilled', value: 20 },
    ]);
    expect(runs).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  it('fails every item of a batch whose connection was lost, without running them alone', async () => {
    const runs: number[][] = [];
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const record = createBatcher<number, number>({
      run: async (items) => {
        runs.push(items);
        throw lost;
      },
    });
    const results = await Promise.allSettled([record(1), record(2), record(3)]);
    expect(results).toEqual([1, 2, 3].map(() => ({ status: 'rejected', reason: lost })));
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('never runs more than maxInFlight batches at once', async () => {
    let running = 0;
    let most = 0;
    const slow = createBatcher<number, number>({
      maxBatch: 1,
      maxInFlight: 2,
      run: async (items) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return items;
      },
    });
    await Promise.all(Array.from({ length: 10 }, (_, n) => slow(n)));
    expect(most).toBe(2);
  });
});
