import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.js';
import {
  bearer,
  createTestContext,
  formData,
  loginStaff,
  makeGrade,
  makeStaff,
  resetDatabase,
  setFlags,
  signedUpStudent,
  type TestContext,
} from '../../test/helpers.js';
import { exited, startService, waitFor } from '../../test/processes.js';

// STORAGE_DRIVER=s3 end to end: the api (this process) and the workers (a process of their own)
// each have an empty upload folder of their own and share nothing but the bucket (the fake S3).

let fake: FakeS3;
let t: TestContext;
let apiDir: string;
let workersDir: string;
let workers: ChildProcess | undefined;

beforeAll(async () => {
  fake = await startFakeS3();
  apiDir = await mkdtemp(path.join(tmpdir(), 'riyazi-s3-api-'));
  workersDir = await mkdtemp(path.join(tmpdir(), 'riyazi-s3-workers-'));
  t = await createTestContext({ ...fake.env, UPLOAD_DIR: apiDir });
  await resetDatabase(t.db);
});

afterAll(async () => {
  if (workers && workers.exitCode === null) {
    workers.kill('SIGTERM');
    await exited(workers);
  }
  await t?.close();
  await fake?.close();
  await rm(apiDir, { recursive: true, force: true });
  await rm(workersDir, { recursive: true, force: true });
});

/** Every file under a folder: the local disks must stay empty. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

const multipart = (fields: Record<string, string>, file: { name: string; content: Buffer }) =>
  formData(fields, file);

const picture = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

let gradeId: string | undefined;

async function signedInStudent() {
  gradeId ??= (await makeGrade(t.db)).id;
  await setFlags(t.db, { isRegistrationEnabled: true, isEmailVerificationEnabled: true });
  return bearer((await signedUpStudent(t, gradeId)).token);
}

async function uploadDocument(owner: Record<string, string>) {
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#cde' } })
    .jpeg()
    .toBuffer();
  const form = multipart({ kind: 'SCHOOL_ID' }, { name: 'card.jpg', content: photo });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/student/documents',
    headers: { ...owner, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const doc = res.json<{ data: { _id: string; sizeBytes: number } }>().data;
  const row = await t.db
    .selectFrom('studentDocuments')
    .select(['storageKey', 'studentId'])
    .where('id', '=', doc._id)
    .executeTakeFirstOrThrow();
  return { ...doc, key: `documents/${row.storageKey}`, studentId: row.studentId };
}

describe('files in an S3 bucket', () => {
  it('serves an uploaded question picture from the bucket with the same URL and headers as from disk', async () => {
    const staff = await makeStaff(t.db, { permissions: [['question', 'create']] });
    const authorization = `Bearer ${(await loginStaff(t.app, staff)).accessToken}`;
    const form = multipart({}, { name: 'triangle.png', content: await picture() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/images',
      headers: { ...form.headers, authorization },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<{ data: { url: string } }>().data;
    expect(url).toMatch(/^\/uploads\/images\/[0-9a-f]{24}-960\.webp$/);
    const key = `public/${url.slice('/uploads/'.length)}`;
    expect(fake.objects.get(key)?.contentType).toBe('image/webp');

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(file.rawPayload.equals(fake.objects.get(key)?.data as Buffer)).toBe(true);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(960);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-11/${file.rawPayload.length}`);
    expect(part.rawPayload.equals(file.rawPayload.subarray(0, 12))).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=99999999-' } });
    expect(beyond.statusCode).toBe(416);
  });

  it('answers a missing or private key under /uploads with a JSON 404', async () => {
    fake.objects.set('documents/probe.pdf', {
      data: Buffer.from('TOP-SECRET-B-FORM'),
      contentType: 'application/pdf',
      etag: '"x"',
      lastModified: new Date(),
    });
    for (const url of ['/uploads/images/nothing-960.webp', '/uploads/documents/probe.pdf']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
      expect(res.body, url).not.toContain('TOP-SECRET');
    }
    // Climbing out of /uploads: never the file (a 404, or the app's page when a client build is there).
    for (const url of ['/uploads/../documents/probe.pdf', '/uploads/%2e%2e/documents/probe.pdf']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/pdf/);
    }
  });

  it('keeps a student document in the bucket and serves it only to its owner', async () => {
    const owner = await signedInStudent();
    const doc = await uploadDocument(owner);
    expect(fake.objects.get(doc.key)?.data.length).toBe(doc.sizeBytes);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/student/documents/${doc._id}/file`,
      headers: owner,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
    });
    expect(file.rawPayload.length).toBe(doc.sizeBytes);
    const stranger = await signedInStudent();
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/student/documents/${doc._id}/file`,
      headers: stranger,
    });
    expect(denied.statusCode).toBe(404);
  });

  it('deleting a student deletes their document from the bucket', async () => {
    const doc = await uploadDocument(await signedInStudent());
    expect(fake.objects.has(doc.key)).toBe(true);
    const staff = await makeStaff(t.db, { superAdmin: true });
    const headers = { authorization: `Bearer ${(await loginStaff(t.app, staff)).accessToken}` };
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/student/delete/?id=${doc.studentId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.objects.has(doc.key)).toBe(false);
  });

  it('downloads through the api an export that a workers process on another disk wrote to the bucket', async () => {
    const total = 3000;
    await sql`
      INSERT INTO students (full_name, email, password_hash)
      SELECT 'Bucket ' || n, 'bucket-' || n || '@example.com', 'x' FROM generate_series(1, ${total}) n`.execute(
      t.db,
    );
    const started = startService('workers/src/main.ts', { ...fake.env, UPLOAD_DIR: workersDir });
    workers = started.child;
    await waitFor('workers started', () => started.output().includes('workers started'), 30_000);
    const staff = await makeStaff(t.db, { superAdmin: true });
    const headers = { authorization: `Bearer ${(await loginStaff(t.app, staff)).accessToken}` };
    const start = await t.app.inject({ method: 'GET', url: '/api/student/downloadStudentCSV', headers });
    expect(start.statusCode, start.body).toBe(202);
    const { jobId } = start.json<{ jobId: string }>();
    const status = await waitFor(
      'the export to finish',
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/admin/exports/status/?id=${jobId}`,
          headers,
        });
        const job = res.json<{ status: string; error: string | null }>();
        return job.status === 'SUCCEEDED' || job.status === 'FAILED' ? job : false;
      },
      60_000,
    );
    expect(status, started.output()).toMatchObject({ status: 'SUCCEEDED' });
    expect(fake.objects.has(`exports/${jobId}.csv`)).toBe(true);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/exports/download/?id=${jobId}`,
      headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = download.body.split('\r\n').filter(Boolean);
    const students = await t.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(lines).toHaveLength(Number(students.n) + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`^\\d+,Bucket ${total},`));
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);

    expect(await filesUnder(apiDir)).toEqual([]);
    expect(await filesUnder(workersDir)).toEqual([]);
  }, 120_000);
});
