import type { StaffIdentity } from '#modules/staff-auth';
import type { StudentFilters } from '#modules/students';
import type { AppContext } from '../../context.js';
import { DEFAULT_JOB_OPTIONS } from '../../contracts/jobs.js';
import {
  MAX_RUNNING_EXPORTS,
  STUDENT_EXPORT_MESSAGES,
  type StudentExportJob,
  type StudentExportPage,
  type StudentExportStarted,
} from '../../contracts/student-export.js';
import { HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { pakistanDay } from '../../lib/time.js';
import { enqueue } from '../../queue/queues.js';
import { exportKeyOf } from './student-export.files.js';
import * as repo from './student-export.repository.js';
import type { ExportListQuery } from './student-export.schemas.js';

/** The filters as the list sends them (strings, only the set ones): what the worker parses again. */
export function filtersToParams(filters: StudentFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

export async function startStudentExport(
  ctx: Pick<AppContext, 'db' | 'queues'>,
  staff: StaffIdentity,
  filters: StudentFilters,
): Promise<StudentExportStarted> {
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockRequester(trx, staff.id);
    if ((await repo.countActiveExports(trx, staff.id)) >= MAX_RUNNING_EXPORTS) {
      throw tooManyRequests(
        `You already have ${MAX_RUNNING_EXPORTS} exports in progress. Please wait for one to finish.`,
      );
    }
    return repo.insertExportJob(trx, staff.id, filtersToParams(filters));
  });
  // A lost add() (crash right here) is redone by the workers' sweep of old QUEUED rows.
  await enqueue(ctx.queues, 'exports', 'students.export', { jobId }, { ...DEFAULT_JOB_OPTIONS, jobId });
  return { jobId, message: STUDENT_EXPORT_MESSAGES.started };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const isExpired = (row: repo.ExportJobRow) =>
  row.expiresAt !== null && new Date(row.expiresAt).getTime() <= Date.now();

function resultOf(value: unknown): { rows: number | null; bytes: number | null } {
  const r = (value ?? {}) as { rows?: unknown; bytes?: unknown };
  return {
    rows: typeof r.rows === 'number' ? r.rows : null,
    bytes: typeof r.bytes === 'number' ? r.bytes : null,
  };
}

function toJob(row: repo.ExportJobRow): StudentExportJob {
  const params = row.params && typeof row.params === 'object' && !Array.isArray(row.params) ? row.params : {};
  return {
    _id: row.id,
    requestedBy:
      row.requestedBy === null
        ? null
        : { _id: row.requestedBy, username: row.username ?? '', email: row.email ?? '' },
    filters: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    status: row.status,
    progress: row.progress,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    ...resultOf(row.result),
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: iso(row.expiresAt),
    downloadable: row.status === 'SUCCEEDED' && row.filePath !== null && !isExpired(row),
  };
}

const canSee = (staff: StaffIdentity, row: repo.ExportJobRow) =>
  staff.isSuperAdmin || row.requestedBy === staff.id;

export async function listExports(
  ctx: Pick<AppContext, 'db'>,
  staff: StaffIdentity,
  query: ExportListQuery,
): Promise<StudentExportPage> {
  const { rows, total } = await repo.listExportJobs(
    ctx.db,
    staff.isSuperAdmin ? null : staff.id,
    query.limit,
    (query.page - 1) * query.limit,
  );
  return {
    data: rows.map(toJob),
    total,
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    itemsPerPage: query.limit,
  };
}

/** Someone else's export is "not found" (not 403), so ids cannot be probed. */
async function visibleJob(ctx: Pick<AppContext, 'db'>, staff: StaffIdentity, id: string) {
  const row = await repo.findExportJob(ctx.db, id);
  if (!row || !canSee(staff, row)) {
    throw notFound('Export not found');
  }
  return row;
}

export async function exportStatus(ctx: Pick<AppContext, 'db'>, staff: StaffIdentity, id: string) {
  return toJob(await visibleJob(ctx, staff, id));
}

const gone = () => new HttpError(410, 'This export has expired. Please export again.');

/** The finished file to stream, and its download name (students-<day in Pakistan>.csv). */
export async function exportDownload(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  staff: StaffIdentity,
  id: string,
) {
  const row = await visibleJob(ctx, staff, id);
  if (row.status !== 'SUCCEEDED') {
    throw new HttpError(409, 'This export is not finished yet');
  }
  if (isExpired(row) || row.filePath === null) {
    throw gone();
  }
  const file = await ctx.storage.get(exportKeyOf(row.id));
  if (!file) {
    throw gone();
  }
  const day = pakistanDay(row.createdAt);
  return { stream: file.body, size: file.size, filename: `students-${day}.csv` };
}
