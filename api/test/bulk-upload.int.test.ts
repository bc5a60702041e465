import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import type { JobProgressEvent } from '@riyazi/api/contracts';
import type { Job } from 'bullmq';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { bearer, latestMailToken, makeGrade, signedInStaff, useTestContext } from '../../test/helpers.js';
import { bulkUploadHandlers } from '../../workers/src/processors/bulk-upload.js';
import { runBulkUpload } from '../src/modules/bulk-upload/bulk-upload.run.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const HEADER = [
  'fullName',
  'fatherName',
  'email',
  'phone',
  'gender',
  'grade',
  'city',
  'schoolName',
  'referralSource',
  'batchId',
] as const;
type Row = Partial<Record<(typeof HEADER)[number], string>>;

const student = (n: number, overrides: Row = {}): Row => ({
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
const csvOf = (rows: Row[]) =>
  Papa.unparse({ fields: [...HEADER], data: rows.map((r) => HEADER.map((h) => r[h] ?? '')) });

function multipart(content: Buffer | string, filename = 'students.csv') {
  const boundary = '----riyazi-bulk-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const signedIn = (permissions?: ['bulkUpload', 'read' | 'create'][]) =>
  signedInStaff(t, permissions ? { permissions } : { superAdmin: true });

const preview = (token: string, content: Buffer | string, filename?: string) => {
  const form = multipart(content, filename);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/bulkUpload/preview/',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
};
const confirm = (token: string, uploadId: string, options = { autoEmailVerified: true, sendWelcome: true }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/bulkUpload/confirm/',
    headers: bearer(token),
    payload: { uploadId, ...options },
  });
const deps = () => ({ db: t.db, queues: t.queues, log: pino({ level: 'silent' }) });

const countOf = async (table: 'students' | 'mailMessages') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Previews, confirms and runs a file the way the worker would. */
async function uploadAndRun(token: string, rows: Row[]) {
  const res = await preview(token, csvOf(rows));
  expect(res.statusCode).toBe(200);
  const { uploadId } = res.json<{ uploadId: string }>();
  expect((await confirm(token, uploadId)).statusCode).toBe(202);
  await runBulkUpload(deps(), uploadId);
  return uploadId;
}

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

describe('running an upload', () => {
  it('creates the students as bulk registered, queues one welcome each, and lists the run with its counts', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const uploadId = await uploadAndRun(admin.token, [student(1), student(2), student(3, { email: 'bad' })]);

    const created = await t.db
      .selectFrom('students')
      .selectAll()
      .where('registeredThroughBulk', '=', true)
      .orderBy('email')
      .execute();
    expect(created.map((s) => s.email)).toEqual(['student1@school.pk', 'student2@school.pk']);
    expect(created[0]).toMatchObject({
      emailVerified: true,
      autoEmailVerified: true,
      city: 'Lahore',
      gender: 'FEMALE',
      shortDescription: 'CMS-2026',
      phone: '03001000001',
    });
    expect(created[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    const mails = await t.db.selectFrom('mailMessages').select(['template', 'toEmail', 'params']).execute();
    expect(mails.map((m) => m.toEmail).sort()).toEqual(['student1@school.pk', 'student2@school.pk']);
    expect(mails.every((m) => m.template === 'welcome')).toBe(true);
    expect((mails[0]!.params as { link: string }).link).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=/,
    );

    const list = await t.app.inject({
      url: '/api/admin/bulkUpload/?page=1',
      headers: bearer(admin.token),
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: uploadId,
        fileName: 'students.csv',
        status: 'SUCCEEDED',
        progress: 100,
        created: 2,
        skipped: 0,
        invalid: 1,
      }),
    ]);
    const result = await t.app.inject({
      url: `/api/admin/bulkUpload/result/?id=${uploadId}`,
      headers: bearer(admin.token),
    });
    expect(result.statusCode).toBe(200);
    const lines = result.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      'row,email,outcome,error',
      '2,student1@school.pk,created,',
      '3,student2@school.pk,created,',
      '4,bad,invalid,email: must be a valid e-mail address',
    ]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', uploadId)
      .execute();
    expect(audit).toEqual([{ action: 'bulkUpload.confirm' }]);
  });

  it('neutralises result cells a spreadsheet would run as formulas, as the export does', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const evil = ['=HYPERLINK("http://x")', '+92300', '-1+1', '@SUM(A1)'];
    const uploadId = await uploadAndRun(admin.token, [
      student(1),
      ...evil.map((email, i) => student(10 + i, { email })),
    ]);
    const result = await t.app.inject({
      url: `/api/admin/bulkUpload/result/?id=${uploadId}`,
      headers: bearer(admin.token),
    });
    expect(result.statusCode).toBe(200);
    expect(result.body.startsWith('\uFEFFrow,email,outcome,error\r\n')).toBe(true);
    const emails = Papa.parse<string[]>(result.body.replace(/^\uFEFF/, '').trim(), { newline: '\r\n' })
      .data.slice(1)
      .map((cells) => cells[1]);
    expect(emails).toEqual(['student1@school.pk', ...evil.map((e) => `'${e}`)]);
    // The quote inside the first one is doubled and the cell quoted (RFC 4180).
    expect(result.body).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('sends a welcome link that sets the password and lets the student log in', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    await uploadAndRun(admin.token, [student(1)]);
    const token = await latestMailToken(t.db, 'welcome', 'student1@school.pk');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/student/reset-password',
      payload: { token, password: 'Brand-new-pass-2026' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email: 'student1@school.pk', password: 'Brand-new-pass-2026' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('creates nobody twice and sends no second welcome when the same file runs again', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const rows = [student(1), student(2), student(3)];
    await uploadAndRun(admin.token, rows);
    const second = await uploadAndRun(admin.token, [...rows, student(4)]);

    expect(await countOf('students')).toBe(4);
    expect(await countOf('mailMessages')).toBe(4);
    const run = await t.db
      .selectFrom('backgroundJobs')
      .select('result')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(run.result).toMatchObject({ created: 1, skipped: 3, invalid: 0 });
  });

  it('resumes a run that failed mid-way without duplicates and finishes it once', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const res = await preview(admin.token, csvOf([1, 2, 3, 4, 5].map((n) => student(n))));
    const { uploadId } = res.json<{ uploadId: string }>();
    await confirm(admin.token, uploadId);

    await expect(
      runBulkUpload(deps(), uploadId, {
        batchSize: 2,
        afterBatch: () => {
          throw new Error('worker crashed');
        },
      }),
    ).rejects.toThrow('worker crashed');
    expect(await countOf('students')).toBe(2);

    // BullMQ's retry; a second delivery of the finished job changes nothing either.
    await runBulkUpload(deps(), uploadId, { batchSize: 2 });
    await runBulkUpload(deps(), uploadId, { batchSize: 2 });
    expect(await countOf('students')).toBe(5);
    expect(await countOf('mailMessages')).toBe(5);
    const run = await t.db
      .selectFrom('backgroundJobs')
      .select(['status', 'processedRows', 'result'])
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'SUCCEEDED', processedRows: 5 });
    expect(run.result).toMatchObject({ created: 5, skipped: 0, createdRows: [2, 3, 4, 5, 6] });
  });

  it('the worker records a failed attempt as QUEUED, the last one as FAILED, and pushes each to the room', async () => {
    const admin = await signedIn();
    const grade = await makeGrade(t.db, 3);
    const { uploadId } = (await preview(admin.token, csvOf([student(1), student(2)]))).json();
    expect((await confirm(admin.token, uploadId)).statusCode).toBe(202);
    // The grade goes away between the preview and the run: creating the students fails for real.
    await t.db.deleteFrom('grades').where('id', '=', grade.id).execute();
    const events: (JobProgressEvent & { room: string })[] = [];
    const io = {
      to: (room: string) => ({
        emit: (_name: string, event: JobProgressEvent) => {
          events.push({ room, ...event });
          return true;
        },
      }),
    };
    const ctx = { db: t.db, queues: t.queues, io, log: pino({ level: 'silent' }) } as never;
    const attempt = (attemptsMade: number) =>
      bulkUploadHandlers['students.bulkUpload'](
        { jobId: uploadId },
        { attemptsMade, opts: { attempts: 5 } } as unknown as Job<{ jobId: string }>,
        ctx,
      );
    const row = () =>
      t.db
        .selectFrom('backgroundJobs')
        .select(['status', 'error', 'finishedAt'])
        .where('id', '=', uploadId)
        .executeTakeFirstOrThrow();

    await expect(attempt(0)).rejects.toThrow(/foreign key/);
    expect(await row()).toMatchObject({
      status: 'QUEUED',
      finishedAt: null,
      error: expect.stringMatching(/foreign key/),
    });
    expect(events.at(-1)).toEqual({
      room: `job:${uploadId}`,
      jobId: uploadId,
      status: 'QUEUED',
      progress: 0,
    });

    await expect(attempt(4)).rejects.toThrow(/foreign key/);
    const last = await row();
    expect(last.status).toBe('FAILED');
    expect(last.finishedAt).not.toBeNull();
    expect(events.at(-1)).toMatchObject({ status: 'FAILED' });
    expect(events.filter((e) => e.status === 'RUNNING')).toHaveLength(2);
    expect(await countOf('students')).toBe(0);
  });

  it('runs an upload confirmed twice once, and refuses to confirm it after it ran', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 3);
    const { uploadId } = (await preview(admin.token, csvOf([student(1)]))).json();
    expect((await confirm(admin.token, uploadId)).statusCode).toBe(202);
    expect((await confirm(admin.token, uploadId)).statusCode).toBe(202);
    const jobs = await t.queues.bulkUpload.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.filter((j) => j.id === uploadId)).toHaveLength(1);
    await runBulkUpload(deps(), uploadId);
    expect((await confirm(admin.token, uploadId)).statusCode).toBe(409);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', uploadId)
      .execute();
    expect(audit).toHaveLength(1);
  });
});

/**
 * A one-entry zip whose sheet inflates to 100 MB of zeros (about 100 KB uploaded). Its headers
 * declare `declared` bytes: the truth by default, or a lie small enough to pass a size check.
 */
function zipBomb(declared = 100 * 1024 * 1024): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const size = 100 * 1024 * 1024;
  const data = deflateRawSync(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** An XLSX written row by row (as a school's export would be), for files too big to build in memory. */
async function xlsxOf(header: string[], rows: number, row: (n: number) => string[]): Promise<Buffer> {
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
