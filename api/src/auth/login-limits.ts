import type { Redis } from 'ioredis';
import {
  CAPTCHA_REQUIRED,
  LOGIN_CODE_EXPIRED,
  LOGIN_CODE_REQUIRED,
  LOGIN_CODE_WRONG,
} from '../contracts/auth.js';
import { HttpError } from '../lib/errors.js';
import { clearRateLimit, hitRateLimit, peekRateLimit } from '../lib/rate-limit.js';
import { AUTH_LIMITS, type FixedWindow, LOGIN_CODE, paceDelaySeconds, waitText } from './auth-limits.js';
import { clientNetwork } from './client-network.js';
import { createLoginCodes } from './login-codes.js';
import { type PacePlace, takePacePlace } from './network-pace.js';
import { type RecaptchaConfig, verifyRecaptcha } from './recaptcha.js';

export interface LoginGuardDeps {
  redis: Redis;
  /** e.g. `riyazi:rl:student-login`; every counter of this login lives under it. */
  keyPrefix: string;
  recaptcha: RecaptchaConfig & { siteKey: string | undefined };
  /** Read only when a network is past the captcha threshold (the system flag isRecaptchaEnabled). */
  isRecaptchaEnabled: () => Promise<boolean>;
  /** Keys the hashes of login codes (a server secret). */
  codeKey: string;
  /** E-mails `newCode()` to the active account behind this login name; nothing when there is none. */
  sendCode: (account: string, newCode: () => Promise<string>, ip: string) => Promise<void>;
}

export interface LoginRequest {
  ip: string;
  account: string;
  recaptchaToken?: string | undefined;
}

/** The password check a guarded login runs, and which of its outcomes mean the password was right. */
export interface PasswordCheck<T> {
  check: () => Promise<T>;
  isRight: (outcome: T) => boolean;
}

export const CODE_SENT_MESSAGE =
  'For your safety, we have sent a 6-digit code to your e-mail address. Type it here to log in; it works for 10 minutes.';

const captchaRequired = (message: string, siteKey: string) =>
  new HttpError(403, message, { code: CAPTCHA_REQUIRED, recaptchaSiteKey: siteKey });
const codeRequired = (message: string) => new HttpError(403, message, { code: LOGIN_CODE_REQUIRED });
const codeWrong = () =>
  new HttpError(401, 'This code is not right. Check the e-mail and type the code again.', {
    code: LOGIN_CODE_WRONG,
  });
const codeExpired = () =>
  new HttpError(401, 'This code has expired or was used up. Log in again to get a new code.', {
    code: LOGIN_CODE_EXPIRED,
  });

/**
 * Only failed logins count, and no limit refuses a right password. An account with a few failures
 * from one network, or more from anywhere, needs a code e-mailed to its owner to log in, asked
 * before the password is judged, so guesses past the limit learn nothing. A network with many
 * failures over all accounts is asked for a captcha with the reCAPTCHA flag on, and otherwise has
 * its password checks paced (network-pace.ts): wrong guesses slow down, a class still signs in.
 * With the flag on, an account past its limits is asked for a captcha instead of the code.
 */
export function createLoginGuard(deps: LoginGuardDeps) {
  const { redis, keyPrefix, recaptcha } = deps;
  const codes = createLoginCodes(redis, keyPrefix, deps.codeKey);
  const hit = (key: string, window: FixedWindow) =>
    hitRateLimit(redis, key, window.limit, window.windowSeconds);

  const keysOf = ({ ip, account }: LoginRequest) => {
    const network = clientNetwork(ip);
    const email = account.trim().toLowerCase();
    return {
      email,
      network: `${keyPrefix}:fail:net:${network}`,
      account: `${keyPrefix}:fail:acct:${email}`,
      pair: `${keyPrefix}:fail:acct-net:${email}:${network}`,
      pace: `${keyPrefix}:pace:net:${network}`,
    };
  };
  type Keys = ReturnType<typeof keysOf>;

  /** Past a limit: true once a ticked box is verified, false when no captcha can be asked. */
  const captchaGate = ({ ip, recaptchaToken }: LoginRequest) => {
    // Asked at most once per login: a reCAPTCHA token is good for one verification.
    let verdict: Promise<boolean> | undefined;
    return (): Promise<boolean> => {
      verdict ??= (async () => {
        const { siteKey, secret } = recaptcha;
        if (siteKey === undefined || secret === undefined || !(await deps.isRecaptchaEnabled())) {
          return false;
        }
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
      return verdict;
    };
  };

  /** A network past its failures and no captcha: the check waits for a place (network-pace.ts). */
  const placeFor = async (keys: Keys, passCaptcha?: () => Promise<boolean>) => {
    const failures = await peekRateLimit(redis, keys.network);
    if (failures.count < AUTH_LIMITS.loginFailuresPerNetwork.limit) {
      return undefined;
    }
    return passCaptcha !== undefined && (await passCaptcha()) ? undefined : takePacePlace(redis, keys.pace);
  };

  /** A wrong password or code: counted for the network; its place stays taken a while. */
  const failed = async (keys: Keys, place: PacePlace | undefined) => {
    const { count } = await hit(keys.network, AUTH_LIMITS.loginFailuresPerNetwork);
    await place?.keepFor(paceDelaySeconds(count));
  };

  /** Sends a new code unless one went a moment ago; always ends the login with LOGIN_CODE_REQUIRED. */
  const askForCode = async (email: string, ip: string): Promise<never> => {
    const recent = await redis.set(
      `${keyPrefix}:code-sent:${email}`,
      '1',
      'EX',
      LOGIN_CODE.resendAfterSeconds,
      'NX',
    );
    if (recent === 'OK') {
      const sent = await hit(`${keyPrefix}:codes:${email}`, LOGIN_CODE.perAccount);
      if (!sent.allowed) {
        throw codeRequired(
          `We have sent several codes already. Use the newest one in your e-mail, or try again in ${waitText(sent.retryAfterSeconds)}.`,
        );
      }
      await deps.sendCode(email, () => codes.issue(email), ip);
    }
    throw codeRequired(CODE_SENT_MESSAGE);
  };

  /** Runs the check with the place held; an error frees it (unless a failure already kept it). */
  const withPlace = async <T>(place: PacePlace | undefined, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      await place?.release();
      throw err;
    }
  };

  return {
    /**
     * A login by password: 403 LOGIN_CODE_REQUIRED (a code sent) when the account needs a code,
     * whatever the password; otherwise the check's outcome, counted.
     */
    async password<T>(request: LoginRequest, { check, isRight }: PasswordCheck<T>): Promise<T> {
      const keys = keysOf(request);
      const passCaptcha = captchaGate(request);
      const place = await placeFor(keys, passCaptcha);
      return withPlace(place, async () => {
        // Counted before the password is checked, so a burst of parallel guesses cannot slip
        // past; a right password takes it back. The pair goes first: tries past it never reach
        // the account's own count, so hammering from one network asks for no code elsewhere.
        const pair = await hit(keys.pair, AUTH_LIMITS.loginFailuresPerAccountAndNetwork);
        let needsCode = !pair.allowed && !(await passCaptcha());
        if (!needsCode) {
          const anywhere = await hit(keys.account, AUTH_LIMITS.loginFailuresPerAccount);
          needsCode = !anywhere.allowed && !(await passCaptcha());
        }
        if (needsCode) {
          await askForCode(keys.email, request.ip);
        }
        const outcome = await check();
        if (isRight(outcome)) {
          await Promise.all([clearRateLimit(redis, keys.pair), clearRateLimit(redis, keys.account)]);
          await place?.release();
        } else {
          await failed(keys, place);
        }
        return outcome;
      });
    },

    /**
     * A login with the e-mailed code: the code is checked first (a wrong or spent one: 401
     * LOGIN_CODE_WRONG / LOGIN_CODE_EXPIRED, the password not judged), then the password; the
     * right pair spends the code and clears the account's failures.
     */
    async withCode<T>(request: LoginRequest & { code: string }, { check, isRight }: PasswordCheck<T>) {
      const keys = keysOf(request);
      const place = await placeFor(keys);
      return withPlace(place, async () => {
        const verdict = await codes.check(keys.email, request.code);
        if (verdict !== 'right') {
          await failed(keys, place);
          throw verdict === 'wrong' ? codeWrong() : codeExpired();
        }
        const outcome = await check();
        if (!isRight(outcome)) {
          await codes.strike(keys.email);
          await failed(keys, place);
          return outcome;
        }
        if (!(await codes.consume(keys.email, request.code))) {
          throw codeExpired();
        }
        await Promise.all([clearRateLimit(redis, keys.pair), clearRateLimit(redis, keys.account)]);
        await place?.release();
        return outcome;
      });
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
