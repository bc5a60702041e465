import { fork } from 'node:child_process';
import { drawCertificate, runCertificates } from '@riyazi/api/certificates';
import { type JobProgressEvent, rooms } from '@riyazi/api/contracts';
import type { StorageSettings } from '@riyazi/api/storage';
import {
  exportKeyOf,
  exportJobs as jobs,
  studentFiltersSchema,
  writeStudentCsv,
} from '@riyazi/api/student-export';
import type { Job } from 'bullmq';
import type { Handlers, WorkerContext } from '../handlers.js';

export type ExportContext = Pick<WorkerContext, 'db' | 'io' | 'log' | 'storage'> & {
  /** Where the student rows are read (a read replica); the job's own row is always the primary's. */
  rowsDb?: WorkerContext['db'];
};

/** What the export process is told (over IPC, so the database URL never shows in `ps`). */
export interface ExportProcessRequest {
  jobId: string;
  databaseUrl: string;
  /** The read replica to read the rows from, when the read rules allowed it at the job's start. */
  rowsDatabaseUrl?: string;
  storage: StorageSettings;
  logLevel: string;
}

/** What the export process reports back. */
export type ExportProcessMessage =
  | { type: 'progress'; event: JobProgressEvent }
  | { type: 'done'; outcome: 'written' | 'skipped'; peakRssMb: number }
  | { type: 'failed'; message: string; busy: boolean };

/** Another run of the same export is alive and writing: this delivery leaves the row to it. */
export class ExportBusyError extends Error {
  constructor(jobId: string) {
    super(`another run of export ${jobId} is still writing`);
    this.name = 'ExportBusyError';
  }
}

/**
 * V8 lets garbage pile up to its heap limit before collecting it: an export streaming 100,000
 * rows through a long-lived process grows it by 40 MB or more. Its own process with a small old
 * space collects early, returns everything to the system when it ends, and keeps its work off the
 * event loop that scores answers. The working set is one page of rows, far below the limit.
 */
const EXPORT_PROCESS_HEAP_MB = 64;

function exportProcessEntry(): { file: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { file: new URL('./export-process.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { file: new URL('./export-process.mjs', import.meta.url), execArgv: [] };
}

/**
 * Runs the export of `jobId` in a child process (see export-process.ts), relaying its progress to
 * the job room. Resolves when the file is written (or the job was already done); rejects with the
 * child's error, or when it dies (killed, out of memory), so the job is retried or failed as usual.
 */
export function runExportProcess(
  ctx: ExportContext &
    Pick<WorkerContext, 'storageSettings'> & { databaseUrl: string; rowsDatabaseUrl?: string },
  jobId: string,
) {
  const { file, execArgv } = exportProcessEntry();
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${EXPORT_PROCESS_HEAP_MB}`, '--max-semi-space-size=2'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const request: ExportProcessRequest = {
    jobId,
    databaseUrl: ctx.databaseUrl,
    ...(ctx.rowsDatabaseUrl ? { rowsDatabaseUrl: ctx.rowsDatabaseUrl } : {}),
    storage: ctx.storageSettings,
    logLevel: ctx.log.level,
  };
  child.send(request);
  return new Promise<'written' | 'skipped'>((resolve, reject) => {
    let outcome: Extract<ExportProcessMessage, { type: 'done' }> | null = null;
    let failure: Extract<ExportProcessMessage, { type: 'failed' }> | null = null;
    child.on('message', (message: ExportProcessMessage) => {
      if (message.type === 'progress') {
        publish(ctx, message.event);
      } else if (message.type === 'done') {
        outcome = message;
      } else {
        failure = message;
      }
    });
    child.once('error', reject);
    // 'close', not 'exit': by then every message the child sent has been read.
    child.once('close', (code, signal) => {
      if (outcome && code === 0) {
        ctx.log.info({ jobId, peakRssMb: outcome.peakRssMb }, 'student export process finished');
        resolve(outcome.outcome);
      } else if (failure?.busy) {
        reject(new ExportBusyError(jobId));
      } else {
        reject(new Error(failure?.message ?? `the export process stopped (${signal ?? `exit ${code}`})`));
      }
    });
  });
}

function publish(ctx: ExportContext, event: JobProgressEvent) {
  ctx.io.to(rooms.job(event.jobId)).emit('job:progress', event);
}

/** Progress is written and pushed about every 2 %, not per page of a small export. */
const STEP_PERCENT = 2;

/** How long a delivery waits for another live run of the same export to end before it gives up. */
const RUN_LOCK_WAIT_MS = 30_000;
const RUN_LOCK_POLL_MS = 100;

async function waitForRunLock(conn: ExportContext['db'], jobId: string, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await jobs.tryLockExportRun(conn, jobId)) {
      return true;
    }
    if (Date.now() >= deadline) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, RUN_LOCK_POLL_MS));
  }
}

/**
 * Writes the CSV of background_jobs row `jobId`. Safe to run again: a retry starts the file over,
 * and a job already SUCCEEDED (or cancelled) is left alone. The whole run holds the export's run
 * lock on a connection of its own, so a second run of the same job waits until the first ends (or
 * dies) instead of writing beside it; it then finds the job done, or claims it afresh.
 */
export async function runStudentExport(
  ctx: ExportContext,
  jobId: string,
  options: { lockWaitMs?: number } = {},
): Promise<'written' | 'skipped'> {
  return ctx.db.connection().execute(async (conn) => {
    if (!(await waitForRunLock(conn, jobId, options.lockWaitMs ?? RUN_LOCK_WAIT_MS))) {
      throw new ExportBusyError(jobId);
    }
    try {
      return await writeExport({ ...ctx, db: conn }, jobId);
    } finally {
      await jobs.unlockExportRun(conn, jobId).catch((err: unknown) => {
        // A broken connection is closed by the pool, and its lock goes with it.
        ctx.log.warn({ err, jobId }, 'student export run lock not released');
      });
    }
  });
}

async function writeExport(ctx: ExportContext, jobId: string): Promise<'written' | 'skipped'> {
  const claim = await jobs.claimExportJob(ctx.db, jobId);
  if (claim !== 'claimed') {
    ctx.log.info({ jobId, claim }, 'student export not run');
    return 'skipped';
  }
  publish(ctx, { jobId, status: 'RUNNING', progress: 0 });
  const row = await jobs.findExportParams(ctx.db, jobId);
  const filters = studentFiltersSchema.parse(row?.params ?? {});
  const key = exportKeyOf(jobId);
  // What killed runs of this export left behind; the run lock makes this run the only writer.
  await ctx.storage.discardPartial(key);
  let published = 0;
  const started = Date.now();
  const result = await writeStudentCsv(
    ctx.rowsDb ?? ctx.db,
    filters,
    { storage: ctx.storage, key },
    {
      onTotal: (total) => jobs.setExportTotal(ctx.db, jobId, total),
      onPage: async ({ total, processed }) => {
        const progress = total === 0 ? 99 : Math.min(99, Math.floor((processed / total) * 100));
        if (progress - published >= STEP_PERCENT) {
          published = progress;
          await jobs.setExportProgress(ctx.db, jobId, processed, progress);
          publish(ctx, { jobId, status: 'RUNNING', progress });
        }
      },
    },
  );
  await jobs.markExportSucceeded(ctx.db, jobId, { ...result, filePath: key });
  publish(ctx, { jobId, status: 'SUCCEEDED', progress: 100 });
  ctx.log.info({ jobId, ...result, ms: Date.now() - started }, 'student export written');
  return 'written';
}

/**
 * The replica's address when the export may read its rows there (lib/read-routing.ts: usable, and
 * no student marked written since its position); undefined: the primary. A replica lost mid-export
 * fails the attempt, and the retry finds it out of use.
 */
async function exportRowsUrl(ctx: WorkerContext): Promise<string | undefined> {
  if (!ctx.readDatabaseUrl) {
    return undefined;
  }
  const { source } = await ctx.engine.reads.read(['students'], async () => null);
  return source === 'replica' ? ctx.readDatabaseUrl : undefined;
}

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

export const exportsHandlers: Handlers['exports'] = {
  // One batch of 100 rows and one PDF in memory at a time: runs in this process (bench: loadtest/README.md).
  'certificates.run': async ({ jobId }, _job, ctx) => {
    const result = await runCertificates(
      { db: ctx.db, storage: ctx.storage, publish: (event) => publish(ctx, event) },
      jobId,
    );
    ctx.log.info({ jobId, ...result }, 'certificate run finished');
  },
  'certificate.draw': async ({ certificateId, publicUrl }, _job, ctx) => {
    const result = await drawCertificate({ db: ctx.db, storage: ctx.storage }, certificateId, publicUrl);
    ctx.log.info({ certificateId, ...result }, 'certificate drawn');
  },
  'students.export': async ({ jobId }, job, ctx) => {
    try {
      const { databaseUrl } = ctx;
      const rowsDatabaseUrl = await exportRowsUrl(ctx);
      await (databaseUrl
        ? runExportProcess({ ...ctx, databaseUrl, rowsDatabaseUrl }, jobId)
        : runStudentExport(ctx, jobId));
    } catch (err) {
      // A live run owns the row; BullMQ tries this delivery again later, when it will find it done.
      if (err instanceof ExportBusyError) {
        ctx.log.warn({ jobId }, err.message);
        throw err;
      }
      const final = isLastAttempt(job);
      const message = err instanceof Error ? err.message : String(err);
      if (await jobs.markExportFailed(ctx.db, jobId, message, final)) {
        publish(ctx, { jobId, status: final ? 'FAILED' : 'QUEUED', progress: 0 });
      }
      throw err;
    }
  },
};
