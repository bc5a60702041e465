import { isConnectionLoss } from './connection-loss.js';

/**
 * Group commit for hot statements: calls made while earlier batches are running wait and go
 * together in the next one. A lone call runs at once (no timer, no added latency); ten thousand
 * students starting in the same second make a few hundred statements instead of ten thousand, so
 * PostgreSQL commits, and the api writes to its sockets, a few hundred times instead.
 *
 * `run` gets the items of one batch and answers one result per item, in order: a value, or an
 * Error for that item alone. If `run` throws for a batch of several (a deadlock, a constraint one
 * item broke), each item is run again alone, so one bad item never fails the others; an item that
 * fails alone gets its error. A batch that lost its connection fails every item: whether it
 * committed is unknown, so no caller is told it succeeded (a repeat of the call is idempotent).
 */
export interface BatcherOptions<I, O> {
  run: (items: I[]) => Promise<(O | Error)[]>;
  /** Items per batch (one statement's parameters must stay modest). */
  maxBatch?: number;
  /** Batches running at once: PostgreSQL works on one while the next one fills. */
  maxInFlight?: number;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export function createBatcher<I, O>({ run, maxBatch = 250, maxInFlight = 4 }: BatcherOptions<I, O>) {
  let waiting: Pending<I, O>[] = [];
  let inFlight = 0;

  const flush = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      inFlight += 1;
      void execute(batch);
    }
  };

  const asError = (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)));
  const runAlone = async (item: I): Promise<O | Error> => {
    try {
      const [result] = await run([item]);
      return result === undefined ? new Error('batch answered fewer results than items') : result;
    } catch (failure) {
      return asError(failure);
    }
  };
  const runBatch = async (items: I[]): Promise<(O | Error)[]> => {
    try {
      return await run(items);
    } catch (err) {
      // A lost connection fails the whole batch: alone, each item would wait for a connection of its
      // own while PostgreSQL is away; every caller is told to send again (503) and retries batch anew.
      if (items.length === 1 || isConnectionLoss(err)) {
        throw err;
      }
      return Promise.all(items.map(runAlone));
    }
  };

  const execute = async (batch: Pending<I, O>[]) => {
    try {
      const results = await runBatch(batch.map((p) => p.item));
      batch.forEach((p, i) => {
        const result = results[i];
        if (result instanceof Error) {
          p.reject(result);
        } else if (result === undefined && results.length <= i) {
          p.reject(new Error('batch answered fewer results than items'));
        } else {
          p.resolve(result as O);
        }
      });
    } catch (err) {
      for (const p of batch) {
        p.reject(err);
      }
    } finally {
      inFlight -= 1;
      flush();
    }
  };

  return (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // Let the calls of this turn of the event loop join before the first batch leaves.
      if (waiting.length === 1) {
        queueMicrotask(flush);
      }
    });
}

/** One batcher per database handle (tests build several apps in one process). */
export function perHandle<H extends object, F>(make: (handle: H) => F): (handle: H) => F {
  const made = new WeakMap<H, F>();
  return (handle) => {
    let found = made.get(handle);
    if (found === undefined) {
      found = make(handle);
      made.set(handle, found);
    }
    return found;
  };
}
