import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkZipLimits } from './zip-limits.js';

const LIMITS = { maxUncompressedBytes: 1024 * 1024, maxEntries: 50 };

/** A minimal one-file zip whose central directory declares `declared` uncompressed bytes. */
function zipOf(content: Buffer, declared = content.length): Buffer {
  const name = Buffer.from('x.xml');
  const data = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, data]);
  const centralPart = Buffer.concat([central, name]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(centralPart.length, 12);
  eocd.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, eocd]);
}

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
