import type { PaymentLogs, Payments } from '@riyazi/db';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

export async function findStoredFlags(db: Executor) {
  const row = await db.selectFrom('systemFlags').select('flags').where('id', '=', 1).executeTakeFirst();
  return (row?.flags ?? {}) as Record<string, unknown>;
}

export const findStudentBalance = (db: Executor, studentId: string) =>
  db
    .selectFrom('students')
    .select(['contestAttempts', 'isPaymentMade'])
    .where('id', '=', studentId)
    .executeTakeFirst();

/** The student's row, locked: a student's own checkouts queue here. */
export const lockStudentAccount = (trx: Trx, studentId: string) =>
  trx
    .selectFrom('students')
    .select(['id', 'isActive', 'email', 'fullName'])
    .where('id', '=', studentId)
    .forNoKeyUpdate()
    .executeTakeFirst();

export const findReceiptContact = (db: Executor, studentId: string) =>
  db
    .selectFrom('students')
    .select(['email', 'fullName', 'language'])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();

export const findActivePackage = (db: Executor, packageId: string) =>
  db
    .selectFrom('paymentPackages')
    .leftJoin('phases', 'phases.id', 'paymentPackages.phaseId')
    .select([
      'paymentPackages.id',
      'paymentPackages.name',
      'paymentPackages.attempts',
      'paymentPackages.phaseId',
      'paymentPackages.pricePaisa',
      'phases.status as phaseStatus',
      'phases.endsAt as phaseEndsAt',
    ])
    .where('paymentPackages.id', '=', packageId)
    .where('paymentPackages.isActive', '=', true)
    .executeTakeFirst();

export const insertPayment = (trx: Trx, values: Insertable<Payments>) =>
  trx.insertInto('payments').values(values).returning(['id', 'orderRef']).executeTakeFirstOrThrow();

export async function insertPaymentLog(db: Executor, values: Insertable<PaymentLogs>) {
  await db.insertInto('paymentLogs').values(values).execute();
}

/** How many messages of this kind the payment's log already holds. */
export async function countPaymentLogs(db: Executor, paymentId: string, kind: string) {
  const row = await db
    .selectFrom('paymentLogs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('paymentId', '=', paymentId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const markPaymentPaid = (
  trx: Trx,
  paymentId: string,
  set: {
    paidAt: Date;
    gatewayRef: string | null;
    responseCode: string | null;
    responseMessage: string | null;
  },
) =>
  trx
    .updateTable('payments')
    .set({ status: 'PAID', updatedAt: set.paidAt, ...set })
    .where('id', '=', paymentId)
    .returning(['orderRef', 'amountPaisa', 'attempts'])
    .executeTakeFirstOrThrow();

export async function markPaymentFailed(
  trx: Trx,
  paymentId: string,
  set: { updatedAt: Date; responseCode: string | null; responseMessage: string | null },
) {
  await trx
    .updateTable('payments')
    .set({ status: 'FAILED', ...set })
    .where('id', '=', paymentId)
    .execute();
}

/** Our order at this gateway, locked: a concurrent duplicate callback waits and then finds it settled. */
export const lockPaymentOfGateway = (trx: Trx, orderRef: string, gateway: string) =>
  trx
    .selectFrom('payments')
    .selectAll()
    .where('orderRef', '=', orderRef)
    .where('gateway', '=', gateway)
    .forUpdate()
    .executeTakeFirst();

export const findPaymentByGatewayRef = (db: Executor, gateway: string, gatewayRef: string) =>
  db
    .selectFrom('payments')
    .select('id')
    .where('gateway', '=', gateway)
    .where('gatewayRef', '=', gatewayRef)
    .executeTakeFirst();

export const findOrderView = (db: Executor, orderRef: string) =>
  db
    .selectFrom('payments')
    .innerJoin('paymentPackages', 'paymentPackages.id', 'payments.packageId')
    .innerJoin('students', 'students.id', 'payments.studentId')
    .select([
      'payments.id',
      'payments.orderRef',
      'payments.status',
      'payments.gateway',
      'payments.amountPaisa',
      'payments.attempts',
      'payments.createdAt',
      'payments.paidAt',
      'payments.responseMessage',
      'payments.studentId',
      'paymentPackages.name as packageName',
      'students.contestAttempts',
    ])
    .where('payments.orderRef', '=', orderRef)
    .executeTakeFirst();

export async function countInquiry(db: Executor, orderRef: string) {
  await db
    .updateTable('payments')
    .set((eb) => ({ inquiryCount: eb('inquiryCount', '+', 1), lastInquiryAt: new Date() }))
    .where('orderRef', '=', orderRef)
    .execute();
}

/** Gateway payments still pending that were created before `before`, oldest first. */
export const listPendingBefore = (db: Executor, before: Date, limit: number) =>
  db
    .selectFrom('payments')
    .select(['orderRef', 'gateway', 'createdAt', 'inquiryCount', 'lastInquiryAt'])
    .where('status', '=', 'PENDING')
    .where('gateway', '!=', 'free')
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit)
    .execute();

/** Closes a payment only while it is still pending; undefined when it no longer was. */
export const expirePendingPayment = (trx: Trx, orderRef: string, responseMessage: string) =>
  trx
    .updateTable('payments')
    .set({ status: 'EXPIRED', updatedAt: new Date(), responseMessage })
    .where('orderRef', '=', orderRef)
    .where('status', '=', 'PENDING')
    .returning(['id', 'gateway', 'amountPaisa'])
    .executeTakeFirst();

/**
 * The student's uses of a code: `settled` by payments no longer pending (paid), `pending` held by
 * checkouts still open, which their next checkout gives back (releaseStudentPromoHolds).
 */
export async function countPromoUsesOf(db: Executor, promoCodeId: string, studentId: string) {
  const row = await db
    .selectFrom('promoCodeUses')
    .innerJoin('payments', 'payments.id', 'promoCodeUses.paymentId')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('payments.status', '!=', 'PENDING').as('settled'),
      eb.fn.countAll<string>().filterWhere('payments.status', '=', 'PENDING').as('pending'),
    ])
    .where('promoCodeUses.promoCodeId', '=', promoCodeId)
    .where('promoCodeUses.studentId', '=', studentId)
    .executeTakeFirstOrThrow();
  return { settled: Number(row.settled), pending: Number(row.pending) };
}

export const holdsPromoUse = async (db: Executor, paymentId: string) =>
  (await db
    .selectFrom('promoCodeUses')
    .select('paymentId')
    .where('paymentId', '=', paymentId)
    .executeTakeFirst()) !== undefined;

/** Gives back the promo uses held by pending checkouts: the student's (a new checkout) or stale ones. */
async function releaseHolds(trx: Executor, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    WITH released AS (
      DELETE FROM promo_code_uses u USING payments p
      WHERE p.id = u.payment_id AND p.status = 'PENDING' AND ${where}
      RETURNING u.promo_code_id
    ), counted AS (
      SELECT promo_code_id, count(*) AS n FROM released GROUP BY promo_code_id
    ), updated AS (
      UPDATE promo_codes c SET used_count = used_count - counted.n, updated_at = now()
      FROM counted WHERE c.id = counted.promo_code_id RETURNING counted.n
    )
    SELECT coalesce(sum(n), 0)::text AS n FROM updated`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** A new checkout gives back the uses the student's earlier, still pending checkouts hold. */
export const releaseStudentPromoHolds = (trx: Trx, studentId: string) =>
  releaseHolds(trx, sql`p.student_id = ${studentId}`);

/** Pending checkouts older than `before` give their promo use back (the payment stays pending). */
export const releaseStalePromoHolds = (db: Executor, before: Date) =>
  releaseHolds(db, sql`p.created_at < ${before}`);

/** A payment by id, locked: staff actions and a student's cancel wait for a settling callback. */
export const lockPaymentById = (trx: Trx, paymentId: string) =>
  trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();

export const lockPaymentOfStudent = (trx: Trx, orderRef: string, studentId: string) =>
  trx
    .selectFrom('payments')
    .selectAll()
    .where('orderRef', '=', orderRef)
    .where('studentId', '=', studentId)
    .forUpdate()
    .executeTakeFirst();

export async function markPaymentCancelled(trx: Trx, paymentId: string, responseMessage: string) {
  await trx
    .updateTable('payments')
    .set({ status: 'CANCELLED', updatedAt: new Date(), responseMessage })
    .where('id', '=', paymentId)
    .execute();
}

export async function markPaymentRefunded(trx: Trx, paymentId: string, at: Date) {
  await trx
    .updateTable('payments')
    .set({ status: 'REFUNDED', updatedAt: at, refundedAt: at })
    .where('id', '=', paymentId)
    .execute();
}

/** The student's attempt balance, locked while a refund takes some back. */
export const lockStudentAttempts = (trx: Trx, studentId: string) =>
  trx
    .selectFrom('students')
    .select('contestAttempts')
    .where('id', '=', studentId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();

/**
 * Takes one use of a code for a payment, atomically: the promo row is updated only while a use is
 * left, so two students racing for the last use get exactly one. The caller holds the student's
 * row lock (a student's own checkouts are serialised), which makes the per-student count exact.
 * False when no use is left.
 */
export async function reservePromoUse(
  trx: Trx,
  use: { promoCodeId: string; studentId: string; paymentId: string },
): Promise<boolean> {
  const taken = await sql<{ paymentId: string }>`
    WITH taken AS (
      UPDATE promo_codes SET used_count = used_count + 1, updated_at = now()
      WHERE id = ${use.promoCodeId} AND is_active AND (max_uses IS NULL OR used_count < max_uses)
      RETURNING id
    )
    INSERT INTO promo_code_uses (payment_id, promo_code_id, student_id)
    SELECT ${use.paymentId}, taken.id, ${use.studentId} FROM taken
    RETURNING payment_id AS "paymentId"`.execute(trx);
  return taken.rows.length === 1;
}

/** Gives a use back when its payment failed or expired (no-op when the payment held none). */
export async function releasePromoUse(trx: Trx, paymentId: string): Promise<void> {
  await sql`
    WITH released AS (
      DELETE FROM promo_code_uses WHERE payment_id = ${paymentId} RETURNING promo_code_id
    )
    UPDATE promo_codes p SET used_count = used_count - 1, updated_at = now()
    FROM released WHERE p.id = released.promo_code_id`.execute(trx);
}

/**
 * What decides whether more attempts can be used in a phase: the attempts the student holds, the
 * plays their grade's active contest quiz of the phase allows (null: no such quiz yet) and their
 * contest plays there that were not cancelled (of that quiz when there is one).
 */
export async function findStudentPlays(db: Executor, studentId: string, phaseId: string) {
  const { rows } = await sql<{ contestAttempts: number; attemptsAllowed: number | null; playsUsed: string }>`
    SELECT s.contest_attempts AS "contestAttempts", q.attempts_allowed AS "attemptsAllowed",
      (SELECT count(*) FROM plays p
        WHERE p.student_id = s.id AND p.kind = 'CONTEST' AND p.phase_id = ${phaseId}
          AND p.status <> 'CANCELLED' AND (q.id IS NULL OR p.quiz_id = q.id)) AS "playsUsed"
    FROM students s
    LEFT JOIN LATERAL (
      SELECT qz.id, qz.attempts_allowed FROM quizzes qz
      JOIN quiz_grades qg ON qg.quiz_id = qz.id
      WHERE qg.grade_id = s.grade_id AND qz.kind = 'CONTEST' AND qz.phase_id = ${phaseId} AND qz.is_active
      ORDER BY qz.id LIMIT 1
    ) q ON true
    WHERE s.id = ${studentId}`.execute(db);
  return rows[0];
}
