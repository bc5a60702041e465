import { recordFailure, runBulkUpload } from '@riyazi/api/bulk-upload';
import { type JobProgressEvent, rooms } from '@riyazi/api/contracts';
import type { Handlers } from '../handlers.js';

export const bulkUploadHandlers: Handlers['bulkUpload'] = {
  'students.bulkUpload': async ({ jobId }, job, { db, queues, io, log }) => {
    const deps = {
      db,
      queues,
      log,
      publish: (event: JobProgressEvent) => io.to(rooms.job(jobId)).emit('job:progress', event),
    };
    try {
      await runBulkUpload(deps, jobId);
    } catch (err) {
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await recordFailure(deps, jobId, final, err instanceof Error ? err.message : 'upload failed');
      throw err;
    }
  },
};
