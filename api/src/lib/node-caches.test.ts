import { describe, expect, it, vi } from 'vitest';
import { nodeCache } from './node-caches.js';

describe('nodeCache', () => {
  it('forgets one key on one node only: the other node keeps its value, and the forgotten key loads again', async () => {
    const load = vi.fn(async (key: string, handle: { name: string }) => `${key}@${handle.name}`);
    const read = nodeCache('playStructures', 60_000, load);
    const nodeA = { name: 'a' };
    const nodeB = { name: 'b' };
    await read(nodeA, 'play-1');
    await read(nodeB, 'play-1');
    await read(nodeA, 'play-2');
    expect(load).toHaveBeenCalledTimes(3);

    read.forget(nodeA, 'play-1');
    await expect(read(nodeA, 'play-2')).resolves.toBe('play-2@a');
    await expect(read(nodeB, 'play-1')).resolves.toBe('play-1@b');
    expect(load).toHaveBeenCalledTimes(3);
    await expect(read(nodeA, 'play-1')).resolves.toBe('play-1@a');
    expect(load).toHaveBeenCalledTimes(4);
    // A node that never read anything has nothing to forget.
    read.forget({ name: 'c' }, 'play-1');
  });
});
