import { QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_MAX_ROWS } from '../../contracts/question-import.js';
import { badRequest } from '../../lib/errors.js';
import { type FileFormat, readHeaderMappedSheet } from '../../lib/sheet-reader.js';

export { type FileFormat, sniffFormat } from '../../lib/sheet-reader.js';

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

export interface SheetRow {
  /** As the spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  cells: Record<Column, string>;
}

const tooManyRows = () =>
  badRequest(`The file has more than ${MAX_IMPORT_ROWS} questions: split it into smaller files`);

/** Header-mapped, non-blank rows of the first sheet; 400 for anything that is not a question sheet. */
export async function readSheet(bytes: Buffer): Promise<{ format: FileFormat; rows: SheetRow[] }> {
  const { format, rows } = await readHeaderMappedSheet(bytes, {
    columns: COLUMNS,
    required: REQUIRED_COLUMNS,
    maxRows: MAX_IMPORT_ROWS,
    tooManyRows,
    noRowsMessage: 'The file has a header but no question rows',
    trimCells: false,
    xlsx: {
      // A 1000-row sheet is a few MB of XML; anything far larger is refused before it is inflated.
      limits: { maxUncompressedBytes: 40 * 1024 * 1024, maxEntries: 500 },
      tooLargeMessage:
        'The spreadsheet is too large once opened: keep it to the questions sheet, at most 1000 rows',
      maxColumns: 100,
      // Blank rows are skipped later; this only stops a sheet far too long to read.
      isTooLong: (sheet) => sheet.rowCount > MAX_IMPORT_ROWS * 10,
    },
  });
  return { format, rows: rows.map(({ row, cells }) => ({ rowNumber: row, cells })) };
}
