import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LOGIN_PACE, tooManyAttempts } from './auth-limits.js';

/** Held while a password is checked; a node that dies mid-check frees its place after this. */
const CHECK_LEASE_MS = 30_000;
const POLL_MS = 100;

// Places are members of a sorted set scored by when they free themselves (Redis time, so every
// node agrees). Taking one drops the lapsed first; the answer is 0, or how long until one frees.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
  return 0
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(first[2]) - now)
`;

const KEEP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
`;

export interface PacePlace {
  /** The password was right (or the login ended otherwise): the place is free again at once. */
  release(): Promise<void>;
  /** The password was wrong: the place stays taken for this long, then frees itself; release() no longer frees it. */
  keepFor(seconds: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes one of the network's places before a password check, waiting (never refusing) while
 * others hold them; 429 only after LOGIN_PACE.maxWaitSeconds, which takes guesses arriving
 * faster than the places free. Every check needs a place, right or wrong, so guesses sent in
 * parallel cannot learn a right password sooner than the places let through.
 */
export async function takePacePlace(redis: Redis, key: string): Promise<PacePlace> {
  const member = randomUUID();
  const keyTtlMs = (LOGIN_PACE.maxDelaySeconds + CHECK_LEASE_MS / 1000) * 1000;
  const deadline = Date.now() + LOGIN_PACE.maxWaitSeconds * 1000;
  for (;;) {
    const wait = Number(await redis.eval(TAKE, 1, key, LOGIN_PACE.places, CHECK_LEASE_MS, member, keyTtlMs));
    if (wait === 0) {
      break;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw tooManyAttempts(wait / 1000);
    }
    // A little jitter, so waiters from one class do not all ask at the same instant.
    await sleep(Math.min(wait, POLL_MS + Math.floor(Math.random() * POLL_MS), left));
  }
  let kept = false;
  return {
    release: async () => {
      if (!kept) {
        await redis.zrem(key, member);
      }
    },
    keepFor: async (seconds) => {
      kept = true;
      await redis.eval(KEEP, 1, key, Math.round(seconds * 1000), member);
    },
  };
}
