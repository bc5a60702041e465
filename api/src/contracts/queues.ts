import type { QueueName } from './jobs.js';

// Types and words only: the contracts reach the client's entry chunk, so no zod here (the route
// keeps its response schema).

/** What each job queue does, in the words staff read on the back office's queue page. */
export const QUEUE_PURPOSES = {
  scoring: 'Scores contest answers and finished plays',
  ranking: 'Recomputes the live boards and standings',
  broadcast: 'Tells every node about changed settings and champions',
  mail: 'Sends e-mails (confirmations, password resets, qualifiers)',
  exports: 'Writes student export files',
  bulkUpload: 'Creates students from uploaded spreadsheets',
  integrity: 'Looks for results that look impossible (integrity signals)',
} as const satisfies Record<QueueName, string>;

export interface QueueSummary {
  name: QueueName;
  purpose: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** GET /api/admin/queues-summary */
export interface QueueSummaryList {
  data: QueueSummary[];
}
