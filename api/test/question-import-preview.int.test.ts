import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, loginStaff, makeStaff } from '../../test/helpers.js';
import {
  countQuestions,
  csvOf,
  fixtures,
  HEADER,
  mcqRow,
  openRow,
  signedIn,
  t,
  upload,
} from './question-import.fixtures.js';

describe('previewing an import', () => {
  it('names every bad row and field exactly, and saves nothing', async () => {
    const admin = await signedIn();
    await fixtures();
    const csv = csvOf([
      mcqRow(),
      mcqRow({ grade: 'Grade 12' }),
      mcqRow({ subCategory: 'Equations' }),
      mcqRow({ correct: 'A,C', selectMultiple: 'No' }),
      openRow({ acceptedAnswers: '' }),
      openRow({ answerHintText: '' }),
      openRow(),
    ]);
    const res = await upload(admin.token, 'preview', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    expect(
      body.rows.map((r: { rowNumber: number; ok: boolean; errors: object }) => [r.rowNumber, r.ok, r.errors]),
    ).toEqual([
      [2, true, {}],
      [3, false, { grade: 'no grade named "Grade 12"' }],
      [4, false, { subCategory: '"Equations" is not a sub category of "Geometry"' }],
      [5, false, { correct: 'mark exactly one option correct' }],
      [6, false, { acceptedAnswers: 'add at least one accepted answer' }],
      [7, false, { answerHintText: 'is required' }],
      [8, true, {}],
    ]);
    expect(body.rows[0].preview).toBe('What is \\frac{1}{2} + \\frac{1}{4}?');
    expect(await countQuestions()).toBe(0);
    expect(
      await t.db.selectFrom('auditLog').select('id').where('action', '=', 'question.import').execute(),
    ).toEqual([]);
  });

  it('reads a CSV with a BOM, counts rows as the spreadsheet does and skips blank rows', async () => {
    const admin = await signedIn();
    await fixtures();
    const csv = `\uFEFF${csvOf([mcqRow()])}\r\n,,,,\r\n${csvOf([openRow({ tags: 'Nope' })]).split('\r\n')[1]}`;
    const res = await upload(admin.token, 'preview', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([2, 4]);
    expect(body.rows[0].ok).toBe(true);
    expect(body.rows[1].errors).toEqual({ tags: 'must be PRACTICE, CONTEST or BOTH' });
  });

  it('refuses what is not a question spreadsheet with a clear 4xx', async () => {
    const admin = await signedIn();
    await fixtures();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const notSheet = await upload(admin.token, 'preview', png, 'photo.csv');
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json().message).toMatch(/not a CSV or XLSX/);

    const fakeZip = await upload(admin.token, 'preview', Buffer.from('PK\u0003\u0004garbage'), 'q.xlsx');
    expect(fakeZip.statusCode).toBe(400);
    expect(fakeZip.json().message).toMatch(/not a CSV or XLSX/);

    // A workbook that says it inflates to 50 MB is refused before anything decompresses it.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Questions').addRow(HEADER);
    const bomb = Buffer.from(await workbook.xlsx.writeBuffer());
    bomb.writeUInt32LE(50 * 1024 * 1024, bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    const inflated = await upload(admin.token, 'preview', bomb, 'q.xlsx');
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json().message).toMatch(/too large once opened/);

    const empty = await upload(admin.token, 'preview', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty');

    const headerOnly = await upload(admin.token, 'preview', `${HEADER.join(',')}\r\n`);
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe('The file has a header but no question rows');

    const missing = await upload(admin.token, 'preview', 'question,type,grade\nWhat?,MCQs,Grade 4\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Missing required columns: answerHintText, category, subCategory, phases, tags',
    );

    const latin1 = await upload(
      admin.token,
      'preview',
      Buffer.from(`${HEADER.join(',')}\nCaf\xe9`, 'latin1'),
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toMatch(/UTF-8/);

    const big = await upload(admin.token, 'preview', `${HEADER.join(',')}\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/2 MB/);

    const many = csvOf(Array.from({ length: 1001 }, () => openRow()));
    const tooMany = await upload(admin.token, 'preview', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/more than 1000/);

    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/question/import/preview',
      headers: bearer(admin.token),
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(await countQuestions()).toBe(0);
  });

  it('needs question:create for preview, commit and template', async () => {
    await fixtures();
    const reader = await makeStaff(t.db, { permissions: [['question', 'read']] });
    const token = (await loginStaff(t.app, reader)).accessToken;
    expect((await upload(token, 'preview', csvOf([openRow()]))).statusCode).toBe(403);
    expect((await upload(token, 'commit', csvOf([openRow()]))).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/question/import/template?format=csv',
      headers: bearer(token),
    });
    expect(template.statusCode).toBe(403);
    expect(await countQuestions()).toBe(0);
  });
});
