import { describe, expect, it } from 'vitest';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_EXAMPLE_EMAIL,
  type BulkUploadColumn,
} from '../../contracts/bulk-upload.js';
import { checkRow, markDuplicates, markRegistered } from './bulk-upload.rows.js';

const GRADES = new Map([['grade 3', 'grade-3-id']]);
const cells = (overrides: Partial<Record<BulkUploadColumn, string>> = {}) => ({
  ...(Object.fromEntries(BULK_UPLOAD_COLUMNS.map((c) => [c, ''])) as Record<BulkUploadColumn, string>),
  fullName: 'Ayesha  Khan',
  email: ' Ayesha@School.PK ',
  grade: 'grade 3',
  ...overrides,
});

describe('checkRow', () => {
  it('normalises what a school types: e-mail case, phone spellings, city and gender names, grade title', () => {
    const row = checkRow(
      {
        row: 2,
        cells: cells({ phone: '+92 300 1234567', city: 'lahore', gender: 'f', referralSource: 'school' }),
      },
      GRADES,
    );
    expect(row.errors).toEqual({});
    expect(row.status).toBe('valid');
    expect(row.student).toMatchObject({
      fullName: 'Ayesha Khan',
      email: 'ayesha@school.pk',
      phone: '03001234567',
      city: 'Lahore',
      gender: 'FEMALE',
      gradeId: 'grade-3-id',
      referralSource: 'School',
    });
  });

  it("refuses the template's example row, however its e-mail is typed", () => {
    const row = checkRow(
      { row: 2, cells: cells({ email: ` ${BULK_UPLOAD_EXAMPLE_EMAIL.toUpperCase()}` }) },
      GRADES,
    );
    expect(row.status).toBe('invalid');
    expect(row.errors.email).toMatch(/example row/);
  });

  it('names every bad cell by its column', () => {
    const row = checkRow(
      {
        row: 3,
        cells: cells({
          fullName: '',
          email: 'nope',
          phone: '0300-12',
          grade: 'Grade 12',
          city: 'Atlantis',
          gender: 'x',
          referralSource: 'Radio',
        }),
      },
      GRADES,
    );
    expect(row.status).toBe('invalid');
    expect(Object.keys(row.errors).sort()).toEqual([
      'city',
      'email',
      'fullName',
      'gender',
      'grade',
      'phone',
      'referralSource',
    ]);
  });

  it('refuses names with direction controls or invisible characters, and keeps an Urdu joiner', () => {
    const row = checkRow(
      {
        row: 4,
        cells: cells({
          fullName: '\u202e1# :knaR',
          fatherName: 'Ali\u200bRaza',
          schoolName: '\u2067City\u2069 School',
        }),
      },
      GRADES,
    );
    expect(row.status).toBe('invalid');
    const hidden = 'must not contain invisible characters or text-direction controls';
    expect(row.errors).toEqual({ fullName: hidden, fatherName: hidden, schoolName: hidden });

    const urdu = checkRow({ row: 5, cells: cells({ fullName: 'ثناء\u200cاللہ  خان' }) }, GRADES);
    expect(urdu.errors).toEqual({});
    expect(urdu.student.fullName).toBe('ثناء\u200cاللہ خان');
  });

  it('leaves optional columns empty and defaults the referral source to School', () => {
    const row = checkRow({ row: 2, cells: cells() }, GRADES);
    expect(row.student).toMatchObject({ phone: null, city: null, gender: null, referralSource: 'School' });
  });
});

describe('duplicates and registered e-mails', () => {
  it('keeps the first row of an e-mail, flags later ones, and marks registered ones without an error', () => {
    const rows = [2, 3, 4].map((n) =>
      checkRow({ row: n, cells: cells(n === 4 ? { email: 'old@school.pk' } : {}) }, GRADES),
    );
    markDuplicates(rows);
    markRegistered(rows, new Set(['old@school.pk']));
    expect(rows.map((r) => r.status)).toEqual(['valid', 'invalid', 'alreadyRegistered']);
    expect(rows[1]!.errors.email).toBe('same e-mail as row 2');
    expect(rows[2]!.errors).toEqual({});
  });
});
