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
