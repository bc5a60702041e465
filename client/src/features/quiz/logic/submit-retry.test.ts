import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../shared/http/http-error';
import {
  backoffDelay,
  isRetryable,
  QUESTION_FETCH_RETRIES,
  retryQuestionFetch,
  sendWithRetry,
  sleepUntilOnline,
} from './submit-retry';

const network = () => new HttpError(0, 'Network Error');

describe('isRetryable', () => {
  it('retries a lost connection and a gateway error, never a refusal', () => {
    expect(isRetryable(network())).toBe(true);
    expect(isRetryable(new HttpError(503, 'Service Unavailable'))).toBe(true);
    expect(isRetryable(new HttpError(502, 'Bad Gateway'))).toBe(true);
    expect(isRetryable(new HttpError(500, 'Internal Server Error'))).toBe(true);
    expect(isRetryable(new HttpError(404, 'Not Found'))).toBe(false);
    expect(isRetryable(new HttpError(429, 'Too Many Requests'))).toBe(false);
    expect(isRetryable(new HttpError(400, 'Bad Request', 'answers: choose one option'))).toBe(false);
    expect(isRetryable(new HttpError(409, 'Conflict'))).toBe(false);
    expect(isRetryable(new HttpError(401, 'Unauthorized'))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});

describe('retryQuestionFetch', () => {
  it('fetches a question again after a 503 or a lost connection, a few times, never after a refusal', () => {
    const unavailable = new HttpError(503, 'Service Unavailable', 'Please try again in a moment.');
    expect(retryQuestionFetch(0, unavailable)).toBe(true);
    expect(retryQuestionFetch(QUESTION_FETCH_RETRIES - 1, network())).toBe(true);
    expect(retryQuestionFetch(QUESTION_FETCH_RETRIES, unavailable)).toBe(false);
    expect(retryQuestionFetch(0, new HttpError(409, 'Conflict', 'Answer the current question first.'))).toBe(
      false,
    );
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 10 s', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('adds at most 20 % jitter', () => {
    expect(backoffDelay(1, () => 1)).toBe(1200);
  });
});

describe('sendWithRetry', () => {
  it('resends after network failures until acknowledged, reporting each retry', async () => {
    let calls = 0;
    const retries: number[] = [];
    const sleeps: number[] = [];
    const result = await sendWithRetry(
      async () => {
        calls += 1;
        if (calls < 3) {
          throw network();
        }
        return 'ok';
      },
      {
        onRetrying: (attempt) => retries.push(attempt),
        sleep: async (ms) => void sleeps.push(ms),
      },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(retries).toEqual([1, 2]);
    expect(sleeps).toHaveLength(2);
  });

  it('throws an HTTP refusal at once', async () => {
    let calls = 0;
    const refusal = new HttpError(409, 'Conflict', 'This quiz is already over.');
    await expect(
      sendWithRetry(
        async () => {
          calls += 1;
          throw refusal;
        },
        { onRetrying: () => undefined, sleep: async () => undefined },
      ),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it('stops when cancelled', async () => {
    let calls = 0;
    await expect(
      sendWithRetry(
        async () => {
          calls += 1;
          throw network();
        },
        { onRetrying: () => undefined, sleep: async () => undefined, isCancelled: () => calls >= 2 },
      ),
    ).rejects.toBeInstanceOf(HttpError);
    expect(calls).toBe(2);
  });
});

describe('sleepUntilOnline', () => {
  it('wakes at once when the device comes back online', async () => {
    const target = new EventTarget();
    const started = Date.now();
    const slept = sleepUntilOnline(60_000, target);
    target.dispatchEvent(new Event('online'));
    await slept;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('otherwise waits the backoff out', async () => {
    const target = new EventTarget();
    const started = Date.now();
    await sleepUntilOnline(50, target);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
