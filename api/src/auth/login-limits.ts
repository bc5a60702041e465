import type { Redis } from 'ioredis';
import { CAPTCHA_REQUIRED } from '../contracts/auth.js';
import { HttpError } from '../lib/errors.js';
import { clearRateLimit, hitRateLimit, peekRateLimit } from '../lib/rate-limit.js';
import { AUTH_LIMITS, tooManyAttempts } from './auth-limits.js';
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
 * network with many failures over all accounts must pass a captcha when the flag is on (429
 * otherwise). Every window ends, so nobody is locked out for good.
 */
export function createLoginGuard(deps: LoginGuardDeps) {
  const { redis, keyPrefix, recaptcha } = deps;
  const limits = AUTH_LIMITS;

  async function checkNetwork(network: string, ip: string, token: string | undefined): Promise<void> {
    const failures = await peekRateLimit(redis, `${keyPrefix}:fail:net:${network}`);
    if (failures.count < limits.loginCaptchaAfterNetworkFailures) {
      return;
    }
    const canAskCaptcha =
      recaptcha.siteKey !== undefined && recaptcha.secret !== undefined && (await deps.isRecaptchaEnabled());
    if (canAskCaptcha) {
      if (token === undefined || token === '') {
        throw captchaRequired(
          'Please tick the box to show that you are not a robot, then log in again.',
          recaptcha.siteKey as string,
        );
      }
      if (!(await verifyRecaptcha(recaptcha, token, ip))) {
        throw captchaRequired(
          'The security check did not work. Please tick the box again.',
          recaptcha.siteKey as string,
        );
      }
      return;
    }
    if (failures.count >= limits.loginFailuresPerNetwork.limit) {
      throw tooManyAttempts(failures.retryAfterSeconds);
    }
  }

  return async function guardLogin({ ip, account, recaptchaToken }: LoginRequest): Promise<LoginAttempt> {
    const network = clientNetwork(ip);
    const email = account.trim().toLowerCase();
    const networkKey = `${keyPrefix}:fail:net:${network}`;
    const accountKey = `${keyPrefix}:fail:acct:${email}`;
    const pairKey = `${keyPrefix}:fail:acct-net:${email}:${network}`;
    await checkNetwork(network, ip, recaptchaToken);
    // Counted before the password is checked, so a burst of parallel guesses cannot slip past;
    // a right password takes it back by clearing the account's counters.
    const { loginFailuresPerAccountAndNetwork: pair, loginFailuresPerAccount: anywhere } = limits;
    const [byPair, byAccount] = await Promise.all([
      hitRateLimit(redis, pairKey, pair.limit, pair.windowSeconds),
      hitRateLimit(redis, accountKey, anywhere.limit, anywhere.windowSeconds),
    ]);
    if (!byPair.allowed || !byAccount.allowed) {
      throw tooManyAttempts(
        Math.max(
          byPair.allowed ? 0 : byPair.retryAfterSeconds,
          byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
        ),
      );
    }
    return {
      passwordRight: async () => {
        await Promise.all([clearRateLimit(redis, pairKey), clearRateLimit(redis, accountKey)]);
      },
      passwordWrong: async () => {
        const window = limits.loginFailuresPerNetwork;
        await hitRateLimit(redis, networkKey, window.limit, window.windowSeconds);
      },
    };
  };
}
