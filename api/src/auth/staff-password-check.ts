import { type Db, verifyPassword } from '@riyazi/db';
import type { Redis } from 'ioredis';
import { writeAudit } from '../lib/audit.js';
import { forbidden, tooManyRequests } from '../lib/errors.js';
import { clearRateLimit, hitRateLimit } from '../lib/rate-limit.js';
import { findStaffByEmail } from '../modules/staff-auth/staff-auth.repository.js';

/** Wrong passwords a staff member may type into re-checks before a pause. */
export const PASSWORD_CHECK_LIMIT = { attempts: 5, windowSeconds: 15 * 60 } as const;

export interface PasswordCheckDeps {
  db: Db;
  redis: Redis;
  redisPrefix: string;
}

export interface PasswordCheckActor {
  id: string;
  email: string;
  ip: string;
}

/**
 * A signed-in staff member re-enters their own password before a change that cannot be taken back
 * lightly (creating winners). Wrong: 403 'Incorrect password' and an audit row `rejectedAction`;
 * after 5 wrong in 15 minutes every try answers 429 until the window ends, so a left-open session
 * cannot be used to guess the password. A right password clears the count, as staff login does.
 */
export async function confirmStaffPassword(
  { db, redis, redisPrefix }: PasswordCheckDeps,
  actor: PasswordCheckActor,
  password: string,
  rejectedAction: string,
): Promise<void> {
  const key = `${redisPrefix}:rl:password-check:${actor.id}`;
  const wrongSoFar = Number((await redis.get(key)) ?? 0);
  if (wrongSoFar >= PASSWORD_CHECK_LIMIT.attempts) {
    throw tooManyWrong(await redis.ttl(key));
  }
  const row = await findStaffByEmail(db, actor.email);
  const ok = row?.id === actor.id && (await verifyPassword(row.passwordHash, password));
  if (ok) {
    await clearRateLimit(redis, key);
    return;
  }
  const limit = await hitRateLimit(
    redis,
    key,
    PASSWORD_CHECK_LIMIT.attempts,
    PASSWORD_CHECK_LIMIT.windowSeconds,
  );
  await writeAudit(db, {
    actorType: 'staff',
    actorId: actor.id,
    action: rejectedAction,
    targetType: 'staffUser',
    targetId: actor.id,
    ip: actor.ip,
  });
  if (!limit.allowed) {
    throw tooManyWrong(limit.retryAfterSeconds);
  }
  throw forbidden('Incorrect password');
}

function tooManyWrong(seconds: number) {
  const minutes = Math.max(1, Math.ceil((seconds > 0 ? seconds : PASSWORD_CHECK_LIMIT.windowSeconds) / 60));
  return tooManyRequests(
    `Too many incorrect passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}
