import type { TestMailStatus } from '../api/smtp-api';

export const POLL_INTERVAL_MS = 1500;
export const POLL_LIMIT_MS = 45_000;

export type ProgressTone = 'info' | 'success' | 'error' | 'warning';

export interface TestMailProgress {
  text: string;
  tone: ProgressTone;
  /** Nothing more to wait for: stop polling. */
  done: boolean;
}

/** What to tell the admin about a test e-mail, from its last known status and how long we have waited. */
export function testMailProgress(status: TestMailStatus | undefined, elapsedMs: number): TestMailProgress {
  if (status?.status === 'SENT') {
    return { text: 'Delivered to the mail server', tone: 'success', done: true };
  }
  if (status?.status === 'FAILED') {
    return {
      text: `Failed: ${status.lastError ?? 'the mail server did not accept the e-mail'}`,
      tone: 'error',
      done: true,
    };
  }
  const timedOut = elapsedMs >= POLL_LIMIT_MS;
  if (status !== undefined && status.attempts > 0 && status.lastError !== null) {
    const text = `Still trying (attempt ${status.attempts}): ${status.lastError}`;
    return timedOut
      ? {
          text: `${text}. It will keep retrying in the background; check the settings.`,
          tone: 'warning',
          done: true,
        }
      : { text, tone: 'warning', done: false };
  }
  if (timedOut) {
    return {
      text: 'Still waiting to be sent after 45 seconds. The mail worker may be busy or stopped.',
      tone: 'warning',
      done: true,
    };
  }
  return { text: 'Sending…', tone: 'info', done: false };
}
