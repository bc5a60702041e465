import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Hits in the window, this one included. */
  count: number;
}

/** Fixed-window counter in Redis; the window starts at the first hit. */
export async function hitRateLimit(
  redis: Redis,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const results = await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
  return { allowed: count <= limit, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds, count };
}

export async function clearRateLimit(redis: Redis, key: string): Promise<void> {
  await redis.del(key);
}

/** How many hits a window holds now, without adding one. */
export async function peekRateLimit(
  redis: Redis,
  key: string,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const results = await redis.multi().get(key).ttl(key).exec();
  const count = Number(results?.[0]?.[1] ?? 0);
  const ttl = Number(results?.[1]?.[1] ?? 0);
  return { count, retryAfterSeconds: Math.max(ttl, 0) };
}
