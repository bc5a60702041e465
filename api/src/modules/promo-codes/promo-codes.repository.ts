import type { PromoDiscountType } from '../../contracts/payment-codes.js';
import { type Executor, escapeLike, type Trx } from '../../lib/db.js';

const PROMO_COLUMNS = [
  'id',
  'code',
  'description',
  'discountType',
  'discountValue',
  'validFrom',
  'validUntil',
  'maxUses',
  'maxUsesPerStudent',
  'usedCount',
  'packageIds',
  'isActive',
  'createdAt',
] as const;

export interface PromoValues {
  code: string;
  description: string;
  discountType: PromoDiscountType;
  /** Percent, or paisa for FIXED. */
  discountValue: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerStudent: number;
  packageIds: string[];
  isActive: boolean;
}

function filtered(db: Executor, search: string | undefined) {
  let query = db.selectFrom('promoCodes');
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('description', 'ilike', pattern)]));
  }
  return query;
}

export function listPromoCodes(db: Executor, search: string | undefined, limit: number, offset: number) {
  return filtered(db, search)
    .select(PROMO_COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPromoCodes(db: Executor, search: string | undefined): Promise<number> {
  const row = await filtered(db, search)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPromoCode(db: Executor, id: string) {
  return db.selectFrom('promoCodes').select(PROMO_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromoCode>>>;

/** A code as typed at checkout (already normalised). */
export function findPromoByCode(db: Executor, code: string) {
  return db.selectFrom('promoCodes').select(PROMO_COLUMNS).where('code', '=', code).executeTakeFirst();
}

/** FOR UPDATE: a checkout taking a use (reservePromoUse) waits until we commit. */
export function lockPromoCode(trx: Trx, id: string) {
  return trx
    .selectFrom('promoCodes')
    .select(PROMO_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertPromoCode(trx: Trx, values: PromoValues & { createdBy: string }) {
  return trx.insertInto('promoCodes').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updatePromoCode(trx: Trx, id: string, changes: Partial<PromoValues>) {
  return trx
    .updateTable('promoCodes')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deletePromoCode(trx: Trx, id: string) {
  return trx.deleteFrom('promoCodes').where('id', '=', id).execute();
}

/** Whether any use or payment (pending, paid or failed) ever named the code. */
export async function promoCodeWasUsed(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('promoCodeUses').select('paymentId').where('promoCodeId', '=', id)).as('used'),
      eb.exists(eb.selectFrom('payments').select('id').where('promoCodeId', '=', id)).as('paid'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.used) || Boolean(row.paid);
}

/** The packages of these ids (FOR SHARE in a transaction: none can be deleted before we commit). */
export function findPackages(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return db.selectFrom('paymentPackages').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function shareLockPackages(trx: Trx, ids: readonly string[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return trx.selectFrom('paymentPackages').select(['id', 'name']).where('id', 'in', ids).forShare().execute();
}

export function listPackages(db: Executor) {
  return db
    .selectFrom('paymentPackages')
    .select(['id', 'name', 'isActive'])
    .orderBy('position')
    .orderBy('name')
    .execute();
}
