import { sweepPeriodically } from './sweeper.js';

interface Entry<V> {
  expires: number;
  value: Promise<V>;
}

export interface TtlCacheOptions<V> {
  maxEntries?: number;
  keep?: (value: V) => boolean;
}

/** A ttlCache's reader, its size, and a way to drop entries before their time (a change was announced). */
export interface TtlCache<K, V, A extends unknown[]> {
  (key: K, ...args: A): Promise<V>;
  readonly size: number;
  /** Forgets the entries whose key matches (all without a test); loads under way are not kept. */
  drop(matches?: (key: K) => boolean): void;
  /** Forgets one key at once (its owner is done with it), without looking at the others. */
  forget(key: K): void;
}

/**
 * Values kept in memory for `ttlMs`, loaded once per key however many callers ask at the same
 * moment (ten thousand contest starts in one second make one load, not ten thousand). A failed
 * load is forgotten at once. Bounded by size and by time: past `maxEntries` the expired entries go,
 * then the oldest tenth (never the whole cache, which would send every caller to the database at
 * once); expired entries are also swept every few seconds (lib/sweeper.ts). Arguments after the
 * key (a database handle) go to `load` and are not part of the key. `ttlMs` may be a function: it
 * is read at each load (a node that may miss announcements keeps values for less time).
 */
export function ttlCache<K, V, A extends unknown[] = []>(
  ttlMs: number | (() => number),
  load: (key: K, ...args: A) => Promise<V>,
  options: TtlCacheOptions<V> = {},
): TtlCache<K, V, A> {
  const maxEntries = options.maxEntries ?? 5000;
  const entries = new Map<K, Entry<V>>();
  const ttl = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  const state = {
    sweep(now = Date.now()) {
      for (const [key, entry] of entries) {
        if (entry.expires <= now) {
          entries.delete(key);
        }
      }
    },
  };
  sweepPeriodically(state);

  const makeRoom = (now: number) => {
    state.sweep(now);
    let excess = entries.size - maxEntries + Math.max(1, Math.ceil(maxEntries / 10));
    // A Map iterates in insertion order, and a reloaded key is inserted again: oldest first.
    for (const key of entries.keys()) {
      if (excess-- <= 0) {
        break;
      }
      entries.delete(key);
    }
  };

  const get = (key: K, ...args: A): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      return hit.value;
    }
    entries.delete(key);
    if (entries.size >= maxEntries) {
      makeRoom(now);
    }
    const value = load(key, ...args);
    const entry = { expires: now + ttl(), value };
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) {
        entries.delete(key);
      }
    };
    value.then((loaded) => {
      if (options.keep && !options.keep(loaded)) {
        forget();
      }
    }, forget);
    return value;
  };
  const drop = (matches?: (key: K) => boolean) => {
    if (!matches) {
      entries.clear();
      return;
    }
    for (const key of [...entries.keys()]) {
      if (matches(key)) {
        entries.delete(key);
      }
    }
  };
  // The sweeper holds `state` weakly; `get` holds it (through makeRoom) for as long as it lives.
  const forgetKey = (key: K) => {
    entries.delete(key);
  };
  return Object.defineProperty(Object.assign(get, { drop, forget: forgetKey }), 'size', {
    get: () => entries.size,
  }) as TtlCache<K, V, A>;
}
