import type { Db } from '@riyazi/db';
import type { Redis } from 'ioredis';
import { grantAttempts } from '#modules/payments';
import { REDEEM_REFUSED, REDEEM_TOO_MANY, type RedeemCodeResult } from '../../contracts/payment-codes.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { normalizeAccessCode } from './access-code-format.js';
import * as repo from './access-codes.repository.js';

/** Failed tries allowed per hour: a student guesses 60-bit codes at most this often. */
export const REDEEM_LIMITS = { perStudent: 10, perIp: 30, windowSeconds: 3600 } as const;

export interface RedeemDeps {
  db: Db;
  redis: Redis;
  redisPrefix: string;
}

type LockedCode = NonNullable<Awaited<ReturnType<typeof repo.lockCodeByText>>>;

const isRedeemable = (code: LockedCode, now: Date) =>
  code.redeemedAt === null &&
  code.revokedAt === null &&
  code.batchRevokedAt === null &&
  (code.batchValidUntil === null || code.batchValidUntil > now);

const attemptsText = (n: number) => `${n} contest attempt${n === 1 ? '' : 's'}`;

/** A successful try is given back, so only failures count towards the limits. */
async function giveBack(redis: Redis, keys: string[]) {
  for (const key of keys) {
    // A window that ended meanwhile would leave a negative counter without an expiry: drop it.
    if ((await redis.decr(key)) <= 0) {
      await redis.del(key);
    }
  }
}

/**
 * Redeems a prepaid code for the signed-in student: in one transaction the code row is locked,
 * checked, marked redeemed and its attempts granted, so of two students racing for one code
 * exactly one wins. Every refusal is the same 400, so a guesser learns nothing about a code.
 */
export async function redeemCode(
  { db, redis, redisPrefix }: RedeemDeps,
  who: { studentId: string; ip: string },
  typed: string,
): Promise<RedeemCodeResult> {
  const keys = [
    `${redisPrefix}:rl:redeem-code:student:${who.studentId}`,
    `${redisPrefix}:rl:redeem-code:ip:${who.ip}`,
  ];
  const [byStudent, byIp] = await Promise.all([
    hitRateLimit(redis, keys[0] as string, REDEEM_LIMITS.perStudent, REDEEM_LIMITS.windowSeconds),
    hitRateLimit(redis, keys[1] as string, REDEEM_LIMITS.perIp, REDEEM_LIMITS.windowSeconds),
  ]);
  if (!byStudent.allowed || !byIp.allowed) {
    throw tooManyRequests(REDEEM_TOO_MANY);
  }
  const code = normalizeAccessCode(typed);
  if (code === null) {
    throw badRequest(REDEEM_REFUSED);
  }
  const result = await db.transaction().execute(async (trx) => {
    const row = await repo.lockCodeByText(trx, code);
    const now = new Date();
    if (row === undefined || !isRedeemable(row, now)) {
      throw badRequest(REDEEM_REFUSED);
    }
    await repo.markRedeemed(trx, row.id, who.studentId, now);
    const granted = await grantAttempts(trx, {
      studentId: who.studentId,
      attempts: row.attempts,
      source: 'CODE',
      accessCodeId: row.id,
    });
    if (granted === null) {
      throw badRequest(REDEEM_REFUSED);
    }
    await writeAudit(trx, {
      actorType: 'student',
      actorId: who.studentId,
      action: 'accessCode.redeem',
      targetType: 'accessCode',
      targetId: row.id,
      ip: who.ip,
      details: { batchId: row.batchId, attempts: row.attempts },
    });
    return { contestAttempts: granted.contestAttempts, attemptsGranted: row.attempts };
  });
  await giveBack(redis, keys);
  return { message: `Code accepted: ${attemptsText(result.attemptsGranted)} added.`, ...result };
}
