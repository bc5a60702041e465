import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest, HttpError } from './errors.js';
import { checkZipLimits, scanZip, type ZipLimits } from './zip-limits.js';

export type FileFormat = 'csv' | 'xlsx';

export interface HeaderMappedRow<C extends string> {
  /** As the spreadsheet shows it: the header is row 1. */
  row: number;
  cells: Record<C, string>;
}

/** What one kind of upload expects of its sheet, and the words its 400s use. */
export interface SheetReaderOptions<C extends string> {
  /** Template columns, in order; every row gets each of them, '' when the file lacks it. */
  columns: readonly C[];
  /** Other header spellings, keyed by headerKey(): `{ studentname: 'fullName' }`. */
  aliases?: Readonly<Record<string, C>>;
  required: readonly C[];
  maxRows: number;
  tooManyRows: () => Error;
  /** For a file with a header and nothing under it. */
  noRowsMessage: string;
  trimCells: boolean;
  xlsx: {
    limits: ZipLimits;
    /** For a zip that would expand past `limits`. */
    tooLargeMessage: string;
    maxColumns: number;
    /** Refuses a sheet before its rows are read. */
    isTooLong: (sheet: { rowCount: number; actualRowCount: number }) => boolean;
    /** Refuses (tooManyRows) a workbook whose sheets hold more rows than this, before it is parsed. */
    maxSheetRows?: number;
  };
}

export const NOT_A_SPREADSHEET =
  'The file is not a CSV or XLSX spreadsheet: download the template and fill it in';

/** Header cells match ignoring case, spaces and punctuation: "Answer hint text" is answerHintText. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The format from the content, never from the name or the declared type. */
export function sniffFormat(bytes: Buffer): FileFormat {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) {
    return 'xlsx';
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0xd0cf11e0) {
    throw badRequest('Old .xls files are not supported: save the sheet as .xlsx or CSV (UTF-8)');
  }
  if (bytes.includes(0)) {
    throw badRequest(NOT_A_SPREADSHEET);
  }
  return 'csv';
}

/** Blank lines are kept (and skipped later), so row numbers match the file's own lines. */
function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The CSV file is not UTF-8 text: save it as "CSV UTF-8" and upload it again');
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimiter: '' });
  const fatal = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (fatal) {
    throw badRequest(`The CSV file has an unclosed quote near row ${(fatal.row ?? 0) + 1}`);
  }
  return parsed.data;
}

export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) {
    return value.toISOString().slice(0, 10);
  }
  if ('richText' in value) {
    return value.richText.map((run) => run.text).join('');
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    return result === undefined || result === null || typeof result === 'object' ? '' : String(result);
  }
  if ('text' in value && typeof value.text === 'string') {
    return value.text;
  }
  return cell.text ?? '';
}

async function readXlsx<C extends string>(
  bytes: Buffer,
  options: SheetReaderOptions<C>,
): Promise<string[][]> {
  const { limits, tooLargeMessage, maxColumns, isTooLong, maxSheetRows } = options.xlsx;
  const declared = checkZipLimits(bytes, limits);
  if (!declared.ok) {
    throw badRequest(
      declared.reason === 'expands to more than the allowed size' ? tooLargeMessage : NOT_A_SPREADSHEET,
    );
  }
  // The sizes a zip declares can lie: what its entries really inflate to is measured before ExcelJS
  // inflates them all into memory.
  const inflated = await scanZip(bytes, { ...limits, maxSheetRows });
  if (!inflated.ok) {
    if (inflated.reason === 'too many rows') {
      throw options.tooManyRows();
    }
    throw badRequest(
      inflated.reason === 'expands to more than the allowed size' ? tooLargeMessage : NOT_A_SPREADSHEET,
    );
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(NOT_A_SPREADSHEET);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    throw badRequest('The spreadsheet has no sheets');
  }
  if (isTooLong(sheet)) {
    throw options.tooManyRows();
  }
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, maxColumns); c += 1) {
      cells.push(cellText(row.getCell(c)));
    }
    rows.push(cells);
  }
  return rows;
}

/** Header-mapped, non-blank rows of a CSV (UTF-8) or the first sheet of an XLSX; 400 for anything else. */
export async function readHeaderMappedSheet<C extends string>(
  bytes: Buffer,
  options: SheetReaderOptions<C>,
): Promise<{ format: FileFormat; rows: HeaderMappedRow<C>[] }> {
  if (bytes.length === 0) {
    throw badRequest('The file is empty');
  }
  const format = sniffFormat(bytes);
  const table = format === 'xlsx' ? await readXlsx(bytes, options) : readCsv(bytes);
  const headerIndex = table.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (headerIndex === -1) {
    throw badRequest('The file is empty');
  }
  const columnByKey = new Map<string, C>([
    ...options.columns.map((c): [string, C] => [headerKey(c), c]),
    ...Object.entries(options.aliases ?? {}),
  ]);
  const header = table[headerIndex]!.map((h) => columnByKey.get(headerKey(h)));
  const missing = options.required.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new HttpError(
      400,
      `Missing required column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}`,
      {
        errors: Object.fromEntries(missing.map((c) => [c, 'column is missing'])),
      },
    );
  }
  const rows: HeaderMappedRow<C>[] = [];
  for (let i = headerIndex + 1; i < table.length; i += 1) {
    const raw = table[i]!;
    if (raw.every((c) => c.trim() === '')) {
      continue;
    }
    if (rows.length === options.maxRows) {
      throw options.tooManyRows();
    }
    const cells = Object.fromEntries(options.columns.map((c) => [c, ''])) as Record<C, string>;
    header.forEach((column, index) => {
      if (column && cells[column] === '') {
        const cell = raw[index] ?? '';
        cells[column] = options.trimCells ? cell.trim() : cell;
      }
    });
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) {
    throw badRequest(options.noRowsMessage);
  }
  return { format, rows };
}
