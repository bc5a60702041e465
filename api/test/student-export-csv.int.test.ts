import { stat } from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeGrade } from '../../test/helpers.js';
import { STUDENT_CSV_HEADER } from '../src/modules/student-export/student-export.csv.js';
import {
  admin,
  download,
  exportCsv,
  exportFileOf,
  files,
  finished,
  insertJob,
  log,
  newStudent,
  records,
  startExport,
  t,
} from './student-export.fixtures.js';

/** One pass of the workers' export cleanup, as its schedule runs it. */
async function cleanUpExportsNow() {
  const { cleanUpExports } = await import('../../workers/src/export-cleanup.js');
  return cleanUpExports({ ...t, log, ...files(), redisPrefix: t.config.REDIS_PREFIX });
}

describe('student CSV export', () => {
  it('answers 202 with Exporting... and writes a UTF-8 CSV with BOM, labels, CRLF and quoting', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent({
      fullName: 'علی احمد',
      fatherName: 'Khan, "Senior"',
      city: 'Line one\nline two',
      gradeId: grade.id,
      gender: 'OTHER',
      codeEntered: true,
      emailVerified: true,
      shortDescription: 'LGS-2026-B',
      createdAt: new Date('2026-11-01T19:30:00Z'),
    });
    // Payment is the first paid grant (payment or code), in Pakistan time; an admin grant is not one.
    await t.db
      .insertInto('attemptGrants')
      .values([
        { studentId: student.id, attempts: 1, source: 'ADMIN', createdAt: new Date('2026-11-02T10:00:00Z') },
        { studentId: student.id, attempts: 2, source: 'CODE', createdAt: new Date('2026-11-04T10:00:00Z') },
        {
          studentId: student.id,
          attempts: 2,
          source: 'PAYMENT',
          createdAt: new Date('2026-11-05T10:00:00Z'),
        },
      ])
      .execute();
    const { headers } = await admin();
    const res = await startExport(headers);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ jobId: expect.any(String), message: 'Exporting...' });

    const job = await finished(headers, res.json().jobId);
    expect(job).toMatchObject({ status: 'SUCCEEDED', progress: 100, rows: 1, downloadable: true });
    const file = await download(headers, job._id);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(file.body.startsWith('\uFEFFStudent No,Name,Father name,')).toBe(true);
    expect(file.body.endsWith('\r\n')).toBe(true);
    expect(file.body).toContain('"Khan, ""Senior"""');
    expect(file.body).toContain('"Line one\nline two"');

    const [header, row] = records(file.body.slice(1));
    expect(header).toEqual([...STUDENT_CSV_HEADER]);
    const cell = (label: (typeof STUDENT_CSV_HEADER)[number]) => row?.[STUDENT_CSV_HEADER.indexOf(label)];
    expect(cell('Name')).toBe('علی احمد');
    expect(cell('Gender')).toBe('Rather Not to say');
    expect(cell('Grade')).toBe('Grade 5');
    expect(cell('Paid')).toBe('Yes');
    expect(cell('Email verified')).toBe('Yes');
    expect(cell('Batch Id')).toBe('LGS-2026-B');
    expect(cell('Signup (PKT)')).toBe('2026-11-02 00:30:00');
    expect(cell('Payment (PKT)')).toBe('2026-11-04 15:00:00');
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const evil = ['=HYPERLINK("http://x")', '+92300', '-1+1', '@SUM(A1)', '\tcmd', '\rcmd'];
    for (const [i, name] of evil.entries()) {
      await newStudent({ fullName: name, city: `City ${i}` });
    }
    const { headers } = await admin();
    const { file } = await exportCsv(headers);
    const names = records(file.body.slice(1))
      .slice(1)
      .map((r) => r[1]);
    expect(names).toEqual(evil.map((name) => `'${name}`));
  });

  it('exports only the students matching the list filters', async () => {
    const [five, six] = [await makeGrade(t.db, 5), await makeGrade(t.db, 6)];
    await newStudent({ fullName: 'In grade five', gradeId: five.id, isActive: true });
    await newStudent({ fullName: 'Inactive five', gradeId: five.id, isActive: false });
    await newStudent({ fullName: 'In grade six', gradeId: six.id });
    const { headers } = await admin();
    const { jobId, file } = await exportCsv(headers, `?grade=${five.id}&isActive=true&fullName=`);
    const names = records(file.body.slice(1))
      .slice(1)
      .map((r) => r[1]);
    expect(names).toEqual(['In grade five']);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/exports/', headers });
    expect(list.json().data[0]).toMatchObject({
      _id: jobId,
      filters: { grade: five.id, isActive: 'true' },
      rows: 1,
    });
  });

  it('needs student:export as well as student:read: reading the list is not enough to export it', async () => {
    await newStudent();
    const owner = await admin('exporter');
    const { jobId } = await exportCsv(owner.headers);
    for (const role of ['none', 'reader', 'exportOnly'] as const) {
      const { headers } = await admin(role);
      expect((await startExport(headers)).statusCode, role).toBe(403);
      for (const url of [
        '/api/admin/exports/',
        `/api/admin/exports/status/?id=${jobId}`,
        `/api/admin/exports/download/?id=${jobId}`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    const jobs = await t.db
      .selectFrom('backgroundJobs')
      .select('id')
      .where('kind', '=', 'STUDENT_EXPORT')
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('lets a Super Admin give a role student:export, which only the student module offers', async () => {
    const { headers } = await admin('super');
    const role = (permissions: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/role/create/',
        headers,
        payload: { name: `Role ${Object.keys(permissions).join()}`, permissions },
      });
    const created = await role({ student: { read: true, export: true } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.permissions.student).toEqual({
      read: true,
      create: false,
      update: false,
      delete: false,
      export: true,
    });
    expect(created.json().data.permissions.question).toEqual({
      read: false,
      create: false,
      update: false,
      delete: false,
    });
    const refused = await role({ question: { export: true } });
    expect(refused.statusCode).toBe(400);
  });

  it("hides another admin's export, but a Super Admin may download it", async () => {
    await newStudent();
    const owner = await admin('exporter');
    const other = await admin('exporter');
    const superAdmin = await admin('super');
    const { jobId } = await exportCsv(owner.headers);
    expect((await download(other.headers, jobId)).statusCode).toBe(404);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/',
      headers: other.headers,
    });
    expect(otherList.json().total).toBe(0);
    expect((await download(superAdmin.headers, jobId)).statusCode).toBe(200);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/',
      headers: superAdmin.headers,
    });
    expect(all.json().data[0].requestedBy._id).toBe(owner.staff.id);
  });

  it('answers 410 once the export has expired, and the cleanup deletes the file', async () => {
    await newStudent();
    const { headers } = await admin();
    const { jobId } = await exportCsv(headers);
    await t.db
      .updateTable('backgroundJobs')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', jobId)
      .execute();
    expect((await download(headers, jobId)).statusCode).toBe(410);
    const pass = await cleanUpExportsNow();
    expect(pass.deleted).toBe(1);
    await expect(stat(exportFileOf(t.config.UPLOAD_DIR, jobId))).rejects.toThrow();
  });

  it('the cleanup enqueues again an export whose enqueue was lost', async () => {
    await newStudent();
    const { staff, headers } = await admin();
    const jobId = await insertJob(staff.id);
    await t.db
      .updateTable('backgroundJobs')
      .set({ createdAt: sql<Date>`now() - interval '2 minutes'` })
      .where('id', '=', jobId)
      .execute();
    const pass = await cleanUpExportsNow();
    expect(pass.requeued).toBe(1);
    expect(await finished(headers, jobId)).toMatchObject({ status: 'SUCCEEDED', rows: 1 });
  });

  it('allows at most 3 exports in progress per admin', async () => {
    const { staff, headers } = await admin();
    for (let i = 0; i < 3; i += 1) {
      await insertJob(staff.id);
    }
    const res = await startExport(headers);
    expect(res.statusCode).toBe(429);
  });
});
