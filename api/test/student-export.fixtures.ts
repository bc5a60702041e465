import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Action, Module, StudentExportJob } from '@riyazi/api/contracts';
import { createStorage, storageSettingsOf } from '@riyazi/api/storage';
import type { Job } from 'bullmq';
import { sql } from 'kysely';
import { pino } from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  bearer,
  connectedSocket,
  createTestContext,
  loginStaff,
  makeStaff,
  makeStudent,
  resetDatabase,
  type StudentValues,
  type TestContext,
} from '../../test/helpers.js';
import { type RunningWorkers, startWorkers } from '../../workers/src/runtime.js';

// Shared by the student-export-*.int.test.ts files: importing it registers their app and hooks.
export let t: TestContext;
export let workers: RunningWorkers;
export const log = pino({ level: 'silent' });
export const sockets: Socket[] = [];
// The test's local-disk storage (STORAGE_DRIVER=local), where the files are looked for below.
export const files = () => ({
  storage: createStorage(t.config),
  storageSettings: storageSettingsOf(t.config),
});
export const exportDirOf = (root: string) => path.resolve(root, 'exports');
export const exportFileOf = (root: string, jobId: string) => path.join(exportDirOf(root), `${jobId}.csv`);

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

export let seq = 0;
export const newStudent = (values: StudentValues = {}) => {
  seq += 1;
  return makeStudent(t.db, { fullName: `Student ${seq}`, emailVerified: false, ...values });
};

export const ROLES = {
  super: [],
  exporter: [
    ['student', 'read'],
    ['student', 'export'],
  ],
  reader: [['student', 'read']],
  exportOnly: [['student', 'export']],
  none: [['question', 'read']],
} as const satisfies Record<string, readonly (readonly [Module, Action])[]>;

export async function admin(role: keyof typeof ROLES = 'super') {
  const staff = await makeStaff(t.db, {
    superAdmin: role === 'super',
    permissions: ROLES[role].map(([m, a]): [Module, Action] => [m, a]),
  });
  const { accessToken } = await loginStaff(t.app, staff);
  return { staff, headers: bearer(accessToken), accessToken };
}

export type Headers = { authorization: string };

export const startExport = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/student/downloadStudentCSV${query}`, headers });

export async function finished(headers: Headers, id: string): Promise<StudentExportJob> {
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

export const download = (headers: Headers, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/exports/download/?id=${id}`, headers });

export async function exportCsv(headers: Headers, query = '') {
  const res = await startExport(headers, query);
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json<{ jobId: string }>();
  expect((await finished(headers, jobId)).status).toBe('SUCCEEDED');
  const file = await download(headers, jobId);
  expect(file.statusCode, file.body).toBe(200);
  return { jobId, file };
}

/** Splits CRLF records, keeping line breaks inside quoted cells. */
export function records(body: string): string[][] {
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
export function exportChildPid(): number {
  const out = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'export-process'], {
    encoding: 'utf8',
  });
  return Number(out.trim().split('\n')[0]);
}

export function fakeJob(attemptsMade: number, attempts = 5) {
  return { attemptsMade, opts: { attempts } } as unknown as Job<{ jobId: string }>;
}

export async function insertJob(staffId: string, params: Record<string, string> = {}) {
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

export const silentIo = { to: () => ({ emit: () => true }) } as never;

/** A socket.io client of the api, signed in with `token`. */
export async function connectSocket(token: string): Promise<Socket> {
  const socket = await connectedSocket(t.app, token);
  sockets.push(socket);
  return socket;
}
