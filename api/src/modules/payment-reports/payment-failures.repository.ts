import { type RawBuilder, sql } from 'kysely';
import { PROBLEM_OUTCOMES } from '../../contracts/payment-reports.js';
import type { Executor } from '../../lib/db.js';
import { dayRange } from './payment-reports.repository.js';
import type { FailureQuery } from './payment-reports.schemas.js';

const PROBLEMS = sql.join(PROBLEM_OUTCOMES.map((o) => sql.lit(o)));

export interface FailureRow {
  kind: 'payment' | 'orphan';
  id: string;
  orderRef: string | null;
  studentId: string | null;
  studentNo: number | null;
  fullName: string | null;
  gateway: string;
  amountPaisa: number | null;
  status: string | null;
  outcome: string;
  message: string | null;
  at: Date;
}

/**
 * Payments that failed, expired or had a rejected or suspicious message, each with its latest
 * problem (or its own status and message when no problem was logged), and problem logs that
 * name no payment. The date range, outcome and gateway apply to what is shown.
 */
function failures(f: Omit<FailureQuery, 'page' | 'limit'>): RawBuilder<unknown> {
  const where = [sql`true`, ...dayRange(sql`r.at`, f)];
  if (f.outcome) {
    where.push(sql`r.outcome = ${f.outcome}`);
  }
  if (f.gateway) {
    where.push(sql`r.gateway = ${f.gateway}`);
  }
  return sql`
    WITH latest_problem AS (
      SELECT DISTINCT ON (l.payment_id) l.payment_id, l.outcome, l.response_message, l.at
      FROM payment_logs l
      WHERE l.payment_id IS NOT NULL AND l.outcome IN (${PROBLEMS})
      ORDER BY l.payment_id, l.at DESC, l.id DESC
    ),
    r AS (
      SELECT 'payment' AS kind, p.id::text AS id, p.order_ref, s.id AS student_id, s.student_no,
        s.full_name, p.gateway, p.amount_paisa, p.status,
        coalesce(lp.outcome, p.status) AS outcome,
        coalesce(lp.response_message, p.response_message) AS message,
        coalesce(lp.at, p.updated_at) AS at
      FROM payments p
      JOIN students s ON s.id = p.student_id
      LEFT JOIN latest_problem lp ON lp.payment_id = p.id
      WHERE p.status IN ('FAILED', 'EXPIRED') OR lp.payment_id IS NOT NULL
      UNION ALL
      SELECT 'orphan', l.id::text, l.order_ref, NULL, NULL, NULL, l.gateway, l.received_amount_paisa,
        NULL, l.outcome, l.response_message, l.at
      FROM payment_logs l
      WHERE l.payment_id IS NULL AND l.outcome IN (${PROBLEMS})
    )
    SELECT * FROM r WHERE ${sql.join(where, sql` AND `)}
  `;
}

export async function findFailures(
  db: Executor,
  f: Omit<FailureQuery, 'page' | 'limit'>,
  page: { limit: number; offset: number },
): Promise<FailureRow[]> {
  const { rows } = await sql<FailureRow>`
    SELECT * FROM (${failures(f)}) f
    ORDER BY f.at DESC, f.kind, f.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}
  `.execute(db);
  return rows;
}

export async function countFailures(db: Executor, f: Omit<FailureQuery, 'page' | 'limit'>): Promise<number> {
  const { rows } = await sql<{
    total: number;
  }>`SELECT count(*)::int AS total FROM (${failures(f)}) f`.execute(db);
  return rows[0]?.total ?? 0;
}

export interface TrailPaymentRow {
  id: string;
  orderRef: string;
  status: string;
  gateway: string;
  gatewayRef: string | null;
  amountPaisa: number;
  currency: string;
  createdAt: Date;
  paidAt: Date | null;
  packageId: string;
  packageName: string;
  studentId: string;
  studentNo: number;
  fullName: string;
}

export async function findTrailPayment(
  db: Executor,
  paymentId: string,
): Promise<TrailPaymentRow | undefined> {
  const { rows } = await sql<TrailPaymentRow>`
    SELECT p.id, p.order_ref, p.status, p.gateway, p.gateway_ref, p.amount_paisa, p.currency,
      p.created_at, p.paid_at, p.package_id, pk.name AS package_name,
      s.id AS student_id, s.student_no, s.full_name
    FROM payments p
    JOIN students s ON s.id = p.student_id
    JOIN payment_packages pk ON pk.id = p.package_id
    WHERE p.id = ${paymentId}
  `.execute(db);
  return rows[0];
}

/** The columns an admin may see of a log entry; nothing else is ever read. */
const LOG_COLUMNS = [
  'id',
  'paymentId',
  'at',
  'kind',
  'outcome',
  'orderRef',
  'gateway',
  'gatewayRef',
  'responseCode',
  'responseMessage',
  'expectedAmountPaisa',
  'receivedAmountPaisa',
  'expectedCurrency',
  'receivedCurrency',
  'signatureValid',
  'attemptNo',
  'sourceIp',
  'payloadSha256',
] as const;

export async function findLogsOfPayment(db: Executor, paymentId: string) {
  return db
    .selectFrom('paymentLogs')
    .select(LOG_COLUMNS)
    .where('paymentId', '=', paymentId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export async function findLog(db: Executor, logId: number) {
  return db.selectFrom('paymentLogs').select(LOG_COLUMNS).where('id', '=', logId).executeTakeFirst();
}
export type LogRow = NonNullable<Awaited<ReturnType<typeof findLog>>>;
