import { type JobProgressEvent, rooms } from '@riyazi/api/contracts';
import {
  exportFileOf,
  exportJobs as jobs,
  removePartFiles,
  studentFiltersSchema,
  writeStudentCsv,
} from '@riyazi/api/student-export';
import type { Job } from 'bullmq';
import type { Handlers, WorkerContext } from '../handlers.js';

export type ExportContext = Pick<WorkerContext, 'db' | 'io' | 'log' | 'uploadDir'>;

function publish(ctx: ExportContext, event: JobProgressEvent) {
  ctx.io.to(rooms.job(event.jobId)).emit('job:progress', event);
}

/** Progress is written and pushed about every 2 %, not per page of a small export. */
const STEP_PERCENT = 2;

/**
 * Writes the CSV of background_jobs row `jobId`. Safe to run again: a retry starts the file over,
 * and a job already SUCCEEDED (or cancelled) is left alone.
 */
export async function runStudentExport(ctx: ExportContext, jobId: string): Promise<'written' | 'skipped'> {
  const claim = await jobs.claimExportJob(ctx.db, jobId);
  if (claim !== 'claimed') {
    ctx.log.info({ jobId, claim }, 'student export not run');
    return 'skipped';
  }
  publish(ctx, { jobId, status: 'RUNNING', progress: 0 });
  const row = await jobs.findExportParams(ctx.db, jobId);
  const filters = studentFiltersSchema.parse(row?.params ?? {});
  const file = exportFileOf(ctx.uploadDir, jobId);
  await removePartFiles(file);
  let published = 0;
  const started = Date.now();
  const result = await writeStudentCsv(ctx.db, filters, file, {
    onTotal: (total) => jobs.setExportTotal(ctx.db, jobId, total),
    onPage: async ({ total, processed }) => {
      const progress = total === 0 ? 99 : Math.min(99, Math.floor((processed / total) * 100));
      if (progress - published >= STEP_PERCENT) {
        published = progress;
        await jobs.setExportProgress(ctx.db, jobId, processed, progress);
        publish(ctx, { jobId, status: 'RUNNING', progress });
      }
    },
  });
  await jobs.markExportSucceeded(ctx.db, jobId, { ...result, filePath: file });
  publish(ctx, { jobId, status: 'SUCCEEDED', progress: 100 });
  ctx.log.info({ jobId, ...result, ms: Date.now() - started }, 'student export written');
  return 'written';
}

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

export const exportsHandlers: Handlers['exports'] = {
  'students.export': async ({ jobId }, job, ctx) => {
    try {
      await runStudentExport(ctx, jobId);
    } catch (err) {
      const final = isLastAttempt(job);
      await jobs.markExportFailed(ctx.db, jobId, err instanceof Error ? err.message : String(err), final);
      publish(ctx, { jobId, status: final ? 'FAILED' : 'QUEUED', progress: 0 });
      throw err;
    }
  },
};
