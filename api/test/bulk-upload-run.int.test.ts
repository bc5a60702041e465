import type { JobProgressEvent } from '@riyazi/api/contracts';
import type { Job } from 'bullmq';
import Papa from 'papaparse';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { auditActionsOn, bearer, latestMailToken, makeGrade } from '../../test/helpers.js';
import { bulkUploadHandlers } from '../../workers/src/processors/bulk-upload.js';
import { runBulkUpload } from '../src/modules/bulk-upload/bulk-upload.run.js';
import {
  confirm,
  countOf,
  csvOf,
  deps,
  preview,
  signedIn,
  student,
  t,
  uploadAndRun,
} from './bulk-upload.fixtures.js';

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
    expect(await auditActionsOn(t.db, uploadId)).toEqual(['bulkUpload.confirm']);
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
