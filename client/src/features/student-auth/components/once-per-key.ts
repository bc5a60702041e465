/**
 * Wraps a call so each key starts it once: a single-use link must not be spent twice, and React's
 * strict mode mounts a page twice in development. `forget` allows a retry after a failure.
 */
export function oncePerKey<T>(call: (key: string) => Promise<T>) {
  const started = new Map<string, Promise<T>>();
  return {
    run(key: string): Promise<T> {
      let promise = started.get(key);
      if (promise === undefined) {
        promise = call(key);
        started.set(key, promise);
      }
      return promise;
    },
    forget(key: string): void {
      started.delete(key);
    },
  };
}
