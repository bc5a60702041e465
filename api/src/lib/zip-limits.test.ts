import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { oneEntryZip as zipOf } from '../../../test/zip-fixtures.js';
import { checkZipLimits, scanZip } from './zip-limits.js';

const LIMITS = { maxUncompressedBytes: 1024 * 1024, maxEntries: 50 };

describe('checkZipLimits', () => {
  it('accepts a real workbook and reports what it expands to', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Questions').addRow(['question', 'option1']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const check = checkZipLimits(bytes, LIMITS);
    expect(check.ok).toBe(true);
    expect(check.ok && check.entries).toBeGreaterThan(3);
  });

  it('refuses a small archive that inflates past the limit (a zip bomb)', () => {
    const bomb = zipOf(Buffer.alloc(5 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(20 * 1024);
    expect(checkZipLimits(bomb, LIMITS)).toEqual({
      ok: false,
      reason: 'expands to more than the allowed size',
    });
  });

  it('refuses zip64 markers, too many entries, and bytes that are not a zip', () => {
    expect(checkZipLimits(zipOf(Buffer.from('a'), 0xffffffff), LIMITS)).toEqual({
      ok: false,
      reason: 'zip64 archives are not accepted',
    });
    expect(checkZipLimits(zipOf(Buffer.from('a')), { ...LIMITS, maxEntries: 0 }).ok).toBe(false);
    expect(checkZipLimits(Buffer.from('question,option1\n1,2\n'), LIMITS)).toEqual({
      ok: false,
      reason: 'not a zip archive',
    });
  });
});

const sheetXml = (rows: number) =>
  Buffer.from(
    `<worksheet><sheetData>${Array.from({ length: rows }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('')}<rowBreaks count="0"/></sheetData></worksheet>`,
  );

describe('scanZip', () => {
  it('inflates a real workbook and counts its sheet rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    for (let i = 0; i < 120; i += 1) {
      sheet.addRow([`Student ${i}`, `s${i}@school.pk`]);
    }
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const scan = await scanZip(bytes, { ...LIMITS, maxSheetRows: 500 });
    expect(scan).toMatchObject({ ok: true, sheetRows: 120 });
    expect(scan.ok && scan.inflatedBytes).toBeGreaterThan(bytes.length);
  });

  it('measures what entries really inflate to when the central directory lies about their sizes', async () => {
    const liar = zipOf(Buffer.alloc(5 * 1024 * 1024), 1000);
    expect(checkZipLimits(liar, LIMITS).ok).toBe(true);
    expect(await scanZip(liar, LIMITS)).toEqual({
      ok: false,
      reason: 'expands to more than the allowed size',
    });
    // The same bytes within the limit pass: it is the real size that counts.
    expect(await scanZip(zipOf(Buffer.alloc(512 * 1024), 1000), LIMITS)).toMatchObject({
      ok: true,
      inflatedBytes: 512 * 1024,
    });
  });

  it('counts worksheet rows while inflating, a tag split across chunks included, and stops past the cap', async () => {
    const rows = 20_000;
    const sheet = zipOf(sheetXml(rows), undefined, { entry: 'xl/worksheets/sheet1.xml' });
    expect(
      await scanZip(sheet, { ...LIMITS, maxUncompressedBytes: 10 * 1024 * 1024, maxSheetRows: rows }),
    ).toMatchObject({
      ok: true,
      sheetRows: rows,
    });
    expect(
      await scanZip(sheet, { ...LIMITS, maxUncompressedBytes: 10 * 1024 * 1024, maxSheetRows: rows - 1 }),
    ).toEqual({ ok: false, reason: 'too many rows' });
    // Rows of a file that is not a worksheet are not counted.
    const other = zipOf(sheetXml(rows), undefined, { entry: 'xl/sharedStrings.xml' });
    expect(
      await scanZip(other, { ...LIMITS, maxUncompressedBytes: 10 * 1024 * 1024, maxSheetRows: 1 }),
    ).toMatchObject({
      ok: true,
      sheetRows: 0,
    });
  });

  it('refuses data that does not inflate and compression a spreadsheet never uses', async () => {
    const content = Buffer.from('<worksheet/>'.repeat(1000));
    const truncated = deflateRawSync(content).subarray(0, 20);
    expect(await scanZip(zipOf(content, undefined, { data: truncated }), LIMITS)).toEqual({
      ok: false,
      reason: 'broken zip',
    });
    expect(await scanZip(zipOf(content, undefined, { method: 12 }), LIMITS)).toEqual({
      ok: false,
      reason: 'unsupported compression',
    });
    expect(await scanZip(Buffer.from('name,email\n'), LIMITS)).toEqual({
      ok: false,
      reason: 'not a zip archive',
    });
  });
});
