import Papa from 'papaparse';
import { isDay, pakistanDay } from './time.js';

export type CsvCell = string | number | null;

/** Tells spreadsheets the file is UTF-8 (Urdu names stay readable). */
const BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a
 * leading apostrophe; numbers are written as numbers, so a negative D stays a number.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) {
    return '';
  }
  if (typeof value === 'number') {
    return String(value);
  }
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const PAKISTANI_MOBILE = /^(03\d{2})(\d{7})$/;

/**
 * A phone number as spreadsheets keep it: Excel and LibreOffice read a cell of digits as a number
 * and drop its leading 0 (03001234567 → 3001234567); written the Pakistani way, 0300-1234567, it is
 * text to both, still readable, and any phone field reads it back. Other values are left as stored.
 */
export function phoneCell(phone: string | null): string | null {
  const match = phone === null ? null : PAKISTANI_MOBILE.exec(phone);
  return match ? `${match[1]}-${match[2]}` : phone;
}

/** One CRLF-terminated line of cells. */
export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The start of a streamed CSV: the BOM and the header row. */
export const csvHead = (header: readonly string[]) => `${BOM}${csvLine(header)}`;

/** A whole CSV file: BOM, header row, CRLF line ends. */
export const csvFile = (header: readonly string[], rows: readonly (readonly CsvCell[])[]) =>
  csvHead(header) + rows.map(csvLine).join('');

/** `${name}-2026-11-22.csv`, the day in Pakistan time. */
export function datedCsvName(name: string, now = new Date()): string {
  const day = pakistanDay(now);
  return `${name}-${isDay(day) ? day : 'export'}.csv`;
}

/** A template's example file as Papa writes it: our own example rows, so no formula guard. */
export const exampleCsv = (fields: readonly string[], data: readonly (readonly string[])[]) =>
  Buffer.from(
    `${BOM}${Papa.unparse({ fields: [...fields], data: data.map((row) => [...row]) })}\r\n`,
    'utf8',
  );
