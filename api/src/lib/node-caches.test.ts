import { describe, expect, it, vi } from 'vitest';
import { announceCacheChanges, closeCacheNode, createCacheNode, nodeCache } from './node-caches.js';

describe('nodeCache', () => {
  it('forgets one key on one node only: the other node keeps its value, and the forgotten key loads again', async () => {
    const handle = {};
    const loader = (name: string) => vi.fn(async (key: string) => `${key}@${name}`);
    const loadA = loader('a');
    const loadB = loader('b');
    const readA = nodeCache(createCacheNode(handle), 'playStructures', 60_000, loadA);
    const readB = nodeCache(createCacheNode(handle), 'playStructures', 60_000, loadB);
    await readA('play-1');
    await readB('play-1');
    await readA('play-2');

    readA.forget('play-1');
    await expect(readA('play-2')).resolves.toBe('play-2@a');
    await expect(readB('play-1')).resolves.toBe('play-1@b');
    expect(loadA).toHaveBeenCalledTimes(2);
    expect(loadB).toHaveBeenCalledTimes(1);
    await expect(readA('play-1')).resolves.toBe('play-1@a');
    expect(loadA).toHaveBeenCalledTimes(3);
  });

  it('drops, on an announcement without a bus, the named cache of every engine on that handle and no other', async () => {
    const handle = {};
    const load = vi.fn(async (key: string) => key);
    const pools = nodeCache(createCacheNode(handle), 'quizPools', 60_000, load);
    const gates = nodeCache(createCacheNode(handle), 'qualificationGates', 60_000, load);
    const elsewhere = nodeCache(createCacheNode({}), 'quizPools', 60_000, load);
    await Promise.all([pools('quiz|grade'), gates('phase|grade'), elsewhere('quiz|grade')]);
    expect(load).toHaveBeenCalledTimes(3);

    await announceCacheChanges(handle, [{ cache: 'quizPools', key: 'quiz' }]);
    await Promise.all([pools('quiz|grade'), gates('phase|grade'), elsewhere('quiz|grade')]);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('stops dropping the caches of a closed engine', async () => {
    const handle = {};
    const node = createCacheNode(handle);
    const load = vi.fn(async (key: string) => key);
    const pools = nodeCache(node, 'quizPools', 60_000, load);
    await pools('quiz|grade');
    closeCacheNode(node);
    await announceCacheChanges(handle, [{ cache: 'quizPools', key: null }]);
    await pools('quiz|grade');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
