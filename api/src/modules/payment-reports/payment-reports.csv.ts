import { PAYMENT_REPORT_TIME_ZONE, type PaymentReportRow } from '../../contracts/payment-reports.js';
import { csvCell } from '../question-report/question-report.csv.js';

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

const pkt = new Intl.DateTimeFormat('en-CA', {
  timeZone: PAYMENT_REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 2026-03-11 01:30:00, Pakistan time. */
export function pakistanTime(iso: string): string {
  const part = Object.fromEntries(pkt.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

const amount = (rupees: number) => rupees.toFixed(2);

function line(row: PaymentReportRow): string {
  return [
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
  ]
    .map(csvCell)
    .join(',');
}

/**
 * The report as CSV text, one chunk per batch of rows: a BOM so spreadsheets read it as UTF-8, a
 * header row, CRLF line ends, and formula-looking text (= + - @) neutralised with a leading '.
 */
export async function* paymentCsv(batches: AsyncIterable<PaymentReportRow[]>): AsyncGenerator<string> {
  yield `\uFEFF${HEADER.join(',')}\r\n`;
  for await (const rows of batches) {
    yield rows.map((row) => `${line(row)}\r\n`).join('');
  }
}

/** payments-2026-11-22.csv, the day in Pakistan time. */
export function paymentCsvFilename(now = new Date()): string {
  const day = pakistanTime(now.toISOString()).slice(0, 10);
  return `payments-${/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : 'export'}.csv`;
}
