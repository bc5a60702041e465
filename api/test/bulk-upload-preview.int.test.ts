import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, makeGrade } from '../../test/helpers.js';
import { runBulkUpload } from '../src/modules/bulk-upload/bulk-upload.run.js';
import {
  confirm,
  countOf,
  csvOf,
  deps,
  HEADER,
  preview,
  signedIn,
  student,
  t,
  xlsxOf,
  zipBomb,
} from './bulk-upload.fixtures.js';

describe('the template', () => {
  it('downloads as CSV and XLSX with every column and an example row', async () => {
    const admin = await signedIn([['bulkUpload', 'read']]);
    await makeGrade(t.db, 3);
    const csv = await t.app.inject({
      url: '/api/admin/bulkUpload/template/?format=csv',
      headers: bearer(admin.token),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(HEADER.join(','));
    expect(lines[1]).toContain('Grade 3');

    const xlsx = await t.app.inject({
      url: '/api/admin/bulkUpload/template/?format=xlsx',
      headers: bearer(admin.token),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
  });
});

describe('previewing an upload', () => {
  it('marks bad rows, duplicates in the file and already registered e-mails, and creates nobody', async () => {
    const admin = await signedIn();
    const grade = await makeGrade(t.db, 3);
    await t.db
      .insertInto('students')
      .values({ fullName: 'Taken', email: 'taken@school.pk', passwordHash: 'x', gradeId: grade.id })
      .execute();
    const before = await countOf('students');

    const res = await preview(
      admin.token,
      csvOf([
        student(1),
        student(2, {
          email: 'not-an-email',
          phone: '12345',
          grade: 'Grade 12',
          city: 'Atlantis',
          gender: 'x',
        }),
        student(3, { email: 'STUDENT1@school.pk' }),
        student(4, { email: 'Taken@School.pk' }),
        student(5, { fullName: '' }),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 5, valid: 1, invalid: 3, alreadyRegistered: 1 });
    const byRow = Object.fromEntries(body.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ status: 'valid', errors: {} });
    expect(byRow[3].status).toBe('invalid');
    expect(Object.keys(byRow[3].errors).sort()).toEqual(['city', 'email', 'gender', 'grade', 'phone']);
    expect(byRow[3].errors.grade).toBe('no grade named "Grade 12"');
    expect(byRow[4].errors.email).toBe('same e-mail as row 2');
    expect(byRow[5]).toMatchObject({ status: 'alreadyRegistered', errors: {} });
    expect(byRow[6].errors.fullName).toBe('is required');
    expect(await countOf('students')).toBe(before);
  });

  it('refuses 200,000 rows, a file that is not UTF-8, and a zip bomb named .xlsx', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);

    const huge = `fullName,email,grade\n${'A,a@b.pk,Grade 3\n'.repeat(200_000)}`;
    const tooMany = await preview(admin.token, huge);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      'The file has more than 20,000 students: split it into smaller files',
    );

    const latin1 = Buffer.from('fullName,email,grade\nJos\xe9,jose@school.pk,Grade 3\n', 'latin1');
    const encoding = await preview(admin.token, latin1);
    expect(encoding.statusCode).toBe(400);
    expect(encoding.json().message).toMatch(/not UTF-8/);

    const bomb = await preview(admin.token, zipBomb(), 'students.xlsx');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toMatch(/too large once opened/);
  });

  it('refuses a zip whose directory lies about its sizes, measuring what it really inflates to', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const liar = await preview(admin.token, zipBomb(2048), 'students.xlsx');
    expect(liar.statusCode).toBe(400);
    expect(liar.json().message).toBe(
      'The spreadsheet is too large once opened: keep one sheet of at most 20,000 students',
    );
  });

  it('refuses a 200,000-row XLSX with a clear error (its rows are counted while it is inflated)', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const xlsx = await xlsxOf(['fullName', 'email', 'grade'], 200_000, (n) => [
      `S${n}`,
      `s${n}@b.pk`,
      'Grade 3',
    ]);
    expect(xlsx.length).toBeLessThan(5 * 1024 * 1024);
    const res = await preview(admin.token, xlsx, 'school.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file has more than 20,000 students: split it into smaller files');
    expect(await t.db.selectFrom('backgroundJobs').select('id').execute()).toEqual([]);
  });

  it('previews and runs a good XLSX', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const rows = [student(1), student(2, { gender: 'Rather not to say' }), student(3, { city: 'Atlantis' })];
    const xlsx = await xlsxOf([...HEADER], rows.length, (n) => HEADER.map((h) => rows[n - 1]?.[h] ?? ''));
    const res = await preview(admin.token, xlsx, 'school.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ fileName: 'school.xlsx', total: 3, valid: 2, invalid: 1 });
    expect(body.rows[2]).toMatchObject({ row: 4, status: 'invalid', errors: { city: expect.any(String) } });
    expect((await confirm(admin.token, body.uploadId)).statusCode).toBe(202);
    await runBulkUpload(deps(), body.uploadId);
    const created = await t.db
      .selectFrom('students')
      .select(['email', 'gender', 'phone', 'registeredThroughBulk'])
      .orderBy('email')
      .execute();
    expect(created).toEqual([
      { email: 'student1@school.pk', gender: 'FEMALE', phone: '03001000001', registeredThroughBulk: true },
      { email: 'student2@school.pk', gender: 'OTHER', phone: '03001000002', registeredThroughBulk: true },
    ]);
  });

  it('is refused to someone who may only read bulk uploads', async () => {
    const reader = await signedIn([['bulkUpload', 'read']]);
    await makeGrade(t.db, 3);
    expect((await preview(reader.token, csvOf([student(1)]))).statusCode).toBe(403);
    const admin = await signedIn();
    const { uploadId } = (await preview(admin.token, csvOf([student(1)]))).json();
    expect((await confirm(reader.token, uploadId)).statusCode).toBe(403);
    const list = await t.app.inject({
      url: '/api/admin/bulkUpload/',
      headers: bearer(reader.token),
    });
    expect(list.statusCode).toBe(200);
  });
});
