import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobProgressEvent } from '@riyazi/api/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { catchUpReplica, openTestReplica } from '../../test/replica.js';
import { testReplicaUrl } from '../../test/test-worker.js';
import {
  ExportBusyError,
  exportsHandlers,
  runExportProcess,
  runStudentExport,
} from '../../workers/src/processors/exports.js';
import * as exportJobs from '../src/modules/student-export/student-export.repository.js';
import {
  admin,
  connectSocket,
  exportChildPid,
  exportDirOf,
  exportFileOf,
  fakeJob,
  files,
  finished,
  insertJob,
  log,
  newStudent,
  silentIo,
  t,
} from './student-export.fixtures.js';

describe('student CSV export', () => {
  it('a job killed mid-way and retried leaves one complete file, no partial files and one SUCCEEDED row', async () => {
    for (let i = 0; i < 5; i += 1) {
      await newStudent();
    }
    const { staff } = await admin();
    const jobId = await insertJob(staff.id);
    const ctx = { db: t.db, log, ...files() };
    // A stale half-written file from a killed run, and a first attempt that dies while writing.
    const file = exportFileOf(t.config.UPLOAD_DIR, jobId);
    // This file's first test: no export has made the directory yet.
    await mkdir(path.dirname(file), { recursive: true });
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

  it('an export process told of a read replica reads the rows there and its job on the primary', async () => {
    const replica = openTestReplica();
    try {
      await newStudent();
      await catchUpReplica(t.db, replica);
      // Written after the replica's copy: only the primary has them.
      const late = await newStudent({ fullName: 'Late Comer' });
      const { staff } = await admin();
      const jobId = await insertJob(staff.id);
      const onReplica = Number(
        (
          await replica
            .selectFrom('students')
            .select(({ fn }) => fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      await runExportProcess(
        {
          db: t.db,
          log,
          io: silentIo,
          ...files(),
          databaseUrl: t.config.DATABASE_URL,
          rowsDatabaseUrl: testReplicaUrl(),
        },
        jobId,
      );
      const body = await readFile(exportFileOf(t.config.UPLOAD_DIR, jobId), 'utf8');
      expect(body.split('\r\n').filter(Boolean)).toHaveLength(onReplica + 1);
      expect(body).not.toContain(late.fullName);
      const row = await t.db
        .selectFrom('backgroundJobs')
        .select('status')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('SUCCEEDED');
    } finally {
      await replica.destroy();
    }
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
