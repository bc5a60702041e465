/**
 * Drops expired entries of in-memory caches every few seconds, so a node that goes quiet after a
 * contest hands their memory back instead of keeping it until the next call. One timer per process;
 * caches are held weakly (an app closed in a test, and its caches, can still be collected).
 */
export interface Sweepable {
  /** Drops what has expired by the cache's own clock. */
  sweep(): void;
}

const SWEEP_EVERY_MS = 10_000;
const caches = new Set<WeakRef<Sweepable>>();
let timer: NodeJS.Timeout | undefined;

function sweepAll(): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache === undefined) {
      caches.delete(ref);
    } else {
      try {
        cache.sweep();
      } catch (err) {
        // A timer's throw would end the process: one cache that fails to sweep keeps its entries.
        process.emitWarning(`a cache sweep failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

export function sweepPeriodically(cache: Sweepable): void {
  caches.add(new WeakRef(cache));
  if (timer === undefined) {
    timer = setInterval(sweepAll, SWEEP_EVERY_MS);
    timer.unref();
  }
}
