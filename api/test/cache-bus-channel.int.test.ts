import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/helpers.js';
import {
  announceCacheChanges,
  cacheChannel,
  createCacheNode,
  everything,
  nodeCache,
  openCacheBus,
} from '../src/lib/node-caches.js';
import { a, b, eventually } from './cache-bus.fixtures.js';

describe('the cache bus itself', () => {
  const publicDisplay = (t: TestContext) =>
    t.app.inject({ method: 'GET', url: '/api/publicDisplay' }).then((r) => JSON.stringify(r.json()));
  const setTitleBehindTheApi = async (title: string) => {
    await a.db
      .insertInto('publicDisplaySettings')
      .values({
        id: 1,
        nameStyle: 'FULL',
        showSchool: true,
        showCity: true,
        announcementTitle: title,
        announcementBody: title,
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ announcementTitle: title, announcementBody: title, announcementEndsAt: null }),
      )
      .execute();
  };

  it('drops the entry on the announcing node too, and on every other', async () => {
    await setTitleBehindTheApi('Before');
    await announceCacheChanges(a.db, everything('publicDisplay'));
    expect(await publicDisplay(a)).toContain('Before');
    expect(await publicDisplay(b)).toContain('Before');
    await setTitleBehindTheApi('After');
    expect(await publicDisplay(a)).toContain('Before'); // cached, as intended
    await announceCacheChanges(a.db, everything('publicDisplay'));
    expect(await publicDisplay(a)).toContain('After');
    await eventually(
      () => publicDisplay(b),
      (text) => text.includes('After'),
      500,
    );
  });

  it('drops a cache on a message from any publisher, and ignores unreadable messages', async () => {
    await setTitleBehindTheApi('One');
    await announceCacheChanges(a.db, everything('publicDisplay'));
    expect(await publicDisplay(a)).toContain('One');
    expect(await publicDisplay(b)).toContain('One');
    await setTitleBehindTheApi('Two');
    const channel = cacheChannel(a.config.REDIS_PREFIX);
    for (const junk of [
      'not json',
      '[]',
      JSON.stringify({ id: 'x', changes: [{ cache: 'nope', key: null }] }),
      JSON.stringify({ id: 'x', changes: [{ cache: 'publicDisplay', key: 7 }] }),
      JSON.stringify({ changes: [{ cache: 'publicDisplay', key: null }] }),
    ]) {
      await a.redis.publish(channel, junk);
    }
    // A readable message after the junk: once it has dropped the caches, the junk has been read too.
    await a.redis.publish(
      channel,
      JSON.stringify({ id: 'y', changes: [{ cache: 'leaderboards', key: null }] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await publicDisplay(a)).toContain('One');
    expect(await publicDisplay(b)).toContain('One');

    await a.redis.publish(
      channel,
      JSON.stringify({ id: 'z', changes: [{ cache: 'publicDisplay', key: null }] }),
    );
    await eventually(
      () => publicDisplay(a),
      (text) => text.includes('Two'),
      500,
    );
    await eventually(
      () => publicDisplay(b),
      (text) => text.includes('Two'),
      500,
    );
  });

  it('while its subscription is down, a node keeps values at most a second, then the full TTL again', async () => {
    const handle = {};
    const publisher = a.redis.duplicate();
    let subscriber: Redis | undefined;
    const duplicate = publisher.duplicate.bind(publisher);
    publisher.duplicate = ((options) => {
      subscriber = duplicate(options);
      return subscriber;
    }) as typeof publisher.duplicate;
    const bus = await openCacheBus(handle, publisher, a.config.REDIS_PREFIX, { warn: () => {} } as never);
    let loads = 0;
    const read = nodeCache(createCacheNode(handle), 'publicDisplay', 60_000, async () => {
      loads += 1;
      return loads;
    });
    try {
      expect(await read('k')).toBe(1);
      expect(await read('k')).toBe(1);
      subscriber!.disconnect();
      await eventually(
        async () => bus.live,
        (live) => !live,
        1000,
      );
      expect(await read('k')).toBe(2); // everything dropped when the subscription dropped
      expect(await read('k')).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await read('k')).toBe(3); // kept at most a second while down
      await subscriber!.connect();
      await eventually(
        async () => bus.live,
        (live) => live,
        3000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reloaded = await read('k');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await read('k')).toBe(reloaded); // the full time to live again
    } finally {
      await bus.close();
      publisher.disconnect();
    }
  });
});
