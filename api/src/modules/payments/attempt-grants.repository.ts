import type { Executor } from '../../lib/db.js';

export type GrantSource = 'PAYMENT' | 'CODE' | 'ADMIN' | 'REFUND';

export interface Grant {
  studentId: string;
  /** Attempts added (an admin may also take attempts away with a negative number). */
  attempts: number;
  source: GrantSource;
  paymentId?: string;
  accessCodeId?: string;
  staffId?: string;
  reason?: string;
}

/**
 * Adds contest attempts and records where they came from, in the caller's transaction. A payment
 * or an access code marks the student as having paid (isPaymentMade, and the admin list's Paid
 * filter, codeEntered); an admin grant or a refund (attempts taken back) does not. Null when the student does not exist or would be
 * left with fewer than 0 attempts.
 */
export async function grantAttempts(
  trx: Executor,
  grant: Grant,
): Promise<{ contestAttempts: number } | null> {
  const paid = grant.source === 'PAYMENT' || grant.source === 'CODE';
  const student = await trx
    .updateTable('students')
    .set((eb) => ({
      contestAttempts: eb('contestAttempts', '+', grant.attempts),
      ...(paid ? { isPaymentMade: true, codeEntered: true } : {}),
      updatedAt: new Date(),
    }))
    .where('id', '=', grant.studentId)
    .where((eb) => eb('contestAttempts', '>=', -grant.attempts))
    .returning('contestAttempts')
    .executeTakeFirst();
  if (!student) {
    return null;
  }
  await trx
    .insertInto('attemptGrants')
    .values({
      studentId: grant.studentId,
      attempts: grant.attempts,
      source: grant.source,
      paymentId: grant.paymentId ?? null,
      accessCodeId: grant.accessCodeId ?? null,
      staffId: grant.staffId ?? null,
      reason: grant.reason ?? null,
    })
    .execute();
  return student;
}
