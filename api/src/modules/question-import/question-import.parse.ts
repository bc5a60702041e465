import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_MAX_ROWS } from '../../contracts/question-import.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { checkZipLimits } from '../../lib/zip-limits.js';
import { nameKey } from './question-import.cells.js';

export const MAX_IMPORT_BYTES = QUESTION_IMPORT_MAX_BYTES;
export const MAX_IMPORT_ROWS = QUESTION_IMPORT_MAX_ROWS;

/** Template columns, in order. */
export const COLUMNS = [
  'question',
  'option1',
  'option2',
  'option3',
  'option4',
  'correct',
  'selectMultiple',
  'type',
  'acceptedAnswers',
  'answerHintText',
  'answerHintVideo',
  'commentsForInternalPurpose',
  'grade',
  'category',
  'subCategory',
  'phases',
  'tags',
  'status',
] as const;
export type Column = (typeof COLUMNS)[number];

/** Without these a file cannot describe any question; the others may be left out. */
export const REQUIRED_COLUMNS: readonly Column[] = [
  'question',
  'type',
  'answerHintText',
  'grade',
  'category',
  'subCategory',
  'phases',
  'tags',
];

/** Header cells match ignoring case, spaces and punctuation: "Answer hint text" is answerHintText. */
const headerKey = (header: string) => nameKey(header).replace(/[^a-z0-9]/g, '');
const COLUMN_BY_KEY = new Map<string, Column>(COLUMNS.map((c) => [headerKey(c), c]));

export interface SheetRow {
  /** As the spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  cells: Record<Column, string>;
}

export type FileFormat = 'csv' | 'xlsx';

const NOT_A_SPREADSHEET = 'The file is not a CSV or XLSX spreadsheet: download the template and fill it in';

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

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('The CSV file is not UTF-8 text: save it as "CSV UTF-8" and upload it again');
  }
}

function readCsv(bytes: Buffer): string[][] {
  const text = decodeUtf8(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: '' });
  const fatal = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (fatal) {
    throw badRequest(`The CSV file has an unclosed quote near row ${(fatal.row ?? 0) + 1}`);
  }
  return parsed.data;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
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

/** A 1000-row sheet is a few MB of XML; anything far larger is refused before it is inflated. */
const XLSX_LIMITS = { maxUncompressedBytes: 40 * 1024 * 1024, maxEntries: 500 };

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const zip = checkZipLimits(bytes, XLSX_LIMITS);
  if (!zip.ok) {
    throw badRequest(
      zip.reason === 'expands to more than the allowed size'
        ? 'The spreadsheet is too large once opened: keep it to the questions sheet, at most 1000 rows'
        : NOT_A_SPREADSHEET,
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
  // Blank rows are skipped below; this only stops a sheet far too long to read.
  if (sheet.rowCount > MAX_IMPORT_ROWS * 10) {
    throw tooManyRows();
  }
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 100); c += 1) {
      cells.push(cellText(row.getCell(c)));
    }
    rows.push(cells);
  }
  return rows;
}

const tooManyRows = () =>
  badRequest(`The file has more than ${MAX_IMPORT_ROWS} questions: split it into smaller files`);

/** Header-mapped, non-blank rows of the first sheet; 400 for anything that is not a question sheet. */
export async function readSheet(bytes: Buffer): Promise<{ format: FileFormat; rows: SheetRow[] }> {
  if (bytes.length === 0) {
    throw badRequest('The file is empty');
  }
  const format = sniffFormat(bytes);
  const table = format === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  const headerIndex = table.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (headerIndex === -1) {
    throw badRequest('The file is empty');
  }
  const header = table[headerIndex]!.map((h) => COLUMN_BY_KEY.get(headerKey(h)));
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new HttpError(
      400,
      `Missing required column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}`,
      {
        errors: Object.fromEntries(missing.map((c) => [c, 'column is missing'])),
      },
    );
  }
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i += 1) {
    const raw = table[i]!;
    if (raw.every((c) => c.trim() === '')) {
      continue;
    }
    if (rows.length === MAX_IMPORT_ROWS) {
      throw tooManyRows();
    }
    const cells = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Record<Column, string>;
    header.forEach((column, index) => {
      if (column && cells[column] === '') {
        cells[column] = raw[index] ?? '';
      }
    });
    rows.push({ rowNumber: i + 1, cells });
  }
  if (rows.length === 0) {
    throw badRequest('The file has a header but no question rows');
  }
  return { format, rows };
}
