// One student export in a process of its own, forked by runExportProcess (exports.ts): it is told
// the job over IPC, writes the file with runStudentExport, reports progress and its outcome back,
// and exits. It stops at once if the workers process goes away, leaving the job to be retried.
import { postgresLossReporter } from '@riyazi/api/connections';
import type { JobProgressEvent } from '@riyazi/api/contracts';
import { createStorage } from '@riyazi/api/storage';
import { createDb } from '@riyazi/db';
import { pino } from 'pino';
import { EXPORT_PROCESS_POOL_MAX } from '../connection-budget.js';
import {
  ExportBusyError,
  type ExportProcessMessage,
  type ExportProcessRequest,
  runStudentExport,
} from './exports.js';

function report(message: ExportProcessMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send?.(message, undefined, {}, () => resolve())) {
      resolve();
    }
  });
}

async function run(request: ExportProcessRequest): Promise<number> {
  const log = pino({ level: request.logLevel, base: { service: 'workers', process: 'export' } });
  const db = createDb({
    connectionString: request.databaseUrl,
    max: EXPORT_PROCESS_POOL_MAX,
    applicationName: 'riyazi-export',
    onConnectionError: postgresLossReporter('riyazi-export', log),
  });
  // The rows from the read replica when the workers chose it; the job's row stays on the primary.
  const rowsDb = request.rowsDatabaseUrl
    ? createDb({
        connectionString: request.rowsDatabaseUrl,
        max: 1,
        applicationName: 'riyazi-export-read',
        onConnectionError: postgresLossReporter('riyazi-export-read', log),
      })
    : undefined;
  const io = {
    to: () => ({
      emit: (_name: 'job:progress', event: JobProgressEvent) => {
        void report({ type: 'progress', event });
        return true;
      },
    }),
  } as never;
  try {
    const storage = createStorage(request.storage);
    const outcome = await runStudentExport({ db, io, log, storage, rowsDb }, request.jobId);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    await report({ type: 'done', outcome, peakRssMb });
    return 0;
  } catch (err) {
    log.error({ err, jobId: request.jobId }, 'student export failed');
    await report({
      type: 'failed',
      message: err instanceof Error ? err.message : String(err),
      busy: err instanceof ExportBusyError,
    });
    return 1;
  } finally {
    await rowsDb?.destroy();
    await db.destroy();
  }
}

if (!process.send) {
  console.error('export-process is started by the workers (runExportProcess), not by hand');
  process.exit(2);
}
process.once('disconnect', () => process.exit(1));
process.once('message', (request: ExportProcessRequest) => {
  void run(request).then((code) => process.exit(code));
});
