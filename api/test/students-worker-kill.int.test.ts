import { type ChildProcess, execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { fileForm, loginStaff, makeGrade, makeStaff, useTestContext } from '../../test/helpers.js';
import { exited, type ServiceProcess, startService, waitFor } from '../../test/processes.js';

const exportDirOf = (root: string) => path.resolve(root, 'exports');
const exportFileOf = (root: string, jobId: string) => path.join(exportDirOf(root), `${jobId}.csv`);

// The workers run as `npm start` runs them: a process of their own, here killed with SIGKILL mid-job
// (no shutdown hook runs, nothing is cleaned up) and replaced by a fresh one.

const t = useTestContext({ resetEachTest: true });
const running: ChildProcess[] = [];

async function startedWorkers(): Promise<ServiceProcess> {
  const workers = startService('workers/src/main.ts', { UPLOAD_DIR: t.config.UPLOAD_DIR });
  running.push(workers.child);
  await waitFor('workers started', () => workers.output().includes('workers started'), 30_000);
  return workers;
}

async function killHard(workers: ServiceProcess) {
  workers.child.kill('SIGKILL');
  await exited(workers.child);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
  }
});

const jobRow = (id: string) =>
  t.db
    .selectFrom('backgroundJobs')
    .select(['status', 'processedRows', 'totalRows', 'result', 'error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function superAdmin() {
  const staff = await makeStaff(t.db, { superAdmin: true });
  return { authorization: `Bearer ${(await loginStaff(t.app, staff)).accessToken}` };
}

const multipart = (csv: string) => fileForm('school.csv', csv, 'text/csv');

describe('a workers process killed mid-job', () => {
  it('a bulk upload resumes in a new workers process and creates every student exactly once', async () => {
    const headers = await superAdmin();
    await makeGrade(t.db, 3);
    const total = 10_000;
    const csv = Papa.unparse({
      fields: ['fullName', 'email', 'grade', 'city'],
      data: Array.from({ length: total }, (_, i) => [
        `Student ${i + 1}`,
        `kid${i + 1}@school.pk`,
        'Grade 3',
        'Lahore',
      ]),
    });
    const form = multipart(csv);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bulkUpload/preview/',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { uploadId, valid } = preview.json<{ uploadId: string; valid: number }>();
    expect(valid).toBe(total);

    const first = await startedWorkers();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bulkUpload/confirm/',
      headers,
      payload: { uploadId, autoEmailVerified: true, sendWelcome: false },
    });
    expect(confirm.statusCode, confirm.body).toBe(202);
    // Killed as soon as some batches are committed and others are not.
    const atKill = await waitFor(
      'the upload to be under way',
      async () => {
        const row = await jobRow(uploadId);
        return row.processedRows > 0 && row.processedRows < total ? row : false;
      },
      60_000,
    );
    await killHard(first);
    const afterKill = await jobRow(uploadId);
    expect(afterKill.status).toBe('RUNNING');
    expect(afterKill.processedRows).toBeLessThan(total);

    await startedWorkers();
    const done = await waitFor(
      'the upload to finish in the new process',
      async () => {
        const row = await jobRow(uploadId);
        return row.status === 'SUCCEEDED' || row.status === 'FAILED' ? row : false;
      },
      90_000,
    );
    expect(done, done.error ?? '').toMatchObject({ status: 'SUCCEEDED', processedRows: total });
    expect(atKill.processedRows).toBeGreaterThan(0);

    const counts = await sql<{ students: number; emails: number }>`
      SELECT count(*)::int AS students, count(DISTINCT lower(email))::int AS emails
      FROM students WHERE registered_through_bulk`.execute(t.db);
    expect(counts.rows[0]).toEqual({ students: total, emails: total });
    const result = done.result as { created: number; skipped: number; createdRows: number[] };
    expect(result.created).toBe(total);
    expect(result.skipped).toBe(0);
    expect(new Set(result.createdRows).size).toBe(total);
  }, 180_000);

  it('an export is written by a new workers process: one complete file, no leftovers', async () => {
    const total = 60_000;
    await sql`
      INSERT INTO students (full_name, email, password_hash, short_description)
      SELECT 'Kill ' || n, 'kill-export-' || n || '@example.com', 'x', 'BATCH-' || (n % 7)
      FROM generate_series(1, ${total}) n`.execute(t.db);
    const headers = await superAdmin();
    const first = await startedWorkers();
    const started = await t.app.inject({ method: 'GET', url: '/api/student/downloadStudentCSV', headers });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json<{ jobId: string }>();

    await waitFor(
      'the export to be under way',
      async () => {
        const row = await jobRow(jobId);
        return row.status === 'RUNNING' && row.processedRows > 0 && row.processedRows < total ? row : false;
      },
      60_000,
    );
    // The export process the killed workers forked notices its parent is gone and stops too.
    const exportPid = Number(
      execFileSync('pgrep', ['-P', String(first.child.pid), '-f', 'export-process'], { encoding: 'utf8' })
        .trim()
        .split('\n')[0],
    );
    expect(exportPid).toBeGreaterThan(0);
    await killHard(first);
    await waitFor('the orphaned export process to stop', () => !isAlive(exportPid), 10_000);
    expect((await jobRow(jobId)).status).toBe('RUNNING');

    await startedWorkers();
    const done = await waitFor(
      'the export to finish in the new process',
      async () => {
        const row = await jobRow(jobId);
        return row.status === 'SUCCEEDED' || row.status === 'FAILED' ? row : false;
      },
      90_000,
    );
    expect(done, done.error ?? '').toMatchObject({ status: 'SUCCEEDED', processedRows: total });
    const body = await readFile(exportFileOf(t.config.UPLOAD_DIR, jobId), 'utf8');
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(total + 1);
    expect(new Set(lines).size).toBe(total + 1);
    expect(lines[1]).toMatch(/^\d+,Kill 1,/);
    expect(lines.at(-1)).toMatch(new RegExp(`^\\d+,Kill ${total},`));
    const leftovers = (await readdir(exportDirOf(t.config.UPLOAD_DIR))).filter(
      (name) => name.startsWith(jobId) && name.endsWith('.part'),
    );
    expect(leftovers).toEqual([]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/exports/download/?id=${jobId}`,
      headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(body);
  }, 180_000);
});
