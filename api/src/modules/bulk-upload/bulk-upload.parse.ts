import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_ROWS,
  type BulkUploadColumn,
} from '../../contracts/bulk-upload.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { checkZipLimits } from '../../lib/zip-limits.js';
import { sniffFormat } from '../question-import/question-import.parse.js';

export interface SheetRow {
  /** As the spreadsheet shows it: the header is row 1. */
  row: number;
  cells: Record<BulkUploadColumn, string>;
}

const REQUIRED_COLUMNS: readonly BulkUploadColumn[] = ['fullName', 'email', 'grade'];
const NOT_A_SPREADSHEET = 'The file is not a CSV or XLSX spreadsheet: download the template and fill it in';
/** 20,000 rows of ten short cells inflate to a few tens of MB of XML; a bomb is refused before that. */
const XLSX_LIMITS = { maxUncompressedBytes: 80 * 1024 * 1024, maxEntries: 500 };

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_KEY = new Map<string, BulkUploadColumn>(BULK_UPLOAD_COLUMNS.map((c) => [headerKey(c), c]));
COLUMN_BY_KEY.set('name', 'fullName');
COLUMN_BY_KEY.set('studentname', 'fullName');
COLUMN_BY_KEY.set('shortdescription', 'batchId');

const tooManyRows = () =>
  badRequest(
    `The file has more than ${BULK_UPLOAD_MAX_ROWS.toLocaleString('en-US')} students: split it into smaller files`,
  );

function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The CSV file is not UTF-8 text: save it as "CSV UTF-8" and upload it again');
  }
  // Header plus one row past the limit is enough to know the file is too long.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimiter: '',
    preview: BULK_UPLOAD_MAX_ROWS + 2,
  });
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

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const zip = checkZipLimits(bytes, XLSX_LIMITS);
  if (!zip.ok) {
    throw badRequest(
      zip.reason === 'expands to more than the allowed size'
        ? 'The spreadsheet is too large once opened: keep one sheet of at most 20,000 students'
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
  if (sheet.actualRowCount > BULK_UPLOAD_MAX_ROWS + 1) {
    throw tooManyRows();
  }
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 40); c += 1) {
      cells.push(cellText(row.getCell(c)));
    }
    rows.push(cells);
  }
  return rows;
}

/** Header-mapped, non-blank rows of a CSV (UTF-8) or the first sheet of an XLSX; 400 for anything else. */
export async function readStudentSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length === 0) {
    throw badRequest('The file is empty');
  }
  const table = sniffFormat(bytes) === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
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
    if (rows.length === BULK_UPLOAD_MAX_ROWS) {
      throw tooManyRows();
    }
    const cells = Object.fromEntries(BULK_UPLOAD_COLUMNS.map((c) => [c, ''])) as Record<
      BulkUploadColumn,
      string
    >;
    header.forEach((column, index) => {
      if (column && cells[column] === '') {
        cells[column] = (raw[index] ?? '').trim();
      }
    });
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) {
    throw badRequest('The file has a header but no student rows');
  }
  return rows;
}
