import { type RawBuilder, sql } from 'kysely';
import { PAYMENT_REPORT_TIME_ZONE } from '../../contracts/payment-reports.js';
import type { Executor } from '../../lib/db.js';
import type { PaymentFilter } from './payment-reports.schemas.js';

// A literal, not a parameter: the day expression must read the same in SELECT and GROUP BY.
const ZONE = sql.lit(PAYMENT_REPORT_TIME_ZONE);

/** Whole days in Pakistan time: [from 00:00, to + 1 day 00:00) PKT. */
export function dayRange(
  column: RawBuilder<unknown>,
  f: { from?: string | undefined; to?: string | undefined },
) {
  const where: RawBuilder<unknown>[] = [];
  if (f.from) {
    where.push(sql`${column} >= (${f.from}::date)::timestamp AT TIME ZONE ${ZONE}`);
  }
  if (f.to) {
    where.push(sql`${column} < (${f.to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`);
  }
  return where;
}

/** The filtered payments p, joined with their student s (the WHERE clause of every payments query). */
function paymentWhere(f: PaymentFilter): RawBuilder<unknown> {
  const where = [sql`true`, ...dayRange(sql`p.created_at`, f)];
  if (f.status) {
    where.push(sql`p.status = ${f.status}`);
  }
  if (f.gateway) {
    where.push(sql`p.gateway = ${f.gateway}`);
  }
  if (f.packageId) {
    where.push(sql`p.package_id = ${f.packageId}`);
  }
  if (f.promoCode) {
    where.push(sql`p.promo_code_id = (SELECT id FROM promo_codes WHERE code = ${f.promoCode})`);
  }
  if (f.gradeId) {
    where.push(sql`s.grade_id = ${f.gradeId}`);
  }
  if (f.city) {
    where.push(sql`lower(btrim(s.city)) = lower(${f.city})`);
  }
  return sql.join(where, sql` AND `);
}

export interface PaymentRow {
  id: string;
  orderRef: string;
  createdAt: Date;
  paidAt: Date | null;
  status: string;
  gateway: string;
  gatewayRef: string | null;
  packageId: string;
  packageName: string;
  attempts: number;
  listPricePaisa: number;
  discountPaisa: number;
  amountPaisa: number;
  promoCode: string | null;
  studentId: string;
  studentNo: number;
  fullName: string;
  gradeId: string | null;
  gradeTitle: string | null;
  city: string | null;
  /** created_at as text: exact to the microsecond (a Date is not), for keyset paging. */
  cursorAt: string;
}

export interface PaymentCursor {
  at: string;
  id: string;
}

/**
 * Filtered payments, newest first. Pages by offset for the screen, or after a cursor (the last row
 * of the previous batch) for the export, which never re-reads the rows it has already sent.
 */
export async function findPayments(
  db: Executor,
  f: PaymentFilter,
  page: { limit: number; offset: number } | { limit: number; after: PaymentCursor | null },
): Promise<PaymentRow[]> {
  const cursor = 'after' in page ? page.after : null;
  const keyset = cursor
    ? sql`AND (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const offset = 'offset' in page ? sql`OFFSET ${page.offset}` : sql``;
  const { rows } = await sql<PaymentRow>`
    SELECT p.id, p.order_ref, p.created_at, p.paid_at, p.status, p.gateway, p.gateway_ref,
      p.package_id, pk.name AS package_name, p.attempts,
      p.list_price_paisa, p.discount_paisa, p.amount_paisa, pc.code AS promo_code,
      s.id AS student_id, s.student_no, s.full_name, s.grade_id, g.title AS grade_title, s.city,
      p.created_at::text AS cursor_at
    FROM payments p
    JOIN students s ON s.id = p.student_id
    JOIN payment_packages pk ON pk.id = p.package_id
    LEFT JOIN promo_codes pc ON pc.id = p.promo_code_id
    LEFT JOIN grades g ON g.id = s.grade_id
    WHERE ${paymentWhere(f)} ${keyset}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${page.limit} ${offset}
  `.execute(db);
  return rows;
}

export interface PaymentTotals {
  count: number;
  paidCount: number;
  paidPaisa: number;
}

export async function paymentTotals(db: Executor, f: PaymentFilter): Promise<PaymentTotals> {
  const { rows } = await sql<PaymentTotals>`
    SELECT count(*)::int AS count,
      (count(*) FILTER (WHERE p.status = 'PAID'))::int AS paid_count,
      coalesce(sum(p.amount_paisa) FILTER (WHERE p.status = 'PAID'), 0)::bigint AS paid_paisa
    FROM payments p
    JOIN students s ON s.id = p.student_id
    WHERE ${paymentWhere(f)}
  `.execute(db);
  return rows[0] ?? { count: 0, paidCount: 0, paidPaisa: 0 };
}

export interface DayRow {
  day: string;
  gateway: string;
  paidCount: number;
  paidPaisa: number;
}

/** Paid payments of the filtered set per Pakistan day (of the checkout) and gateway. */
export async function paidByDay(db: Executor, f: PaymentFilter): Promise<DayRow[]> {
  const { rows } = await sql<DayRow>`
    SELECT to_char(p.created_at AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS day, p.gateway,
      count(*)::int AS paid_count, sum(p.amount_paisa)::bigint AS paid_paisa
    FROM payments p
    JOIN students s ON s.id = p.student_id
    WHERE ${paymentWhere(f)} AND p.status = 'PAID'
    GROUP BY to_char(p.created_at AT TIME ZONE ${ZONE}, 'YYYY-MM-DD'), p.gateway
    ORDER BY 1, 2
  `.execute(db);
  return rows;
}

export async function packageOptions(db: Executor) {
  return db
    .selectFrom('paymentPackages')
    .select(['id', 'name'])
    .orderBy('position')
    .orderBy('name')
    .execute();
}

export async function gradeOptions(db: Executor) {
  return db.selectFrom('grades').select(['id', 'title']).orderBy('sortOrder').orderBy('title').execute();
}

/** Cities of students who started a payment, one spelling per city whatever its case (C collation: the same order on every server). */
export async function paymentCities(db: Executor, max: number): Promise<string[]> {
  const { rows } = await sql<{ city: string }>`
    SELECT min(btrim(s.city) COLLATE "C") AS city
    FROM students s
    WHERE btrim(coalesce(s.city, '')) <> '' AND EXISTS (SELECT FROM payments p WHERE p.student_id = s.id)
    GROUP BY lower(btrim(s.city))
    ORDER BY lower(btrim(s.city)) COLLATE "C"
    LIMIT ${max}
  `.execute(db);
  return rows.map((r) => r.city);
}
