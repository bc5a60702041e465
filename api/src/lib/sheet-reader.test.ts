import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { readHeaderMappedSheet, type SheetReaderOptions } from './sheet-reader.js';

const OPTIONS: SheetReaderOptions<'name' | 'email' | 'city'> = {
  columns: ['name', 'email', 'city'],
  aliases: { studentname: 'name' },
  required: ['name', 'email'],
  maxRows: 2,
  tooManyRows: () => new HttpError(400, 'more than 2 rows'),
  noRowsMessage: 'no rows',
  trimCells: true,
  xlsx: {
    limits: { maxUncompressedBytes: 1024 * 1024, maxEntries: 50 },
    tooLargeMessage: 'too large',
    maxColumns: 10,
    isTooLong: () => false,
  },
};

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('readHeaderMappedSheet', () => {
  it('maps headers by alias, ignoring case, spaces and punctuation', async () => {
    const sheet = await readHeaderMappedSheet(csv('Student Name,E-mail\nAsha, asha@example.com \n'), OPTIONS);
    expect(sheet).toEqual({
      format: 'csv',
      rows: [{ row: 2, cells: { name: 'Asha', email: 'asha@example.com', city: '' } }],
    });
  });

  it('skips blank rows and keeps the row numbers the spreadsheet shows', async () => {
    const { rows } = await readHeaderMappedSheet(
      csv('name,email\n\n , \nAsha,a@x.io\n,\nBo,b@x.io\n'),
      OPTIONS,
    );
    expect(rows.map((r) => [r.row, r.cells.name])).toEqual([
      [4, 'Asha'],
      [6, 'Bo'],
    ]);
  });

  it('counts only filled rows towards the cap: blank lines never push a student out', async () => {
    const { rows } = await readHeaderMappedSheet(csv('name,email\n\n\n\nA,a@x.io\n\n\nB,b@x.io\n'), OPTIONS);
    expect(rows.map((r) => [r.row, r.cells.name])).toEqual([
      [5, 'A'],
      [8, 'B'],
    ]);
  });

  it('refuses a file with more rows than the cap', async () => {
    const bytes = csv('name,email\nA,a@x.io\nB,b@x.io\nC,c@x.io\n');
    await expect(readHeaderMappedSheet(bytes, OPTIONS)).rejects.toThrow('more than 2 rows');
  });

  it('answers a non-UTF-8 CSV with a 400 that says how to save it', async () => {
    const latin1 = Buffer.from('name,email\nJosé,j@x.io\n', 'latin1');
    await expect(readHeaderMappedSheet(latin1, OPTIONS)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The CSV file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
    });
  });
});
