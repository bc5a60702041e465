/**
 * Work a request starts after its commit and does not wait for (the enqueue of an answer's scoring
 * job). A draining node waits for it before closing its queues, so nothing is left to the outbox
 * relay's next pass that this node could still do itself.
 */
const pending = new Set<Promise<unknown>>();

export function afterCommit<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const forget = () => pending.delete(work);
  work.then(forget, forget);
  return work;
}

/** Resolves once every tracked piece of work has settled (including work started meanwhile). */
export async function afterCommitSettled(): Promise<void> {
  while (pending.size > 0) {
    await Promise.allSettled([...pending]);
  }
}
