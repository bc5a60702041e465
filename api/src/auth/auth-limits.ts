import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/errors.js';
import { hitRateLimit } from '../lib/rate-limit.js';

/**
 * Every limit on signing in, signing up and resetting passwords, in one place; README.md
 * ("Sign-in and sign-up limits") lists them with what each counts. Fixed windows in Redis.
 * A school brings whole classes through one connection, so per-network limits count only what a
 * class does not do in numbers (failed logins), or are set for several classes at once.
 */
export interface FixedWindow {
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const AUTH_LIMITS = {
  /** Wrong passwords for one account from one network: the child who forgot, or a guesser. */
  loginFailuresPerAccountAndNetwork: { limit: 8, windowSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from anywhere: guessing spread over many networks. */
  loginFailuresPerAccount: { limit: 20, windowSeconds: 15 * MINUTE },
  /** Wrong passwords from one network over all accounts; past it 429, unless a captcha can be asked. */
  loginFailuresPerNetwork: { limit: 100, windowSeconds: 15 * MINUTE },
  /** With the reCAPTCHA flag on, a network past this many failures must tick the box to log in. */
  loginCaptchaAfterNetworkFailures: 30,

  /** Sign-up requests from one network (a few classes of 40 in an hour; a bot stops within a day). */
  signupPerNetworkHour: { limit: 150, windowSeconds: HOUR },
  signupPerNetworkDay: { limit: 500, windowSeconds: DAY },
  verifyEmailPerNetwork: { limit: 100, windowSeconds: 15 * MINUTE },
  resendVerificationPerStudent: { limit: 3, windowSeconds: HOUR },
  /** Reset links asked for from one network (a class resetting), and per address (its inbox). */
  forgotPasswordPerNetwork: { limit: 100, windowSeconds: HOUR },
  forgotPasswordPerAccount: { limit: 3, windowSeconds: HOUR },
  resetPasswordPerNetwork: { limit: 100, windowSeconds: 15 * MINUTE },

  /** Staff are a few people in an office, never a class. */
  staffForgotPasswordPerNetwork: { limit: 10, windowSeconds: 15 * MINUTE },
  staffForgotPasswordPerAccount: { limit: 3, windowSeconds: HOUR },
  staffResetPasswordPerNetwork: { limit: 20, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, FixedWindow | number>;

/** "1 minute", "12 minutes", "3 hours": how long to wait, rounded up, in words a child reads. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) {
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export const tooManyAttempts = (seconds: number) =>
  tooManyRequests(`Too many attempts. Please try again in ${waitText(seconds)}.`);

/** Counts one hit in each window; past any of them, 429 with the longest wait in its message. */
export async function enforceLimits(
  redis: Redis,
  hits: readonly { key: string; window: FixedWindow }[],
  message: (wait: string) => string,
): Promise<void> {
  const results = await Promise.all(
    hits.map(({ key, window }) => hitRateLimit(redis, key, window.limit, window.windowSeconds)),
  );
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    throw tooManyRequests(message(waitText(Math.max(...refused.map((r) => r.retryAfterSeconds)))));
  }
}
