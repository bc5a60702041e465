import type { Redis } from 'ioredis';
import { CAPTCHA_REQUIRED } from '../contracts/auth.js';
import { HttpError } from '../lib/errors.js';
import { clearRateLimit, hitRateLimit, peekRateLimit } from '../lib/rate-limit.js';
import { AUTH_LIMITS, type FixedWindow, tooManyAttempts } from './auth-limits.js';
import { clientNetwork } from './client-network.js';
import { type RecaptchaConfig, verifyRecaptcha } from './recaptcha.js';

export interface LoginGuardDeps {
  redis: Redis;
  /** e.g. `riyazi:rl:student-login`; every counter of this login lives under it. */
  keyPrefix: string;
  recaptcha: RecaptchaConfig & { siteKey: string | undefined };
  /** Read only when a network is past the captcha threshold (the system flag isRecaptchaEnabled). */
  isRecaptchaEnabled: () => Promise<boolean>;
}

export interface LoginRequest {
  ip: string;
  account: string;
  recaptchaToken: string | undefined;
}

/** What the route reports once the password is checked. */
export interface LoginAttempt {
  /** The password was right: that account's failures are cleared; nothing is counted. */
  passwordRight(): Promise<void>;
  /** The password (or the account) was wrong: it counts for the network too. */
  passwordWrong(): Promise<void>;
}

const captchaRequired = (message: string, siteKey: string) =>
  new HttpError(403, message, { code: CAPTCHA_REQUIRED, recaptchaSiteKey: siteKey });

/**
 * Only failed logins count, so a class signing in from one school connection is never refused.
 * An account is stopped after a few failures from one network and after more from anywhere; a
 * network with many failures over all accounts is stopped too. With the reCAPTCHA flag on, each of
 * these asks for a captcha instead of refusing, so a classmate typing wrong passwords for a child
 * cannot lock that child out on contest day. Every window ends, so nobody is locked out for good.
 */
export function createLoginGuard(deps: LoginGuardDeps) {
  const { redis, keyPrefix, recaptcha } = deps;

  /** Counts one failure-to-be in a window: whether it is still within the limit, and the wait. */
  const hit = (key: string, window: FixedWindow) =>
    hitRateLimit(redis, key, window.limit, window.windowSeconds);

  return async function guardLogin({ ip, account, recaptchaToken }: LoginRequest): Promise<LoginAttempt> {
    const network = clientNetwork(ip);
    const email = account.trim().toLowerCase();
    const networkKey = `${keyPrefix}:fail:net:${network}`;
    const accountKey = `${keyPrefix}:fail:acct:${email}`;
    const pairKey = `${keyPrefix}:fail:acct-net:${email}:${network}`;

    // Asked at most once per login: a reCAPTCHA token is good for one verification.
    let captcha: Promise<boolean> | undefined;
    const captchaAvailable = async () =>
      recaptcha.siteKey !== undefined && recaptcha.secret !== undefined && (await deps.isRecaptchaEnabled());
    /** Past a limit: true once a ticked box is verified, false when no captcha can be asked. */
    const passCaptcha = async (): Promise<boolean> => {
      captcha ??= (async () => {
        if (!(await captchaAvailable())) {
          return false;
        }
        const siteKey = recaptcha.siteKey as string;
        if (recaptchaToken === undefined || recaptchaToken === '') {
          throw captchaRequired(
            'Please tick the box to show that you are not a robot, then log in again.',
            siteKey,
          );
        }
        if (!(await verifyRecaptcha(recaptcha, recaptchaToken, ip))) {
          throw captchaRequired('The security check did not work. Please tick the box again.', siteKey);
        }
        return true;
      })();
      return captcha;
    };
    const pastLimit = async (retryAfterSeconds: number) => {
      if (!(await passCaptcha())) {
        throw tooManyAttempts(retryAfterSeconds);
      }
    };

    const failures = await peekRateLimit(redis, networkKey);
    if (failures.count >= AUTH_LIMITS.loginCaptchaAfterNetworkFailures) {
      const passed = await passCaptcha();
      if (!passed && failures.count >= AUTH_LIMITS.loginFailuresPerNetwork.limit) {
        throw tooManyAttempts(failures.retryAfterSeconds);
      }
    }
    // Counted before the password is checked, so a burst of parallel guesses cannot slip past; a
    // right password takes it back. The pair goes first: tries it refuses never reach the account's
    // own count, so hammering from one network cannot lock the owner out everywhere else.
    const pair = await hit(pairKey, AUTH_LIMITS.loginFailuresPerAccountAndNetwork);
    if (!pair.allowed) {
      await pastLimit(pair.retryAfterSeconds);
    }
    const anywhere = await hit(accountKey, AUTH_LIMITS.loginFailuresPerAccount);
    if (!anywhere.allowed) {
      await pastLimit(anywhere.retryAfterSeconds);
    }
    return {
      passwordRight: async () => {
        await Promise.all([clearRateLimit(redis, pairKey), clearRateLimit(redis, accountKey)]);
      },
      passwordWrong: async () => {
        await hit(networkKey, AUTH_LIMITS.loginFailuresPerNetwork);
      },
    };
  };
}
