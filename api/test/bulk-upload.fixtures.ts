import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { pino } from 'pino';
import { expect } from 'vitest';
import { bearer, fileForm, signedInStaff, useTestContext } from '../../test/helpers.js';
import { oneEntryZip } from '../../test/zip-fixtures.js';
import { BULK_UPLOAD_COLUMNS } from '../src/contracts/bulk-upload.js';
import { runBulkUpload } from '../src/modules/bulk-upload/bulk-upload.run.js';

// Shared by the bulk-upload-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

export const HEADER = BULK_UPLOAD_COLUMNS;
export type Row = Partial<Record<(typeof HEADER)[number], string>>;

export const student = (n: number, overrides: Row = {}): Row => ({
  fullName: `Student ${n}`,
  fatherName: `Father ${n}`,
  email: `student${n}@school.pk`,
  phone: `0300${String(1000000 + n).slice(-7)}`,
  gender: n % 2 ? 'Female' : 'Male',
  grade: 'Grade 3',
  city: 'Lahore',
  schoolName: 'City Model School',
  referralSource: 'School',
  batchId: 'CMS-2026',
  ...overrides,
});
export const csvOf = (rows: Row[]) =>
  Papa.unparse({ fields: [...HEADER], data: rows.map((r) => HEADER.map((h) => r[h] ?? '')) });

export const multipart = (content: Buffer | string, filename = 'students.csv') =>
  fileForm(filename, content, 'text/csv');

export const signedIn = (permissions?: ['bulkUpload', 'read' | 'create'][]) =>
  signedInStaff(t, permissions ? { permissions } : { superAdmin: true });

export const preview = (token: string, content: Buffer | string, filename?: string) => {
  const form = multipart(content, filename);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/bulkUpload/preview/',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
};
export const confirm = (
  token: string,
  uploadId: string,
  options = { autoEmailVerified: true, sendWelcome: true },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/bulkUpload/confirm/',
    headers: bearer(token),
    payload: { uploadId, ...options },
  });
export const deps = () => ({ db: t.db, queues: t.queues, log: pino({ level: 'silent' }) });

export const countOf = async (table: 'students' | 'mailMessages') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Previews, confirms and runs a file the way the worker would. */
export async function uploadAndRun(token: string, rows: Row[]) {
  const res = await preview(token, csvOf(rows));
  expect(res.statusCode).toBe(200);
  const { uploadId } = res.json<{ uploadId: string }>();
  expect((await confirm(token, uploadId)).statusCode).toBe(202);
  await runBulkUpload(deps(), uploadId);
  return uploadId;
}

/**
 * A one-entry zip whose sheet inflates to 100 MB of zeros (about 100 KB uploaded). Its headers
 * declare `declared` bytes: the truth by default, or a lie small enough to pass a size check.
 */
export function zipBomb(declared = 100 * 1024 * 1024): Buffer {
  const size = 100 * 1024 * 1024;
  return oneEntryZip(Buffer.alloc(size), declared, { entry: 'xl/worksheets/sheet1.xml' });
}

/** An XLSX written row by row (as a school's export would be), for files too big to build in memory. */
export async function xlsxOf(header: string[], rows: number, row: (n: number) => string[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false });
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(header).commit();
  for (let n = 1; n <= rows; n += 1) {
    sheet.addRow(row(n)).commit();
  }
  await sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
