import type { Database, Db } from '@riyazi/db';
import { sql, type Transaction } from 'kysely';
import { HttpError } from '../../lib/errors.js';

type Executor = Transaction<Database> | Db;

export interface PromoRule {
  id: string;
  code: string;
  discountType: 'PERCENT' | 'FIXED';
  discountValue: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerStudent: number;
  usedCount: number;
  packageIds: string[];
  isActive: boolean;
}

export interface PromoQuote {
  promoCodeId: string;
  code: string;
  discountPaisa: number;
  amountPaisa: number;
}

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

const promoRefused = (message: string) => new HttpError(400, message, { errors: { promoCode: message } });

/** The discount a code gives on a price, in whole paisa; never more than the price. */
export function discountOf(rule: Pick<PromoRule, 'discountType' | 'discountValue'>, pricePaisa: number) {
  const off =
    rule.discountType === 'PERCENT'
      ? Math.round((pricePaisa * rule.discountValue) / 100)
      : rule.discountValue;
  return Math.min(pricePaisa, Math.max(0, off));
}

/**
 * Checks a promo code for a student and a package and prices it; throws a 400 naming what is
 * wrong. Uses a pending payment holds count as taken (see reservePromoUse).
 */
export async function quotePromo(
  db: Executor,
  input: { code: string; studentId: string; packageId: string; pricePaisa: number; now: Date },
): Promise<PromoQuote> {
  const code = normalizePromoCode(input.code);
  const rule = await db
    .selectFrom('promoCodes')
    .select([
      'id',
      'code',
      'discountType',
      'discountValue',
      'validFrom',
      'validUntil',
      'maxUses',
      'maxUsesPerStudent',
      'usedCount',
      'packageIds',
      'isActive',
    ])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!rule?.isActive) {
    throw promoRefused('This promo code is not valid.');
  }
  if (rule.validFrom && rule.validFrom > input.now) {
    throw promoRefused('This promo code is not active yet.');
  }
  if (rule.validUntil && rule.validUntil <= input.now) {
    throw promoRefused('This promo code has expired.');
  }
  if (rule.packageIds.length > 0 && !rule.packageIds.includes(input.packageId)) {
    throw promoRefused('This promo code does not apply to this package.');
  }
  if (rule.maxUses !== null && rule.usedCount >= rule.maxUses) {
    throw promoRefused('This promo code has been used up.');
  }
  const mine = await db
    .selectFrom('promoCodeUses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promoCodeId', '=', rule.id)
    .where('studentId', '=', input.studentId)
    .executeTakeFirstOrThrow();
  if (Number(mine.n) >= rule.maxUsesPerStudent) {
    throw promoRefused('You have already used this promo code.');
  }
  const discountPaisa = discountOf(rule as PromoRule, input.pricePaisa);
  return {
    promoCodeId: rule.id,
    code: rule.code,
    discountPaisa,
    amountPaisa: input.pricePaisa - discountPaisa,
  };
}

/**
 * Takes one use of a code for a payment, atomically: the promo row is updated only while a use is
 * left, so two students racing for the last use get exactly one. The caller holds the student's
 * row lock (a student's own checkouts are serialised), which makes the per-student count exact.
 * False when no use is left.
 */
export async function reservePromoUse(
  trx: Transaction<Database>,
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
export async function releasePromoUse(trx: Transaction<Database>, paymentId: string): Promise<void> {
  await sql`
    WITH released AS (
      DELETE FROM promo_code_uses WHERE payment_id = ${paymentId} RETURNING promo_code_id
    )
    UPDATE promo_codes p SET used_count = used_count - 1, updated_at = now()
    FROM released WHERE p.id = released.promo_code_id`.execute(trx);
}
