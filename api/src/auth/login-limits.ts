import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/errors.js';
import { clearRateLimit, hitRateLimit } from '../lib/rate-limit.js';

export interface LoginLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

export const LOGIN_LIMITS: LoginLimits = { perIp: 30, perAccount: 8, windowSeconds: 15 * 60 };

/**
 * Counts an attempt per IP and per account; refuses with 429 past either limit. The account
 * counter resets on success, and every window ends, so a victim is never locked out for good.
 */
export async function guardAttempt(
  redis: Redis,
  scope: string,
  ip: string,
  account: string,
  limits: LoginLimits = LOGIN_LIMITS,
): Promise<{ reset: () => Promise<void> }> {
  const ipKey = `${scope}:ip:${ip}`;
  const accountKey = `${scope}:acct:${account.toLowerCase()}`;
  const [byIp, byAccount] = await Promise.all([
    hitRateLimit(redis, ipKey, limits.perIp, limits.windowSeconds),
    hitRateLimit(redis, accountKey, limits.perAccount, limits.windowSeconds),
  ]);
  if (!byIp.allowed || !byAccount.allowed) {
    const seconds = Math.max(
      byIp.allowed ? 0 : byIp.retryAfterSeconds,
      byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
    );
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw tooManyRequests(
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
  return { reset: () => clearRateLimit(redis, accountKey) };
}
