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
  /** Wrong passwords for one account from one network: past it that login needs the e-mailed code. */
  loginFailuresPerAccountAndNetwork: { limit: 8, windowSeconds: 15 * MINUTE },
  /**
   * Wrong passwords for one account from anywhere (at most 8 of them from each network): past it
   * every login of the account needs the e-mailed code. Kept a day, since it asks, never refuses.
   */
  loginFailuresPerAccount: { limit: 20, windowSeconds: DAY },
  /**
   * Wrong passwords and login codes from one network over all accounts: past the limit a captcha
   * is asked (the reCAPTCHA flag on), or else the network's password checks are paced (LOGIN_PACE).
   */
  loginFailuresPerNetwork: { limit: 30, windowSeconds: 15 * MINUTE },

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
} as const satisfies Record<string, FixedWindow>;

/**
 * A network past loginFailuresPerNetwork without a captcha: every password check takes one of a few
 * places first (waiting for one rather than being refused), a right password gives its place back
 * at once, and a wrong one keeps it for a delay that doubles every few failures of the network.
 * Guessing slows to `places` per `maxDelaySeconds`; a class signing in after it waits seconds.
 */
export const LOGIN_PACE = {
  places: 4,
  firstDelaySeconds: 0.25,
  doublingEveryFailures: 20,
  maxDelaySeconds: 15,
  /** How long a login waits for a place before 429 (only while guesses keep every place taken). */
  maxWaitSeconds: 20,
} as const;

/** The code e-mailed when an account needs one to log in. */
export const LOGIN_CODE = {
  digits: 6,
  lifetimeSeconds: 10 * MINUTE,
  /** Wrong codes (or wrong passwords with the right code) before the code stops working. */
  tries: 5,
  /** A login asks for a new code at most this often; the one sent stays good meanwhile. */
  resendAfterSeconds: MINUTE,
  /** Codes sent to one account. */
  perAccount: { limit: 6, windowSeconds: HOUR },
} as const;

/** How long a wrong password keeps its place once its network has `failures` failures. */
export function paceDelaySeconds(failures: number): number {
  const past = Math.max(0, failures - AUTH_LIMITS.loginFailuresPerNetwork.limit);
  const delay = LOGIN_PACE.firstDelaySeconds * 2 ** (past / LOGIN_PACE.doublingEveryFailures);
  return Math.min(LOGIN_PACE.maxDelaySeconds, delay);
}

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
