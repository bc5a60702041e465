import type { PaymentReportRow } from '../../contracts/payment-reports.js';
import { csvHead, csvLine, datedCsvName } from '../../lib/csv.js';
import { pakistanTime } from '../../lib/time.js';

const HEADER = [
  'Order ref',
  'Created (PKT)',
  'Paid (PKT)',
  'Status',
  'Gateway',
  'Gateway ref',
  'Package',
  'Attempts',
  'List price (PKR)',
  'Discount (PKR)',
  'Amount (PKR)',
  'Promo code',
  'Student No',
  'Student name',
  'Grade',
  'City',
];

const amount = (rupees: number) => rupees.toFixed(2);

function line(row: PaymentReportRow): string {
  return csvLine([
    row.orderRef,
    pakistanTime(row.createdAt),
    row.paidAt === null ? null : pakistanTime(row.paidAt),
    row.status,
    row.gateway,
    row.gatewayRef,
    row.package.name,
    row.attempts,
    amount(row.listPrice),
    amount(row.discount),
    amount(row.amount),
    row.promoCode,
    row.student.studentNo,
    row.student.fullName,
    row.student.grade?.title ?? null,
    row.student.city,
  ]);
}

/**
 * The report as CSV text, one chunk per batch of rows: a BOM so spreadsheets read it as UTF-8, a
 * header row, CRLF line ends, and formula-looking text (= + - @) neutralised with a leading '.
 */
export async function* paymentCsv(batches: AsyncIterable<PaymentReportRow[]>): AsyncGenerator<string> {
  yield csvHead(HEADER);
  for await (const rows of batches) {
    yield rows.map(line).join('');
  }
}

/** payments-2026-11-22.csv, the day in Pakistan time. */
export const paymentCsvFilename = (now = new Date()) => datedCsvName('payments', now);
