import { batchSlug } from '../../contracts/payment-codes.js';
import { csvFile, datedCsvName } from '../../lib/csv.js';
import { pakistanTime } from '../../lib/time.js';

export type CodeStatus = 'unused' | 'redeemed' | 'revoked';

export interface ExportRow {
  code: string;
  redeemedAt: Date | null;
  revokedAt: Date | null;
  studentNo: number | null;
}

const HEADER = ['Batch', 'Code', 'Status', 'Redeemed (PKT)', 'Student number'];

export function codeStatus(row: Pick<ExportRow, 'redeemedAt' | 'revokedAt'>): CodeStatus {
  if (row.redeemedAt !== null) {
    return 'redeemed';
  }
  return row.revokedAt !== null ? 'revoked' : 'unused';
}

/**
 * A batch's codes as CSV (BOM, CRLF): only the student's number for a redeemed code, never a name
 * or e-mail. Cells a spreadsheet would run as a formula are defused by csvCell.
 */
export function batchCsv(label: string, rows: readonly ExportRow[]): string {
  return csvFile(
    HEADER,
    rows.map((row) => [
      label,
      row.code,
      codeStatus(row),
      row.redeemedAt === null ? null : pakistanTime(row.redeemedAt),
      row.studentNo,
    ]),
  );
}

/** access-codes-school-a-2026-11-23.csv: an ASCII name from the label, the day in Pakistan time. */
export function batchCsvFilename(label: string, now = new Date()): string {
  return datedCsvName(`access-codes-${batchSlug(label)}`, now);
}
