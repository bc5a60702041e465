import { createHmac, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LOGIN_CODE } from './auth-limits.js';

export type CodeCheck = 'right' | 'wrong' | 'spent' | 'none';

// One live code per account: its keyed hash and the tries it has had. A wrong try past the limit
// deletes it ('spent'); no code, or one that expired, is 'none'.
const CHECK = `
local h = redis.call('HGET', KEYS[1], 'h')
if not h then return 'none' end
if ARGV[1] ~= '' and h == ARGV[1] then return 'right' end
if redis.call('HINCRBY', KEYS[1], 'tries', 1) >= tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  return 'spent'
end
return 'wrong'
`;

const CONSUME = `
if redis.call('HGET', KEYS[1], 'h') == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The short codes a login asks for once an account has had too many wrong passwords: random
 * digits, kept only as an HMAC (keyed by a server secret, so a copy of Redis does not give them
 * away), good for LOGIN_CODE.lifetimeSeconds and a few tries, spent by the login they let in.
 */
export function createLoginCodes(redis: Redis, keyPrefix: string, hmacKey: string) {
  const keyOf = (account: string) => `${keyPrefix}:code:${account}`;
  const hashOf = (account: string, code: string) =>
    createHmac('sha256', hmacKey).update(`${account}\n${code}`).digest('hex');

  return {
    /** A new code for the account; an earlier one stops working. */
    async issue(account: string): Promise<string> {
      const code = randomInt(0, 10 ** LOGIN_CODE.digits)
        .toString()
        .padStart(LOGIN_CODE.digits, '0');
      await redis
        .multi()
        .del(keyOf(account))
        .hset(keyOf(account), { h: hashOf(account, code), tries: 0 })
        .expire(keyOf(account), LOGIN_CODE.lifetimeSeconds)
        .exec();
      return code;
    },
    /** Whether the code is the live one; a wrong one counts as a try. */
    async check(account: string, code: string): Promise<CodeCheck> {
      return (await redis.eval(
        CHECK,
        1,
        keyOf(account),
        hashOf(account, code),
        LOGIN_CODE.tries,
      )) as CodeCheck;
    },
    /** The right code came with a wrong password: that counts as a try too. */
    async strike(account: string): Promise<void> {
      await redis.eval(CHECK, 1, keyOf(account), '', LOGIN_CODE.tries);
    },
    /** Spends the code; false when another login spent it first. */
    async consume(account: string, code: string): Promise<boolean> {
      return Number(await redis.eval(CONSUME, 1, keyOf(account), hashOf(account, code))) === 1;
    },
  };
}

export type LoginCodes = ReturnType<typeof createLoginCodes>;

/** The key login codes are hashed with: derived, so a leaked one does not sign tokens. */
export const loginCodeKey = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('riyazi-login-code').digest('hex');
