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
