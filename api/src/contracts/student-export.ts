import type { ListPage } from './list-page.js';
import type { JobProgressEvent } from './socket.js';

/** Spec §8 toasts for the students CSV export. */
export const STUDENT_EXPORT_MESSAGES = {
  started: 'Exporting...',
  succeeded: 'Export completed successfully.',
  failed: 'Export failed. Please try again.',
} as const;

/** At most this many exports of one admin are queued or running at a time. */
export const MAX_RUNNING_EXPORTS = 3;
/** A finished export file can be downloaded for this long, then the hourly cleanup deletes it. */
export const EXPORT_TTL_HOURS = 24;

export type ExportStatus = JobProgressEvent['status'];

/** GET /student/downloadStudentCSV answers 202 with this at once; the file is written by a worker. */
export interface StudentExportStarted {
  jobId: string;
  message: typeof STUDENT_EXPORT_MESSAGES.started;
}

export interface StudentExportJob {
  _id: string;
  requestedBy: { _id: string; username: string; email: string } | null;
  /** The list filters the export was asked with, as sent (only the non-empty ones). */
  filters: Record<string, string>;
  status: ExportStatus;
  progress: number;
  totalRows: number | null;
  processedRows: number;
  /** Rows written, once SUCCEEDED. */
  rows: number | null;
  bytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  /** SUCCEEDED and not expired: GET /admin/exports/download/?id=_id serves the file. */
  downloadable: boolean;
}

export type StudentExportPage = ListPage<StudentExportJob>;
