import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.js';

const claims = (sub: string, sid: string, ver = 1) => ({ sub, sid, ver });

function cacheAt(options: { maxOwners?: number; maxSessionsPerOwner?: number } = {}) {
  let now = 1_000;
  const cache = createSessionCache({
    ttlMs: 5000,
    maxOwners: options.maxOwners ?? 10,
    now: () => now,
    ...options,
  });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('session cache', () => {
  it('remembers a live session for its time only', () => {
    const { cache, advance } = cacheAt();
    cache.remember(claims('a', 's1'), cache.generation);
    expect(cache.isLive(claims('a', 's1'))).toBe(true);
    advance(5000);
    expect(cache.isLive(claims('a', 's1'))).toBe(false);
  });

  it('answers no for another session, owner or version of a remembered one', () => {
    const { cache } = cacheAt();
    cache.remember(claims('a', 's1'), cache.generation);
    expect(cache.isLive(claims('a', 's2'))).toBe(false);
    expect(cache.isLive(claims('b', 's1'))).toBe(false);
    expect(cache.isLive(claims('a', 's1', 2))).toBe(false);
  });

  it('forgets the revoked session only, or every session of the owner', () => {
    const { cache } = cacheAt();
    cache.remember(claims('a', 's1'), cache.generation);
    cache.remember(claims('a', 's2'), cache.generation);
    cache.forget({ audience: 'student', ownerId: 'a', sessionIds: ['s1'], everySession: false });
    expect(cache.isLive(claims('a', 's1'))).toBe(false);
    expect(cache.isLive(claims('a', 's2'))).toBe(true);
    cache.forget({ audience: 'student', ownerId: 'a', sessionIds: [], everySession: true });
    expect(cache.isLive(claims('a', 's2'))).toBe(false);
  });

  it('does not remember a read that began before a revocation arrived', () => {
    const { cache } = cacheAt();
    const readBegan = cache.generation;
    cache.forget({ audience: 'student', ownerId: 'a', sessionIds: ['s1'], everySession: false });
    cache.remember(claims('a', 's1'), readBegan);
    expect(cache.isLive(claims('a', 's1'))).toBe(false);
  });

  it('forgets everything when revocations may have been missed', () => {
    const { cache } = cacheAt();
    cache.remember(claims('a', 's1'), cache.generation);
    cache.forget(null);
    expect(cache.isLive(claims('a', 's1'))).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('is bounded: past its size the oldest owner, and an owner’s oldest session, go first', () => {
    const { cache } = cacheAt({ maxOwners: 2, maxSessionsPerOwner: 2 });
    cache.remember(claims('a', 's1'), cache.generation);
    cache.remember(claims('b', 's2'), cache.generation);
    cache.remember(claims('c', 's3'), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.isLive(claims('a', 's1'))).toBe(false);
    expect(cache.isLive(claims('c', 's3'))).toBe(true);
    cache.remember(claims('c', 's4'), cache.generation);
    cache.remember(claims('c', 's5'), cache.generation);
    expect(cache.isLive(claims('c', 's3'))).toBe(false);
    expect(cache.isLive(claims('c', 's5'))).toBe(true);
  });
});

describe('session cache sweep', () => {
  it('drops expired sessions and the owners left without any, keeps live ones', () => {
    const { cache, advance } = cacheAt();
    cache.remember(claims('a', 's1'), cache.generation);
    advance(3000);
    cache.remember(claims('b', 's2'), cache.generation);
    cache.remember(claims('a', 's3'), cache.generation);
    advance(2500);
    cache.sweep();
    expect(cache.size).toBe(2);
    expect(cache.isLive(claims('a', 's3'))).toBe(true);
    advance(3000);
    cache.sweep();
    expect(cache.size).toBe(0);
  });
});
