export interface TtlCacheOptions<V> {
  maxEntries?: number;
  keep?: (value: V) => boolean;
}

/** A ttlCache's reader, plus a way to drop entries before their time (a change was announced). */
export interface TtlCache<K, V, A extends unknown[]> {
  (key: K, ...args: A): Promise<V>;
  /** Forgets the entries whose key matches (all without a test); loads under way are not kept. */
  drop(matches?: (key: K) => boolean): void;
}

/**
 * Values kept in memory for `ttlMs`, loaded once per key however many callers ask at the same
 * moment (ten thousand contest starts in one second make one load, not ten thousand). A failed
 * load is forgotten at once. Bounded: past `maxEntries` it starts afresh. Arguments after the key
 * (a database handle) go to `load` and are not part of the key. `ttlMs` may be a function: it is
 * read at each load (a node that may miss announcements keeps values for less time).
 */
export function ttlCache<K, V, A extends unknown[] = []>(
  ttlMs: number | (() => number),
  load: (key: K, ...args: A) => Promise<V>,
  options: TtlCacheOptions<V> = {},
): TtlCache<K, V, A> {
  const maxEntries = options.maxEntries ?? 5000;
  const entries = new Map<K, { expires: number; value: Promise<V> }>();
  const ttl = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  const get = (key: K, ...args: A): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      return hit.value;
    }
    if (entries.size >= maxEntries) {
      entries.clear();
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
  return Object.assign(get, { drop });
}
