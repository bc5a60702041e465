import { z } from 'zod';
import {
  BULK_UPLOAD_COLUMNS,
  type BulkUploadColumn,
  type BulkUploadConfirmBody,
  type BulkUploadPreview,
  type BulkUploadRun,
  type BulkUploadRunList,
} from '../../contracts/bulk-upload.js';

const columns = z.object(
  Object.fromEntries(BULK_UPLOAD_COLUMNS.map((c) => [c, z.string()])) as Record<
    BulkUploadColumn,
    z.ZodString
  >,
);

export const previewResponse = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  alreadyRegistered: z.number(),
  rows: z.array(
    z.object({
      row: z.number(),
      status: z.enum(['valid', 'invalid', 'alreadyRegistered']),
      fields: columns,
      errors: z.record(z.string(), z.string()),
    }),
  ),
}) satisfies z.ZodType<BulkUploadPreview>;

export const confirmBody = z.object({
  uploadId: z.uuid({ message: 'must be the id of a previewed upload' }),
  autoEmailVerified: z.boolean(),
  sendWelcome: z.boolean(),
}) satisfies z.ZodType<BulkUploadConfirmBody>;

export const runSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
  progress: z.number(),
  totalRows: z.number(),
  processedRows: z.number(),
  created: z.number(),
  skipped: z.number(),
  invalid: z.number(),
  autoEmailVerified: z.boolean(),
  sendWelcome: z.boolean(),
  requestedBy: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<BulkUploadRun>;

export const runListSchema = z.object({
  data: z.array(runSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
}) satisfies z.ZodType<BulkUploadRunList>;

export const idQuery = z.object({ id: z.uuid({ message: 'must be an upload id' }) });
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const templateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }).default('csv'),
});
