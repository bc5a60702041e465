import type { ListPage } from './list-page.js';
/** Bulk student upload: limits, template columns and the answers of /admin/bulkUpload/*. */
export const BULK_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const BULK_UPLOAD_MAX_ROWS = 20_000;

export const BULK_UPLOAD_COLUMNS = [
  'fullName',
  'fatherName',
  'email',
  'phone',
  'gender',
  'grade',
  'city',
  'schoolName',
  'referralSource',
  'batchId',
] as const;
export type BulkUploadColumn = (typeof BULK_UPLOAD_COLUMNS)[number];

/** The template's example student: never a real or demo account; uploaded as is, it is refused by name. */
export const BULK_UPLOAD_EXAMPLE_EMAIL = 'example.student@example.com';

export type BulkRowStatus = 'valid' | 'invalid' | 'alreadyRegistered';

export interface BulkUploadPreviewRow {
  /** As the spreadsheet shows it: the header is row 1. */
  row: number;
  status: BulkRowStatus;
  /** The cells as read (trimmed), by column. */
  fields: Record<BulkUploadColumn, string>;
  /** Problem per column, e.g. { email: 'must be a valid e-mail address' }. */
  errors: Record<string, string>;
}

export interface BulkUploadPreview {
  uploadId: string;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  alreadyRegistered: number;
  /** The first rows and every invalid one, in file order. */
  rows: BulkUploadPreviewRow[];
}

export interface BulkUploadConfirmBody {
  uploadId: string;
  /** The school vouches for the addresses: accounts start with a verified e-mail. */
  autoEmailVerified: boolean;
  /** A welcome e-mail with a link to set a password goes to every created student. */
  sendWelcome: boolean;
}

export type BulkRunStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export interface BulkUploadRun {
  id: string;
  fileName: string;
  status: BulkRunStatus;
  progress: number;
  totalRows: number;
  processedRows: number;
  created: number;
  skipped: number;
  invalid: number;
  autoEmailVerified: boolean;
  sendWelcome: boolean;
  requestedBy: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export type BulkUploadRunList = ListPage<BulkUploadRun>;
