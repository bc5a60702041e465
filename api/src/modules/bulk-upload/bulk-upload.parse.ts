import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_ROWS,
  type BulkUploadColumn,
} from '../../contracts/bulk-upload.js';
import { badRequest } from '../../lib/errors.js';
import { type HeaderMappedRow, readHeaderMappedSheet } from '../../lib/sheet-reader.js';

export type SheetRow = HeaderMappedRow<BulkUploadColumn>;

const tooManyRows = () =>
  badRequest(
    `The file has more than ${BULK_UPLOAD_MAX_ROWS.toLocaleString('en-US')} students: split it into smaller files`,
  );

/** Header-mapped, non-blank rows of a CSV (UTF-8) or the first sheet of an XLSX; 400 for anything else. */
export async function readStudentSheet(bytes: Buffer): Promise<SheetRow[]> {
  const { rows } = await readHeaderMappedSheet(bytes, {
    columns: BULK_UPLOAD_COLUMNS,
    aliases: { name: 'fullName', studentname: 'fullName', shortdescription: 'batchId' },
    required: ['fullName', 'email', 'grade'],
    maxRows: BULK_UPLOAD_MAX_ROWS,
    tooManyRows,
    noRowsMessage: 'The file has a header but no student rows',
    trimCells: true,
    xlsx: {
      // 20,000 rows of ten short cells inflate to a few tens of MB of XML; a bomb is refused before that.
      limits: { maxUncompressedBytes: 80 * 1024 * 1024, maxEntries: 500 },
      tooLargeMessage: 'The spreadsheet is too large once opened: keep one sheet of at most 20,000 students',
      maxColumns: 40,
      isTooLong: (sheet) => sheet.actualRowCount > BULK_UPLOAD_MAX_ROWS + 1,
      // Counted while inflating, so 200,000 rows are refused before ExcelJS builds them all in memory;
      // twice the cap leaves room for blank formatted rows, which the exact count above then skips.
      maxSheetRows: 2 * (BULK_UPLOAD_MAX_ROWS + 1),
    },
  });
  return rows;
}
