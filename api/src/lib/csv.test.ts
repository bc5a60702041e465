import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, datedCsvName, phoneCell } from './csv.js';

describe('csvCell', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM')).toBe("'@SUM");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('quotes commas, quotes and line breaks and writes numbers as numbers', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(-0.25)).toBe('-0.25');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvFile', () => {
  it('writes a BOM, the header and CRLF-terminated rows', () => {
    expect(
      csvFile(
        ['a', 'b'],
        [
          ['x', 1],
          [null, '=y'],
        ],
      ),
    ).toBe("\uFEFFa,b\r\nx,1\r\n,'=y\r\n");
  });
});

describe('phoneCell', () => {
  it('writes a mobile number so spreadsheets keep it as text with its leading 0', () => {
    expect(phoneCell('03001234567')).toBe('0300-1234567');
    expect(csvCell(phoneCell('03001234567'))).toBe('0300-1234567');
  });

  it('leaves anything else as stored', () => {
    expect(phoneCell(null)).toBeNull();
    expect(phoneCell('042 1234567')).toBe('042 1234567');
  });
});

describe('datedCsvName', () => {
  it('names the day in Pakistan time, which starts five hours before UTC midnight', () => {
    expect(datedCsvName('payments', new Date('2026-11-21T19:30:00Z'))).toBe('payments-2026-11-22.csv');
    expect(datedCsvName('payments', new Date('2026-11-21T18:30:00Z'))).toBe('payments-2026-11-21.csv');
  });
});
