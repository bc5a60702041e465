import type { Handlers } from '../handlers.js';

/** Bulk student uploads (issue #8): filled in by the bulk upload work. */
export const bulkUploadHandlers: Handlers['bulkUpload'] = {
  'students.bulkUpload': async ({ jobId }, _job, { log }) => {
    log.warn({ jobId }, 'bulk upload is not built yet');
  },
};
