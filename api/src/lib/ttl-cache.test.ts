import { describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache.js';

describe('ttlCache', () => {
  it('loads a key once for simultaneous callers and again after the time to live', async () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      const load = vi.fn(async (key: string) => `${key}!`);
      const get = ttlCache(5000, load);
      const values = await Promise.all([get('a'), get('a'), get('a'), get('b')]);
      expect(values).toEqual(['a!', 'a!', 'a!', 'b!']);
      expect(load).toHaveBeenCalledTimes(2);
      vi.setSystemTime(5_999);
      await get('a');
      expect(load).toHaveBeenCalledTimes(2);
      vi.setSystemTime(6_001);
      await get('a');
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a failed load and a value it should not keep', async () => {
    let fail = true;
    const get = ttlCache(
      60_000,
      async (n: number) => {
        if (fail) {
          throw new Error('down');
        }
        return n;
      },
      { keep: (n) => n > 0 },
    );
    await expect(get(1)).rejects.toThrow('down');
    fail = false;
    await expect(get(1)).resolves.toBe(1);
    const load = vi.fn(async (n: number) => n);
    const keepPositive = ttlCache(60_000, load, { keep: (n) => n > 0 });
    await keepPositive(0);
    await keepPositive(0);
    await keepPositive(2);
    await keepPositive(2);
    expect(load.mock.calls.map(([n]) => n)).toEqual([0, 0, 2]);
  });

  it('drops matching entries at once; a load under way at the drop serves only who asked before', async () => {
    let version = 1;
    const load = vi.fn(async (key: string) => {
      const seen = version;
      await Promise.resolve();
      return `${key}${seen}`;
    });
    const get = ttlCache(60_000, load);
    const before = get('a');
    get.drop((key) => key === 'a');
    version = 2;
    await expect(before).resolves.toBe('a1');
    await expect(get('a')).resolves.toBe('a2');
    get.drop((key) => key === 'b');
    await expect(get('a')).resolves.toBe('a2');
    expect(load).toHaveBeenCalledTimes(2);
    version = 3;
    get.drop();
    await expect(get('a')).resolves.toBe('a3');
  });

  it('forgets one key at once and keeps the others', async () => {
    const load = vi.fn(async (key: string) => key.toUpperCase());
    const get = ttlCache(60_000, load);
    await get('a');
    await get('b');
    get.forget('a');
    expect(get.size).toBe(1);
    await expect(get('b')).resolves.toBe('B');
    expect(load).toHaveBeenCalledTimes(2);
    await expect(get('a')).resolves.toBe('A');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reads a time to live given as a function at each load', async () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      let ttl = 5000;
      const load = vi.fn(async (key: string) => key);
      const get = ttlCache(() => ttl, load);
      ttl = 100;
      await get('a');
      vi.setSystemTime(1_200);
      await get('a');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ttlCache bounds', () => {
  it('past maxEntries drops expired entries, then the oldest, never the whole cache', async () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      const load = vi.fn(async (key: number) => key);
      const get = ttlCache(5000, load, { maxEntries: 10 });
      for (let key = 0; key < 10; key += 1) {
        await get(key);
      }
      await get(10); // full: the oldest tenth (key 0) goes
      expect(load).toHaveBeenCalledTimes(11);
      await get(9);
      await get(1);
      expect(load).toHaveBeenCalledTimes(11);
      await get(0);
      expect(load).toHaveBeenCalledTimes(12);
      vi.setSystemTime(4_000);
      await get(20); // full again: key 2, now the oldest, goes; the rest stay
      await Promise.all([3, 9, 10, 0, 20].map((key) => get(key)));
      expect(load).toHaveBeenCalledTimes(13);
      vi.setSystemTime(6_500);
      await get(21); // full: the keys loaded at 1 000 have expired and go; 20 (loaded at 4 000) stays
      await get(20);
      expect(load).toHaveBeenCalledTimes(14);
      await get(3);
      expect(load).toHaveBeenCalledTimes(15);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sweeps expired entries in the background, so an idle node lets them go', async () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      // A fresh module: its one sweep timer starts under this test's fake clock.
      vi.resetModules();
      const fresh = await import('./ttl-cache.js');
      const get = fresh.ttlCache(1000, async (key: number) => ({ key, payload: new Array(1000).fill(key) }));
      await Promise.all([get(1), get(2)]);
      expect(get.size).toBe(2);
      vi.advanceTimersByTime(5_000);
      expect(get.size).toBe(2); // expired, not yet swept
      // Nothing asked meanwhile: the background sweep drops them.
      vi.advanceTimersByTime(10_000);
      expect(get.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
