/**
 * Values kept in memory for `ttlMs`, loaded once per key however many callers ask at the same
 * moment (ten thousand contest starts in one second make one load, not ten thousand). A failed
 * load is forgotten at once. Bounded: past `maxEntries` it starts afresh. Arguments after the key
 * (a database handle) go to `load` and are not part of the key.
 */
export function ttlCache<K, V, A extends unknown[] = []>(
  ttlMs: number,
  load: (key: K, ...args: A) => Promise<V>,
  options: { maxEntries?: number; keep?: (value: V) => boolean } = {},
) {
  const maxEntries = options.maxEntries ?? 5000;
  const entries = new Map<K, { expires: number; value: Promise<V> }>();
  return (key: K, ...args: A): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      return hit.value;
    }
    if (entries.size >= maxEntries) {
      entries.clear();
    }
    const value = load(key, ...args);
    const entry = { expires: now + ttlMs, value };
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
}
