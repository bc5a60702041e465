import { describe, expect, it } from 'vitest';
import type { TestMailStatus } from '../api/smtp-api';
import { POLL_LIMIT_MS, testMailProgress } from './test-mail-progress';

const status = (changes: Partial<TestMailStatus>): TestMailStatus => ({
  _id: 'm1',
  status: 'QUEUED',
  attempts: 0,
  lastError: null,
  ...changes,
});

describe('test e-mail progress', () => {
  it('says it is sending before the first answer and while queued', () => {
    expect(testMailProgress(undefined, 0)).toEqual({ text: 'Sending…', tone: 'info', done: false });
    expect(testMailProgress(status({}), 3000).text).toBe('Sending…');
  });

  it('stops when the relay accepted the e-mail', () => {
    expect(testMailProgress(status({ status: 'SENT', attempts: 1 }), 3000)).toEqual({
      text: 'Delivered to the mail server',
      tone: 'success',
      done: true,
    });
  });

  it("stops with the relay's error when the last attempt failed", () => {
    const progress = testMailProgress(
      status({ status: 'FAILED', attempts: 5, lastError: 'Invalid login' }),
      9000,
    );
    expect(progress).toEqual({ text: 'Failed: Invalid login', tone: 'error', done: true });
  });

  it('keeps waiting while the worker retries, naming the attempt and the error', () => {
    const progress = testMailProgress(status({ attempts: 2, lastError: 'Connection timeout' }), 9000);
    expect(progress).toEqual({
      text: 'Still trying (attempt 2): Connection timeout',
      tone: 'warning',
      done: false,
    });
  });

  it('gives up polling after the time limit, saying why', () => {
    expect(testMailProgress(status({}), POLL_LIMIT_MS)).toMatchObject({ tone: 'warning', done: true });
    expect(testMailProgress(status({ attempts: 3, lastError: 'ECONNREFUSED' }), POLL_LIMIT_MS).text).toMatch(
      /^Still trying \(attempt 3\): ECONNREFUSED\./,
    );
  });
});
