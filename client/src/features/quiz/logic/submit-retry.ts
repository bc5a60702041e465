import { HttpError } from '../../../shared/http/http-error';

/**
 * Retry only when the server never gave a verdict: no response at all (status 0, which a timeout
 * also gives) or a 5xx while it or its gateway restarts. A 4xx is an answer. The submit is
 * idempotent, so resending is safe.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 0 || error.status >= 500);
}

/** Fetching a question: the screen tries three more times on its own before it shows "Try again". */
export const QUESTION_FETCH_RETRIES = 3;

/** For the question's query (`retry`): a lost connection or a 503 (the server lost its database) is fetched again. */
export function retryQuestionFetch(failures: number, error: unknown): boolean {
  return failures < QUESTION_FETCH_RETRIES && isRetryable(error);
}

/** 1 s, 2 s, 4 s … up to 10 s between tries, with up to 20 % jitter so phones do not retry in step. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

export interface RetryOptions {
  onRetrying: (attempt: number, error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Stops retrying (the screen was left); the last error is thrown. */
  isCancelled?: () => boolean;
}

type OnlineTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Waits `ms`, or less when the device says it is back online: no need to wait out the backoff. */
export function sleepUntilOnline(ms: number, target: OnlineTarget = window): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    target.addEventListener('online', done);
  });
}

const defaultSleep = (ms: number) => sleepUntilOnline(ms);

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
      options.onRetrying(attempt, error);
      await sleep(backoffDelay(attempt));
    }
  }
}
