import type { Handlers } from '../handlers.js';

/** Student exports (issue #8): filled in by the export work. */
export const exportsHandlers: Handlers['exports'] = {
  'students.export': async ({ jobId }, _job, { log }) => {
    log.warn({ jobId }, 'student export is not built yet');
  },
};
