import { HttpError } from '../../../shared/http/http-error';

/** Statuses worth sending again: no answer from the server at all, or a gateway while it restarts. */
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** Retry only when the server never said no: the submit is idempotent, so resending is safe. */
export function isRetryable(error: unknown): boolean {
  return error instanceof HttpError && RETRYABLE_STATUSES.has(error.status);
}

/** 1 s, 2 s, 4 s … up to 10 s between tries, with up to 20 % jitter so phones do not retry in step. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

export interface RetryOptions {
  onRetrying: (attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Stops retrying (the screen was left); the last error is thrown. */
  isCancelled?: () => boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends until acknowledged; an HTTP refusal is thrown at once, a lost connection is retried with backoff. */
export async function sendWithRetry<T>(send: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isRetryable(error) || options.isCancelled?.() === true) {
        throw error;
      }
      options.onRetrying(attempt);
      await sleep(backoffDelay(attempt));
    }
  }
}
