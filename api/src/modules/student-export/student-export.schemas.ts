import { z } from 'zod';
import { studentFiltersSchema } from '#modules/students';
import type {
  StudentExportJob,
  StudentExportPage,
  StudentExportStarted,
} from '../../contracts/student-export.js';
import { limitParam, pageParam } from '../../lib/schemas.js';

export const exportQuery = studentFiltersSchema;

export const exportStartedSchema = z.object({ jobId: z.string(), message: z.literal('Exporting...') });

const status = z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);

export const exportJobSchema = z.object({
  _id: z.string(),
  requestedBy: z.object({ _id: z.string(), username: z.string(), email: z.string() }).nullable(),
  filters: z.record(z.string(), z.string()),
  status,
  progress: z.number(),
  totalRows: z.number().nullable(),
  processedRows: z.number(),
  rows: z.number().nullable(),
  bytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadable: z.boolean(),
});

export const exportPageSchema = z.object({
  data: z.array(exportJobSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

export const exportListQuery = z.object({
  page: pageParam,
  limit: limitParam(100, 20),
});
export type ExportListQuery = z.output<typeof exportListQuery>;

export const exportIdQuery = z.object({ id: z.uuid({ message: 'must be an export id' }) });

// The shapes the client imports from the contracts must stay the ones these schemas send.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameJob: Same<z.output<typeof exportJobSchema>, StudentExportJob> = true;
const samePage: Same<z.output<typeof exportPageSchema>, StudentExportPage> = true;
const sameStarted: Same<z.output<typeof exportStartedSchema>, StudentExportStarted> = true;
void [sameJob, samePage, sameStarted];
