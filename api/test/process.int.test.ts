import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeQueues, createQueues, enqueue } from '@riyazi/api/queue';
import { createRedis } from '@riyazi/api/redis';
import { createDb } from '@riyazi/db';
import { describe, expect, it } from 'vitest';
import { openStudentSessions } from '../../loadtest/src/student-tokens.js';
// @ts-expect-error: a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';
import { exited, freePort, startService as start, waitFor } from '../../test/processes.js';
import { testDatabaseUrl, testRedisPrefix } from '../../test/test-worker.js';
import { cleanPdf } from './pdf-fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Until the api on `port` answers /api/health/ready. */
const apiReady = (port: string) =>
  waitFor(
    `the api on :${port} to be ready`,
    async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok;
      } catch {
        return false;
      }
    },
    // A cold start from source (tsx) on a busy two-core machine takes 15–25 s.
    45_000,
  );

describe('processes', () => {
  it('api refuses to start with a bad variable and names it', async () => {
    const { child, output } = start('api/src/server.ts', { PORT: 'eighty' });
    expect(await exited(child)).toBe(1);
    expect(output()).toMatch(/PORT: /);
  });

  it('api refuses to start in production without its secrets', async () => {
    const { child, output } = start('api/src/server.ts', {
      NODE_ENV: 'production',
      JWT_SECRET: '',
      ENCRYPTION_KEY: '',
    });
    expect(await exited(child)).toBe(1);
    expect(output()).toMatch(/JWT_SECRET/);
  });

  it('api serves, then shuts down gracefully on SIGTERM', async () => {
    const port = String(await freePort());
    const { child, output } = start('api/src/server.ts', { PORT: port, HOST: '127.0.0.1' });
    await apiReady(port);
    await fetch(`http://127.0.0.1:${port}/api/contestPhase/active`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    await waitFor('the request id in the log', () => output().includes('"reqId":"trace-42"'), 5000);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(output()).toMatch(/shutting down/);
  }, 120_000);

  it('workers start, then shut down gracefully on SIGTERM', async () => {
    const { child, output } = start('workers/src/main.ts', {});
    await waitFor('the workers to start', () => output().includes('workers started'), 45_000);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  }, 120_000);

  it('the bundles npm start runs serve, the bundled workers write an export and the bundled api checks a PDF, each in their own process', async () => {
    await buildServer();
    expect(existsSync(path.join(root, 'workers/dist/export-process.mjs'))).toBe(true);
    expect(existsSync(path.join(root, 'api/dist/pdf-process.mjs'))).toBe(true);
    const uploadDir = await mkdtemp(path.join(tmpdir(), 'riyazi-bundle-'));
    const port = String(await freePort());
    const jwtSecret = 'bundle-test-secret-of-at-least-32-characters';
    const api = start('api/dist/server.mjs', {
      PORT: port,
      HOST: '127.0.0.1',
      UPLOAD_DIR: uploadDir,
      JWT_SECRET: jwtSecret,
    });
    const workers = start('workers/dist/main.mjs', { UPLOAD_DIR: uploadDir });
    const db = createDb({ connectionString: testDatabaseUrl(), max: 2 });
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'bundle-test');
    const queues = createQueues(redis, testRedisPrefix());
    try {
      await apiReady(port);
      await waitFor(
        'the workers bundle to start',
        () => workers.output().includes('workers started'),
        45_000,
      );
      const student = await db
        .insertInto('students')
        .values({ fullName: 'Bundle Student', email: `bundle-${port}@example.com`, passwordHash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const job = await db
        .insertInto('backgroundJobs')
        .values({
          kind: 'STUDENT_EXPORT',
          params: JSON.stringify({ fullName: 'Bundle Student' }),
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueue(queues, 'exports', 'students.export', { jobId: job.id }, { jobId: job.id });
      const status = await waitFor(
        'the export to end',
        async () => {
          const row = await db
            .selectFrom('backgroundJobs')
            .select('status')
            .where('id', '=', job.id)
            .executeTakeFirstOrThrow();
          return row.status === 'SUCCEEDED' || row.status === 'FAILED' ? row.status : false;
        },
        45_000,
      );
      expect(status, workers.output()).toBe('SUCCEEDED');
      // The export process marks the job done, then reports back; the workers log it when it exits.
      await waitFor('the export process to report back', () =>
        workers.output().includes('student export process finished'),
      );
      const csv = await readFile(path.join(uploadDir, 'exports', `${job.id}.csv`), 'utf8');
      expect(csv).toContain('Bundle Student');
      const form = new FormData();
      form.append('kind', 'B_FORM');
      form.append('file', new Blob([cleanPdf()], { type: 'application/pdf' }), 'b-form.pdf');
      const [token] = await openStudentSessions(db, jwtSecret, [student.id]);
      const upload = await fetch(`http://127.0.0.1:${port}/api/student/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(upload.status, `${await upload.clone().text()}\n${api.output()}`).toBe(201);
      await db.deleteFrom('studentDocuments').where('studentId', '=', student.id).execute();
      await db.deleteFrom('backgroundJobs').where('id', '=', job.id).execute();
      await db.deleteFrom('students').where('id', '=', student.id).execute();
    } finally {
      api.child.kill('SIGTERM');
      workers.child.kill('SIGTERM');
      expect(await exited(api.child), api.output()).toBe(0);
      expect(await exited(workers.child), workers.output()).toBe(0);
      await closeQueues(queues);
      redis.disconnect();
      await db.destroy();
      await rm(uploadDir, { recursive: true, force: true });
    }
  }, 120_000);
});
