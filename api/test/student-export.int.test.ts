import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Action, JobProgressEvent, Module, StudentExportJob } from '@riyazi/api/contracts';
import { createStorage, storageSettingsOf } from '@riyazi/api/storage';
import type { Job } from 'bullmq';
import { sql } from 'kysely';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  loginStaff,
  makeGrade,
  makeStaff,
  makeStudent,
  resetDatabase,
  type StudentValues,
  type TestContext,
} from '../../test/helpers.js';
import {
  ExportBusyError,
  exportsHandlers,
  runExportProcess,
  runStudentExport,
} from '../../workers/src/processors/exports.js';
import { type RunningWorkers, startWorkers } from '../../workers/src/runtime.js';
import { STUDENT_CSV_HEADER } from '../src/modules/student-export/student-export.csv.js';
import * as exportJobs from '../src/modules/student-export/student-export.repository.js';

let t: TestContext;
let workers: RunningWorkers;
const log = pino({ level: 'silent' });
const sockets: Socket[] = [];
// The test's local-disk storage (STORAGE_DRIVER=local), where the files are looked for below.
const files = () => ({ storage: createStorage(t.config), storageSettings: storageSettingsOf(t.config) });
const exportDirOf = (root: string) => path.resolve(root, 'exports');
const exportFileOf = (root: string, jobId: string) => path.join(exportDirOf(root), `${jobId}.csv`);

beforeAll(async () => {
  t = await createTestContext();
  await resetDatabase(t.db);
  workers = await startWorkers({
    db: t.db,
    redis: t.redis,
    queues: t.queues,
    redisPrefix: t.config.REDIS_PREFIX,
    log,
    encryptionKey: t.config.ENCRYPTION_KEY,
    isProduction: false,
    storage: storageSettingsOf(t.config),
    // Queued exports run as in production: each in a process of its own.
    databaseUrl: t.config.DATABASE_URL,
  });
});

afterAll(async () => {
  for (const s of sockets) {
    s.disconnect();
  }
  await workers.close();
  await t.close();
});

beforeEach(async () => {
  await resetDatabase(t.db);
});

let seq = 0;
const newStudent = (values: StudentValues = {}) => {
  seq += 1;
  return makeStudent(t.db, { fullName: `Student ${seq}`, emailVerified: false, ...values });
};

const ROLES = {
  super: [],
  exporter: [
    ['student', 'read'],
    ['student', 'export'],
  ],
  reader: [['student', 'read']],
  exportOnly: [['student', 'export']],
  none: [['question', 'read']],
} as const satisfies Record<string, readonly (readonly [Module, Action])[]>;

async function admin(role: keyof typeof ROLES = 'super') {
  const staff = await makeStaff(t.db, {
    superAdmin: role === 'super',
    permissions: ROLES[role].map(([m, a]): [Module, Action] => [m, a]),
  });
  const { accessToken } = await loginStaff(t.app, staff);
  return { staff, headers: bearer(accessToken), accessToken };
}

type Headers = { authorization: string };

const startExport = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/student/downloadStudentCSV${query}`, headers });

async function finished(headers: Headers, id: string): Promise<StudentExportJob> {
  for (let i = 0; i < 200; i += 1) {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/exports/status/?id=${id}`, headers });
    const job = res.json<StudentExportJob>();
    if (job.status === 'SUCCEEDED' || job.status === 'FAILED') {
      return job;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export did not finish in 10 s');
}

const download = (headers: Headers, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/exports/download/?id=${id}`, headers });

async function exportCsv(headers: Headers, query = '') {
  const res = await startExport(headers, query);
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json<{ jobId: string }>();
  expect((await finished(headers, jobId)).status).toBe('SUCCEEDED');
  const file = await download(headers, jobId);
  expect(file.statusCode, file.body).toBe(200);
  return { jobId, file };
}

/** Splits CRLF records, keeping line breaks inside quoted cells. */
function records(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The pid of the export process this test process forked (there is one at a time). */
function exportChildPid(): number {
  const out = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'export-process'], {
    encoding: 'utf8',
  });
  return Number(out.trim().split('\n')[0]);
}

function fakeJob(attemptsMade: number, attempts = 5) {
  return { attemptsMade, opts: { attempts } } as unknown as Job<{ jobId: string }>;
}

async function insertJob(staffId: string, params: Record<string, string> = {}) {
  const row = await t.db
    .insertInto('backgroundJobs')
    .values({
      kind: 'STUDENT_EXPORT',
      requestedBy: staffId,
      params: JSON.stringify(params),
      expiresAt: sql<Date>`now() + interval '1 day'`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const silentIo = { to: () => ({ emit: () => true }) } as never;

let listening: Promise<string> | null = null;
/** A socket.io client of the api (listening on a free port from the first call on). */
async function connectSocket(token: string): Promise<Socket> {
  listening ??= t.app
    .listen({ port: 0, host: '127.0.0.1' })
    .then(() => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const socket = connect(await listening, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
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
    const { cleanUpExports } = await import('../../workers/src/export-cleanup.js');
    const pass = await cleanUpExports({
      ...t,
      log,
      ...files(),
      redisPrefix: t.config.REDIS_PREFIX,
    });
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
    const { cleanUpExports } = await import('../../workers/src/export-cleanup.js');
    const pass = await cleanUpExports({
      ...t,
      log,
      ...files(),
      redisPrefix: t.config.REDIS_PREFIX,
    });
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

  it('a job killed mid-way and retried leaves one complete file, no partial files and one SUCCEEDED row', async () => {
    for (let i = 0; i < 5; i += 1) {
      await newStudent();
    }
    const { staff } = await admin();
    const jobId = await insertJob(staff.id);
    const ctx = { db: t.db, log, ...files() };
    // A stale half-written file from a killed run, and a first attempt that dies while writing.
    const file = exportFileOf(t.config.UPLOAD_DIR, jobId);
    await writeFile(`${file}.deadbeef.part`, 'Student No,Na');
    let emits = 0;
    const crashingIo = {
      to: () => ({
        emit: () => {
          emits += 1;
          if (emits === 2) {
            throw new Error('worker killed');
          }
          return true;
        },
      }),
    } as never;
    await expect(
      exportsHandlers['students.export']({ jobId }, fakeJob(0), { ...ctx, io: crashingIo } as never),
    ).rejects.toThrow('worker killed');
    const afterCrash = await t.db
      .selectFrom('backgroundJobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(afterCrash.status).toBe('QUEUED');

    await exportsHandlers['students.export']({ jobId }, fakeJob(1), { ...ctx, io: silentIo } as never);
    const first = await stat(file);
    expect(await runStudentExport({ ...ctx, io: silentIo }, jobId)).toBe('skipped');
    expect((await stat(file)).mtimeMs).toBe(first.mtimeMs);

    const row = await t.db
      .selectFrom('backgroundJobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'SUCCEEDED',
      progress: 100,
      processedRows: 5,
      result: { rows: 5, bytes: first.size },
    });
    const body = await readFile(file, 'utf8');
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(6);
    const leftovers = (await readdir(exportDirOf(t.config.UPLOAD_DIR))).filter(
      (name) => name.startsWith(jobId) && name.endsWith('.part'),
    );
    expect(leftovers).toEqual([]);
  });

  it('an export process killed mid-write fails the attempt; the retry writes one complete file', async () => {
    // Enough rows for several pages, so the process reports progress before it finishes.
    await sql`
      INSERT INTO students (full_name, email, password_hash)
      SELECT 'Bulk ' || n, 'kill-' || n || '@example.com', 'x' FROM generate_series(1, 5000) n`.execute(t.db);
    const { staff } = await admin();
    const jobId = await insertJob(staff.id);
    let killed: number | null = null;
    const killOnProgress = {
      to: () => ({
        emit: (_name: string, event: JobProgressEvent) => {
          if (killed === null && event.status === 'RUNNING' && event.progress > 0) {
            killed = exportChildPid();
            process.kill(killed, 'SIGKILL');
          }
          return true;
        },
      }),
    };
    const ctx = { db: t.db, log, ...files(), databaseUrl: t.config.DATABASE_URL };
    const failure = await exportsHandlers['students.export']({ jobId }, fakeJob(0), {
      ...ctx,
      io: killOnProgress,
    } as never).then(
      () => null,
      (err: unknown) => err,
    );
    expect(killed).not.toBeNull();
    expect(String(failure)).toContain('the export process stopped (SIGKILL)');
    const afterKill = await t.db
      .selectFrom('backgroundJobs')
      .select(['status'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(afterKill.status).toBe('QUEUED');

    expect(await runExportProcess({ ...ctx, io: silentIo }, jobId)).toBe('written');
    const row = await t.db
      .selectFrom('backgroundJobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'SUCCEEDED', processedRows: 5000, result: { rows: 5000 } });
    const body = await readFile(exportFileOf(t.config.UPLOAD_DIR, jobId), 'utf8');
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(5001);
    const leftovers = (await readdir(exportDirOf(t.config.UPLOAD_DIR))).filter((name) =>
      name.endsWith('.part'),
    );
    expect(leftovers).toEqual([]);
    // Run again (a duplicate delivery): nothing is rewritten.
    expect(await runExportProcess({ ...ctx, io: silentIo }, jobId)).toBe('skipped');
  });

  it('a second run of the same export waits for the live one and never writes beside it', async () => {
    await sql`
      INSERT INTO students (full_name, email, password_hash)
      SELECT 'Twice ' || n, 'twice-' || n || '@example.com', 'x' FROM generate_series(1, 20000) n`.execute(
      t.db,
    );
    const { staff } = await admin();
    const jobId = await insertJob(staff.id);
    const ctx = { db: t.db, log, ...files(), databaseUrl: t.config.DATABASE_URL };
    let second: Promise<'written' | 'skipped'> | null = null;
    let observed: Promise<{ locked: boolean; loserMarked: boolean; status: string }> | null = null;
    // When the first run (a real export process) reports progress, it is paused mid-write (SIGSTOP):
    // a stalled delivery of the same job then fails and another starts, and only then does the
    // first run go on (SIGCONT).
    const onProgress = {
      to: () => ({
        emit: (_name: string, event: JobProgressEvent) => {
          if (observed === null && event.status === 'RUNNING' && event.progress > 0) {
            const child = exportChildPid();
            process.kill(child, 'SIGSTOP');
            observed = (async () => {
              const locked = await exportJobs.isExportRunLocked(t.db, jobId);
              const loserMarked = await exportJobs.markExportFailed(
                t.db,
                jobId,
                'stalled copy failed',
                false,
                100,
              );
              const row = await t.db
                .selectFrom('backgroundJobs')
                .select('status')
                .where('id', '=', jobId)
                .executeTakeFirstOrThrow();
              second = runStudentExport({ db: t.db, log, ...files(), io: silentIo }, jobId);
              // Let the second delivery reach the run lock before the first goes on.
              await new Promise((resolve) => setTimeout(resolve, 200));
              process.kill(child, 'SIGCONT');
              return { locked, loserMarked, status: row.status };
            })();
          }
          return true;
        },
      }),
    };
    const first = await runExportProcess({ ...ctx, io: onProgress as never }, jobId);
    expect(first).toBe('written');
    expect(await observed).toEqual({ locked: true, loserMarked: false, status: 'RUNNING' });
    expect(second).not.toBeNull();
    expect(await second).toBe('skipped');

    const row = await t.db
      .selectFrom('backgroundJobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'SUCCEEDED', processedRows: 20000, error: null });
    const body = await readFile(exportFileOf(t.config.UPLOAD_DIR, jobId), 'utf8');
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(20001);
    expect((await readdir(exportDirOf(t.config.UPLOAD_DIR))).filter((n) => n.endsWith('.part'))).toEqual([]);
    expect(await exportJobs.isExportRunLocked(t.db, jobId)).toBe(false);
  });

  it('a delivery that cannot get the run lock in time fails without touching the row', async () => {
    await newStudent();
    const { staff } = await admin();
    const jobId = await insertJob(staff.id);
    // Another live run: a session holding the export's run lock.
    await t.db.connection().execute(async (conn) => {
      expect(await exportJobs.tryLockExportRun(conn, jobId)).toBe(true);
      try {
        const ctx = { db: t.db, log, ...files(), io: silentIo };
        await expect(runStudentExport(ctx, jobId, { lockWaitMs: 300 })).rejects.toBeInstanceOf(
          ExportBusyError,
        );
        const row = await t.db
          .selectFrom('backgroundJobs')
          .select(['status', 'error'])
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'QUEUED', error: null });
      } finally {
        await exportJobs.unlockExportRun(conn, jobId);
      }
    });
    // The lock freed (the other run ended or died): the next delivery writes the file.
    expect(await runStudentExport({ db: t.db, log, ...files(), io: silentIo }, jobId)).toBe('written');
  });

  it('marks the job FAILED on its last attempt', async () => {
    const { staff } = await admin();
    const jobId = await insertJob(staff.id, { grade: 'not-a-uuid' });
    const ctx = { db: t.db, log, ...files(), io: silentIo };
    await expect(
      exportsHandlers['students.export']({ jobId }, fakeJob(4, 5), ctx as never),
    ).rejects.toThrow();
    const row = await t.db
      .selectFrom('backgroundJobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('FAILED');
    expect(row.error).toBeTruthy();
  });

  it('pushes progress to a socket client in the job room', async () => {
    for (let i = 0; i < 3; i += 1) {
      await newStudent();
    }
    const { staff, headers, accessToken } = await admin();
    const socket = await connectSocket(accessToken);
    // The job row exists before the room is joined; the worker runs it only once we enqueue it.
    const jobId = await insertJob(staff.id);
    expect(await socket.emitWithAck('room:join', `job:${jobId}`)).toEqual({ ok: true });
    const events: JobProgressEvent[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no SUCCEEDED event: ${JSON.stringify(events)}`)),
        10_000,
      );
      socket.on('job:progress', (event: JobProgressEvent) => {
        events.push(event);
        if (event.status === 'SUCCEEDED') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await t.queues.exports.add('students.export', { jobId }, { jobId });
    await done;
    expect(events[0]).toEqual({ jobId, status: 'RUNNING', progress: 0 });
    expect(events.at(-1)).toEqual({ jobId, status: 'SUCCEEDED', progress: 100 });
    expect((await finished(headers, jobId)).rows).toBe(3);
  });

  it('lets only the admin who started a job, or a Super Admin, join its room', async () => {
    const owner = await admin('exporter');
    const other = await admin('exporter');
    const superAdmin = await admin('super');
    const exportJob = await insertJob(owner.staff.id);
    const upload = await t.db
      .insertInto('backgroundJobs')
      .values({
        kind: 'STUDENT_BULK_UPLOAD',
        requestedBy: owner.staff.id,
        params: JSON.stringify({ rows: [] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = { ok: false, message: 'You cannot join this room' };
    const ownerSocket = await connectSocket(owner.accessToken);
    const otherSocket = await connectSocket(other.accessToken);
    const superSocket = await connectSocket(superAdmin.accessToken);
    for (const jobId of [exportJob, upload.id]) {
      expect(await ownerSocket.emitWithAck('room:join', `job:${jobId}`), jobId).toEqual({ ok: true });
      expect(await otherSocket.emitWithAck('room:join', `job:${jobId}`), jobId).toEqual(refused);
      expect(await superSocket.emitWithAck('room:join', `job:${jobId}`), jobId).toEqual({ ok: true });
    }
    // A job that does not exist, and a guest: nobody.
    const unknown = `job:${crypto.randomUUID()}`;
    expect(await superSocket.emitWithAck('room:join', unknown)).toEqual(refused);
    const guest = await connectSocket('');
    expect(await guest.emitWithAck('room:join', `job:${exportJob}`)).toEqual(refused);

    // Only the sockets in the room hear the job's progress.
    const heard: string[] = [];
    otherSocket.on('job:progress', () => heard.push('other'));
    const ownerHeard = new Promise<JobProgressEvent>((resolve) => ownerSocket.once('job:progress', resolve));
    t.app.io
      .to(`job:${exportJob}`)
      .emit('job:progress', { jobId: exportJob, status: 'RUNNING', progress: 7 });
    expect(await ownerHeard).toEqual({ jobId: exportJob, status: 'RUNNING', progress: 7 });
    expect(heard).toEqual([]);
  });
});
